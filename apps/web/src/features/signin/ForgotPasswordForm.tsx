import { useTranslation } from 'react-i18next';
import { EMAIL_RULE, type ForgotPasswordRequest } from '@portal/contracts';
import { Button, ErrorAlert, Field, Heading, Outcome, TextInput } from './controls.tsx';
import { passwordResetApi } from './password-reset-api.ts';
import { useAction } from './use-request.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

/** Forgot password: the e-mail of the account; a single-use link is sent to it. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('signin');
  const check = useRuleChecks();
  const form = useSigninForm<ForgotPasswordRequest>({ email: '' }, { email: check.text(EMAIL_RULE, t('forgot.email'), { email: true }) });
  const request = useAction((body: ForgotPasswordRequest) => passwordResetApi.request(body));

  if (request.data && request.variables) {
    return (
      <Outcome status="success" title={t('forgot.sentTitle')} text={t('forgot.sentText', { email: request.variables.email, minutes: request.data.validMinutes })}>
        <Button kind="default" onClick={onBack}>
          {t('backToSignin')}
        </Button>
      </Outcome>
    );
  }
  return (
    <>
      <Heading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      {request.error && <ErrorAlert message={request.error.message} />}
      <form noValidate onSubmit={form.submit((values) => request.run({ email: values.email.trim() }))}>
        <fieldset className="auth-fieldset" disabled={request.isPending}>
          <Field label={t('forgot.email')} error={form.errors.email}>
            {({ id, errorId }) => (
              <TextInput id={id} name="email" type="email" errorId={errorId} autoComplete="email" autoFocus value={form.values.email} onChange={(value) => form.set('email', value)} />
            )}
          </Field>
          <Button type="submit" className="auth-button-block" busy={request.isPending}>
            {t('forgot.submit')}
          </Button>
        </fieldset>
      </form>
      <Button kind="link" className="auth-back" onClick={onBack}>
        {t('backToSignin')}
      </Button>
    </>
  );
}
