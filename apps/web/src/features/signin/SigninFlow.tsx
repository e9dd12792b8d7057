import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASE_PATH, COMMERCE_ERRORS, ROUTES, SESSION_ERRORS, type InteractionStep } from '@portal/contracts';
import { ApiError } from '../../api/http.ts';
import { startSignIn } from '../../auth/session.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { Button, Outcome, Spinner } from './controls.tsx';
import { confirmGrant, interactionDetails } from './interaction-api.ts';
import { LoginForm } from './LoginForm.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { useAction, useLoad } from './use-request.ts';

/**
 * The code step (two-factor, the sign-up OTP) loads when a sign-in reaches it: most sign-ins
 * never do, and the first screen stays within its size budget.
 */
const VerifyCodeForm = lazy(() => import('./VerifyCodeForm.tsx').then((module) => ({ default: module.VerifyCodeForm })));
/** The passkey a "passkey only" policy requires, registered during the sign-in: rarer still, loaded likewise. */
const PasskeyEnrolmentForm = lazy(() => import('./PasskeyEnrolmentForm.tsx').then((module) => ({ default: module.PasskeyEnrolmentForm })));

/**
 * The provider stopped a service app's sign-in: the unit's pack, its access or the user's grant
 * (read from the catalogue's areas, not ERROR_CATALOGUE: the sign-in's bundle carries these alone).
 */
const SERVICE_REFUSALS = new Set<number>([
  SESSION_ERRORS['service.expired'].code,
  ...(['service.not_bought', 'service.access_off', 'service.no_permission'] as const).map((key) => COMMERCE_ERRORS[key].code),
]);

type VerifyStep = Extract<InteractionStep, { status: 'verify' }>;
type View =
  | { kind: 'login' }
  | { kind: 'sign-up' }
  | { kind: 'forgot' }
  | { kind: 'verify'; step: VerifyStep }
  | { kind: 'new-password'; username: string }
  | { kind: 'register-passkey'; username: string };

/** The sign-in screens of one provider interaction: login, sign-up, forgot password, codes. */
export function SigninFlow({ uid }: { uid: string }) {
  const { t } = useTranslation('signin');
  const [view, setView] = useState<View>({ kind: 'login' });
  const details = useLoad(uid, (signal) => interactionDetails(uid, signal));
  const consent = useAction(() => confirmGrant(uid), (step) => onStep(step));

  const needsConsent = details.data?.prompt === 'consent';
  const { run: confirm, isIdle: consentIdle } = consent;
  useEffect(() => {
    if (needsConsent && consentIdle) confirm(undefined);
  }, [needsConsent, consentIdle, confirm]);

  function onStep(step: InteractionStep) {
    if (step.status === 'done') window.location.assign(step.redirectTo);
    else if (step.status === 'new_password') setView({ kind: 'new-password', username: step.username });
    else if (step.status === 'register_passkey') setView({ kind: 'register-passkey', username: step.username });
    else setView({ kind: 'verify', step });
  }
  const toLogin = () => setView({ kind: 'login' });

  if (details.error instanceof ApiError && SERVICE_REFUSALS.has(details.error.errorCode ?? 0)) {
    return (
      <Outcome status="warning" title={t('serviceRefused')} text={details.error.message}>
        <a className="auth-button auth-button-primary" href={`${BASE_PATH}${ROUTES.home}`}>
          {t('backToPortal')}
        </a>
      </Outcome>
    );
  }
  if (details.isError || consent.isError) {
    return (
      <Outcome status="warning" title={t('failed')} text={(details.error ?? consent.error)?.message}>
        <Button onClick={() => void startSignIn()}>{t('restart')}</Button>
      </Outcome>
    );
  }
  if (!details.data || needsConsent) return <Spinner label={t('completing')} />;

  switch (view.kind) {
    case 'sign-up':
      return <SignUpForm uid={uid} onStep={onStep} onBack={toLogin} />;
    case 'forgot':
      return <ForgotPasswordForm onBack={toLogin} />;
    case 'new-password':
      return <NewPasswordForm uid={uid} username={view.username} onStep={onStep} />;
    case 'register-passkey':
      return (
        <Suspense fallback={<Spinner label={t('completing')} />}>
          <PasskeyEnrolmentForm uid={uid} username={view.username} onStep={onStep} />
        </Suspense>
      );
    case 'verify':
      return (
        <Suspense fallback={<Spinner label={t('completing')} />}>
          <VerifyCodeForm uid={uid} step={view.step} onStep={onStep} onBack={toLogin} />
        </Suspense>
      );
    default:
      return (
        <LoginForm
          uid={uid}
          loginHint={details.data.loginHint}
          onStep={onStep}
          onForgot={() => setView({ kind: 'forgot' })}
          onSignUp={() => setView({ kind: 'sign-up' })}
        />
      );
  }
}
