import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InteractionStep } from '@portal/contracts';
import { asError } from '../../api/http.ts';
import { signInWithPasskey } from './passkey-signin.ts';
import { autofillSupported, cancelCeremony, CeremonyError, isAborted, webauthnSupported } from '../../shared/webauthn.ts';

/**
 * Passkey sign-in beside the password form (loaded after the form, with its own phrases and the
 * WebAuthn package, to keep the sign-in screen's first download small): the button, and the
 * username field's autofill (`autocomplete="username webauthn"`), offered from the moment the
 * screen opens when the browser supports it and given up when the user presses the button or
 * sends the password (the form it sits in).
 */
export default function PasskeySignin(props: {
  uid: string;
  /** The interaction endpoints' base (interaction-api.ts, which the sign-in chunk keeps to itself). */
  base: string;
  onStep: (step: InteractionStep) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('passkeys');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const autofill = useRef<AbortController | null>(null);
  const root = useRef<HTMLDivElement>(null);

  function busy(value: boolean) {
    setPending(value);
    props.onBusy(value);
  }

  function run(withAutofill: boolean, signal?: AbortSignal) {
    signInWithPasskey(props.base, props.uid, withAutofill, signal).then(
      (step) => {
        busy(true); // until the next step or the app opens
        props.onStep(step);
      },
      (failure: unknown) => {
        if (isAborted(failure)) return;
        busy(false);
        setError(failure instanceof CeremonyError ? t(`failure.${failure.failure}`) : asError(failure).message);
        void offerAutofill();
      },
    );
  }

  async function offerAutofill() {
    if (!(await autofillSupported())) return;
    autofill.current?.abort();
    const controller = new AbortController();
    autofill.current = controller;
    // Given up, the browser's request ends at once: a passkey that turns up meanwhile (the user
    // pressed the button) must not complete this ceremony beside the button's.
    controller.signal.addEventListener('abort', () => void cancelCeremony(), { once: true });
    run(true, controller.signal);
  }
  const opened = useEffectEvent(() => void offerAutofill());

  useEffect(() => {
    opened();
    const stop = () => {
      autofill.current?.abort();
      setError(undefined);
      void cancelCeremony();
    };
    const form = root.current?.closest('form');
    form?.addEventListener('submit', stop);
    return () => {
      form?.removeEventListener('submit', stop);
      autofill.current?.abort();
      void cancelCeremony();
    };
  }, [props.uid]);

  if (!webauthnSupported()) return null;
  // The markup of controls.tsx's ErrorAlert and Button, written out: importing them from this
  // lazy chunk would split the sign-in screen's chunks and cost its first download.
  return (
    <div ref={root} className="auth-back">
      {error && (
        <div className="auth-alert" role="alert">
          {error}
        </div>
      )}
      <button
        type="button"
        className="auth-button auth-button-default auth-button-block"
        aria-busy={pending || undefined}
        onClick={() => {
          // The button's ceremony ends the autofill's (the package keeps one at a time).
          autofill.current?.abort();
          setError(undefined);
          busy(true);
          run(false);
        }}
      >
        {pending && <span className="auth-spinner auth-spinner-small" aria-hidden="true" />}
        {t('signin.button')}
      </button>
    </div>
  );
}
