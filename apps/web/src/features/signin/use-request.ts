import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { asError } from '../../api/http.ts';

/**
 * The two request shapes the sign-in screens need, without a query library (they must stay
 * light): `useLoad` reads once when the screen opens; `useAction` sends when the user acts.
 */
type Outcome<T> = { status: 'idle' } | { status: 'pending' } | { status: 'success'; data: T } | { status: 'error'; error: Error };

function view<T>(outcome: Outcome<T>) {
  return {
    isIdle: outcome.status === 'idle',
    isPending: outcome.status === 'pending',
    isSuccess: outcome.status === 'success',
    isError: outcome.status === 'error',
    data: outcome.status === 'success' ? outcome.data : undefined,
    error: outcome.status === 'error' ? outcome.error : undefined,
  };
}

/** Reads `load` when the screen opens (and when `key` changes); a screen left meanwhile cancels it. */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [result, setResult] = useState<{ key: string; outcome: Outcome<T> }>();
  const read = useEffectEvent(load);
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (data) => setResult({ key, outcome: { status: 'success', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, outcome: { status: 'error', error: asError(error) } });
      },
    );
    return () => controller.abort();
  }, [key]);
  return view(result?.key === key ? result.outcome : { status: 'pending' });
}

/** Sends `act` when asked (`run`); a second `run` while one is under way is ignored. */
export function useAction<V, T>(act: (variables: V) => Promise<T>, onSuccess?: (data: T) => void) {
  const [outcome, setOutcome] = useState<Outcome<T>>({ status: 'idle' });
  const [variables, setVariables] = useState<V>();
  const running = useRef(false);
  function run(input: V) {
    if (running.current) return;
    running.current = true;
    setVariables(input);
    setOutcome({ status: 'pending' });
    act(input).then(
      (data) => {
        running.current = false;
        setOutcome({ status: 'success', data });
        onSuccess?.(data);
      },
      (error: unknown) => {
        running.current = false;
        setOutcome({ status: 'error', error: asError(error) });
      },
    );
  }
  return { ...view(outcome), variables, run };
}
