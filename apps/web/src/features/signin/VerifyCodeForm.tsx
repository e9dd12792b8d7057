import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_RULE, RECOVERY_CODE_RULE, VERIFICATION_CODE_RULE, type InteractionStep } from '@portal/contracts';
import { CodeInput } from '../../shared/CodeInput.tsx';
import { ResendButton } from '../../shared/ResendButton.tsx';
import { Button, ErrorAlert, Field, Heading, TextInput } from './controls.tsx';
import { resendSignUp, resendTwoFactor, submitTwoFactor, verifySignUp } from './interaction-api.ts';
import { useAction } from './use-request.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

type VerifyStep = Extract<InteractionStep, { status: 'verify' }>;

/**
 * The code e-mailed at sign-in (two-factor, or a recovery code instead) or at sign-up (the
 * OTP), with a resend countdown.
 */
export function VerifyCodeForm({ uid, step, onStep, onBack }: { uid: string; step: VerifyStep; onStep: (step: InteractionStep) => void; onBack: () => void }) {
  const { t } = useTranslation('signin');
  const check = useRuleChecks();
  const signUp = step.purpose === 'sign_up';
  const [recovery, setRecovery] = useState(false);
  /** What the last resend did: the code went out, or why not. */
  const [resend, setResend] = useState<{ sent: true } | { sent: false; message: string }>();
  const codeLabel = signUp ? t('verify.otp') : t('verify.code');
  const form = useSigninForm(
    { code: '', recoveryCode: '' },
    recovery
      ? { recoveryCode: check.text(RECOVERY_CODE_RULE, t('verify.recoveryCode')) }
      : { code: check.text(signUp ? OTP_RULE : VERIFICATION_CODE_RULE, codeLabel) },
  );
  const verify = useAction(
    (values: { code: string; recoveryCode: string }) =>
      signUp ? verifySignUp(uid, values.code) : submitTwoFactor(uid, recovery ? { recoveryCode: values.recoveryCode } : { code: values.code }),
    onStep,
  );
  const busy = verify.isPending || verify.data?.status === 'done';

  return (
    <>
      <Heading title={signUp ? t('verify.signUpTitle') : t('verify.twoFactorTitle')} subtitle={recovery ? t('verify.recoveryHint') : t('verify.sentTo', { destination: step.destination })} />
      {verify.error && <ErrorAlert message={verify.error.message} />}
      <form noValidate onSubmit={form.submit((values) => verify.run(values))}>
        <fieldset className="auth-fieldset" disabled={busy}>
          {recovery ? (
            <Field label={t('verify.recoveryCode')} error={form.errors.recoveryCode}>
              {({ id, errorId }) => (
                <TextInput id={id} name="recoveryCode" errorId={errorId} className="auth-input auth-monospace" autoComplete="off" autoFocus value={form.values.recoveryCode} onChange={(value) => form.set('recoveryCode', value)} />
              )}
            </Field>
          ) : (
            <div className={`auth-field${form.errors.code ? ' auth-field-invalid' : ''}`} data-field="code">
              <span className="auth-label" aria-hidden="true">
                {codeLabel}
              </span>
              <CodeInput label={codeLabel} autoFocus value={form.values.code} onChange={(value) => form.set('code', value)} invalid={Boolean(form.errors.code)} describedBy={form.errors.code ? 'code-error' : undefined} />
              {form.errors.code && (
                <p className="auth-field-error" id="code-error">
                  {form.errors.code}
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
        <ResendButton
          initialSeconds={step.resendAfterSeconds}
          label={t('verify.resend')}
          countdownLabel={(seconds) => t('verify.resendIn', { seconds })}
          onResend={async () => {
            setResend(undefined);
            try {
              const sent = await (signUp ? resendSignUp(uid) : resendTwoFactor(uid));
              setResend({ sent: true });
              return sent.resendAfterSeconds;
            } catch (error) {
              setResend({ sent: false, message: (error as Error).message });
              throw error;
            }
          }}
        />
        {!signUp && (
          <Button kind="link" onClick={() => setRecovery(!recovery)}>
            {recovery ? t('verify.useEmailCode') : t('verify.useRecovery')}
          </Button>
        )}
        <Button kind="link" onClick={onBack}>
          {t('backToSignin')}
        </Button>
      </div>
    </>
  );
}
