import { useTranslation } from 'react-i18next';
import { RESET_PASSWORD_RULES, type InteractionStep, type NewPasswordSignin } from '@portal/contracts';
import { Button, ErrorAlert, Field, Heading, PasswordInput } from './controls.tsx';
import { submitNewPassword } from './interaction-api.ts';
import { useAction } from './use-request.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

/**
 * The sign-in step of an account whose password was generated or reset by an administrator:
 * a password of the user's own (the policy's rules) before anything else; then the sign-in goes on.
 */
export function NewPasswordForm({ uid, username, onStep }: { uid: string; username: string; onStep: (step: InteractionStep) => void }) {
  const { t } = useTranslation('signin');
  const check = useRuleChecks();
  const form = useSigninForm<NewPasswordSignin>(
    { newPassword: '', confirmPassword: '' },
    {
      newPassword: check.text(RESET_PASSWORD_RULES.newPassword, t('reset.newPassword')),
      confirmPassword: check.sameAs(RESET_PASSWORD_RULES.confirmPassword, t('reset.confirmPassword'), 'newPassword'),
    },
    { newPassword: ['confirmPassword'] },
  );
  const save = useAction((body: NewPasswordSignin) => submitNewPassword(uid, body), onStep);

  return (
    <>
      <Heading title={t('firstPassword.title')} subtitle={t('firstPassword.subtitle', { username })} />
      <p className="auth-hint">{t('firstPassword.rules')}</p>
      {save.error && <ErrorAlert message={save.error.message} />}
      <form noValidate onSubmit={form.submit((values) => save.run(values))}>
        <fieldset className="auth-fieldset" disabled={save.isPending}>
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
          <Button type="submit" className="auth-button-block" busy={save.isPending}>
            {t('firstPassword.submit')}
          </Button>
        </fieldset>
      </form>
    </>
  );
}
