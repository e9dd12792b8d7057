import { useEffect, useState } from 'react';

/** Seconds left until a resend is allowed; `restart(n)` starts a new countdown of n seconds. */
export function useCountdown(initialSeconds: number): { secondsLeft: number; restart: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  return {
    secondsLeft,
    restart: (seconds) => {
      const started = Date.now();
      setNow(started);
      setEndsAt(started + seconds * 1000);
    },
  };
}
