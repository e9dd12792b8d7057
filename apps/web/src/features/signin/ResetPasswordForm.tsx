import { useTranslation } from 'react-i18next';
import { RESET_PASSWORD_RULES, type ResetPasswordRequest } from '@portal/contracts';
import { startSignIn } from '../../auth/session.ts';
import { Button, ErrorAlert, Field, Heading, Outcome, PasswordInput, Spinner } from './controls.tsx';
import { passwordResetApi } from './password-reset-api.ts';
import { useAction, useLoad } from './use-request.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

type NewPassword = Omit<ResetPasswordRequest, 'token'>;

/** The page a forgot-password link opens: a new password for the account, once. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('signin');
  const check = useRuleChecks();
  const form = useSigninForm<NewPassword>(
    { newPassword: '', confirmPassword: '' },
    {
      newPassword: check.text(RESET_PASSWORD_RULES.newPassword, t('reset.newPassword')),
      confirmPassword: check.sameAs(RESET_PASSWORD_RULES.confirmPassword, t('reset.confirmPassword'), 'newPassword'),
    },
    { newPassword: ['confirmPassword'] },
  );
  const account = useLoad(token, (signal) => passwordResetApi.check(token, signal));
  const reset = useAction((body: NewPassword) => passwordResetApi.reset({ ...body, token }));
  const signIn = <Button onClick={() => void startSignIn()}>{t('submit')}</Button>;

  if (account.error) {
    return (
      <Outcome status="warning" title={t('reset.invalidTitle')} text={account.error.message}>
        {signIn}
      </Outcome>
    );
  }
  if (!account.data) return <Spinner label={t('reset.checking')} />;
  if (reset.isSuccess) {
    return (
      <Outcome status="success" title={t('reset.doneTitle')} text={t('reset.doneText')}>
        {signIn}
      </Outcome>
    );
  }

  return (
    <>
      <Heading title={t('reset.title')} subtitle={t('reset.subtitle', { username: account.data.username })} />
      {reset.error && <ErrorAlert message={reset.error.message} />}
      <form noValidate onSubmit={form.submit((values) => reset.run(values))}>
        <fieldset className="auth-fieldset" disabled={reset.isPending}>
          <Field label={t('reset.newPassword')} error={form.errors.newPassword}>
            {({ id, errorId }) => (
              <PasswordInput id={id} name="newPassword" errorId={errorId} autoComplete="new-password" autoFocus value={form.values.newPassword} onChange={(value) => form.set('newPassword', value)} />
            )}
          </Field>
          <Field label={t('reset.confirmPassword')} error={form.errors.confirmPassword}>
            {({ id, errorId }) => (
              <PasswordInput id={id} name="confirmPassword" errorId={errorId} autoComplete="new-password" value={form.values.confirmPassword} onChange={(value) => form.set('confirmPassword', value)} />
            )}
          </Field>
          <Button type="submit" className="auth-button-block" busy={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </fieldset>
      </form>
    </>
  );
}
