import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_RULE, RECOVERY_CODE_RULE, SESSION_ERRORS, VERIFICATION_CODE_RULE, type CodeSent, type InteractionStep } from '@portal/contracts';
import { ApiError, asError } from '../../api/http.ts';
import { CodeInput } from '../../shared/CodeInput.tsx';
import { ResendButton } from '../../shared/ResendButton.tsx';
import { Button, ErrorAlert, Field, Heading, TextInput } from './controls.tsx';
import { resendTwoFactor, resendSignUp, submitTwoFactor, verifySignUp } from './interaction-api.ts';
import { useAction } from './use-request.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

type VerifyStep = Extract<InteractionStep, { status: 'verify' }>;
/** Which code is asked: the authenticator app's, the e-mailed one, or a recovery code. */
type Mode = 'app' | 'email' | 'recovery';

/** A wrong or expired code: said at the field, where it is typed again (a lockout is not). */
const WRONG_CODE = SESSION_ERRORS['verification.failed'].code;

/**
 * The second step of sign-in (the authenticator app's code, the code e-mailed, or a recovery
 * code instead) or of sign-up (the OTP), with a resend countdown for e-mailed codes.
 */
export function VerifyCodeForm({ uid, step, onStep, onBack }: { uid: string; step: VerifyStep; onStep: (step: InteractionStep) => void; onBack: () => void }) {
  const { t } = useTranslation('signin');
  const check = useRuleChecks();
  const signUp = step.purpose === 'sign_up';
  const firstMode: Mode = step.method === 'app' ? 'app' : 'email';
  const [mode, setMode] = useState<Mode>(firstMode);
  /** Where the e-mailed code went: the step's, or the one sent from the app's step on request. */
  const [mailed, setMailed] = useState(step.method === 'app' ? undefined : { destination: step.destination, resendAfterSeconds: step.resendAfterSeconds });
  /** What the last resend did: the code went out, or why not. */
  const [resend, setResend] = useState<{ sent: true } | { sent: false; message: string }>();
  const codeLabel = signUp ? t('verify.otp') : mode === 'app' ? t('verify.appCode') : t('verify.code');
  const form = useSigninForm(
    { code: '', recoveryCode: '' },
    mode === 'recovery'
      ? { recoveryCode: check.text(RECOVERY_CODE_RULE, t('verify.recoveryCode')) }
      : { code: check.text(signUp ? OTP_RULE : VERIFICATION_CODE_RULE, codeLabel) },
  );
  const verify = useAction((values: { code: string; recoveryCode: string }) => {
    if (signUp) return verifySignUp(uid, values.code);
    if (mode === 'recovery') return submitTwoFactor(uid, { recoveryCode: values.recoveryCode });
    return submitTwoFactor(uid, mode === 'app' ? { appCode: values.code } : { code: values.code });
  }, onStep);
  const busy = verify.isPending || verify.data?.status === 'done';
  const wrongCode = verify.error instanceof ApiError && verify.error.errorCode === WRONG_CODE ? verify.error.message : undefined;
  const codeError = form.errors.code ?? (mode !== 'recovery' ? wrongCode : undefined);
  const recoveryError = form.errors.recoveryCode ?? (mode === 'recovery' ? wrongCode : undefined);

  async function sendCode(): Promise<CodeSent> {
    setResend(undefined);
    try {
      const sent = await (signUp ? resendSignUp(uid) : resendTwoFactor(uid));
      setResend({ sent: true });
      return sent;
    } catch (error) {
      setResend({ sent: false, message: asError(error).message });
      throw error;
    }
  }

  /** "Use an e-mailed code instead" from the app's step: the code goes out, then it is asked. */
  async function switchToEmail() {
    if (mailed) return setMode('email');
    const sent = await sendCode().catch(() => undefined);
    if (!sent) return;
    setMailed(sent);
    setMode('email');
  }

  const subtitle =
    mode === 'recovery'
      ? t('verify.recoveryHint')
      : mode === 'app'
        ? t('verify.appHint')
        : t('verify.sentTo', { destination: mailed?.destination ?? step.destination });

  return (
    <>
      <Heading title={signUp ? t('verify.signUpTitle') : t('verify.twoFactorTitle')} subtitle={subtitle} />
      {verify.error && !wrongCode && <ErrorAlert message={verify.error.message} />}
      <form noValidate onSubmit={form.submit((values) => verify.run(values))}>
        <fieldset className="auth-fieldset" disabled={busy}>
          {mode === 'recovery' ? (
            <Field label={t('verify.recoveryCode')} error={recoveryError}>
              {({ id, errorId }) => (
                <TextInput id={id} name="recoveryCode" errorId={errorId} className="auth-input auth-monospace" autoComplete="off" autoFocus value={form.values.recoveryCode} onChange={(value) => form.set('recoveryCode', value)} />
              )}
            </Field>
          ) : (
            <div className={`auth-field${codeError ? ' auth-field-invalid' : ''}`} data-field="code">
              <span className="auth-label" aria-hidden="true">
                {codeLabel}
              </span>
              <CodeInput key={mode} label={codeLabel} autoFocus value={form.values.code} onChange={(value) => form.set('code', value)} invalid={Boolean(codeError)} describedBy={codeError ? 'code-error' : undefined} />
              {codeError && (
                <p className="auth-field-error" id="code-error" role="alert">
                  {codeError}
                </p>
              )}
            </div>
          )}
          <Button type="submit" className="auth-button-block" busy={busy}>
            {t('verify.submit')}
          </Button>
        </fieldset>
      </form>
      {resend && (
        <p className={`auth-note${resend.sent ? '' : ' auth-note-error'}`} role="status">
          {resend.sent ? t('verify.resent') : resend.message}
        </p>
      )}
      <div className="auth-row-between">
        {mode === 'app' ? (
          <Button kind="link" onClick={() => void switchToEmail()}>
            {t('verify.useEmailInstead')}
          </Button>
        ) : (
          mode === 'email' &&
          mailed && <ResendButton key={mailed.resendAfterSeconds} initialSeconds={mailed.resendAfterSeconds} label={t('verify.resend')} countdownLabel={(seconds) => t('verify.resendIn', { seconds })} onResend={async () => (await sendCode()).resendAfterSeconds} />
        )}
        {mode === 'email' && firstMode === 'app' && (
          <Button kind="link" onClick={() => setMode('app')}>
            {t('verify.useAppCode')}
          </Button>
        )}
        {!signUp && (
          <Button kind="link" onClick={() => setMode(mode === 'recovery' ? firstMode : 'recovery')}>
            {mode !== 'recovery' ? t('verify.useRecovery') : firstMode === 'app' ? t('verify.useAppCode') : t('verify.useEmailCode')}
          </Button>
        )}
        <Button kind="link" onClick={onBack}>
          {t('backToSignin')}
        </Button>
      </div>
    </>
  );
}
