import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_RULES, type InteractionStep, type LoginRequest } from '@portal/contracts';
import { Button, ErrorAlert, Field, Heading, PasswordInput, TextInput } from './controls.tsx';
import { interactionBase, submitLogin } from './interaction-api.ts';
import { useAction } from './use-request.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

const PasskeySignin = lazy(() => import('./PasskeySignin.tsx'));

/**
 * The sign-in form of one provider interaction, with a passkey beside it (its button, and the
 * username field's autofill); a second factor, when asked, is the next step.
 */
export function LoginForm(props: {
  uid: string;
  loginHint: string | null;
  onStep: (step: InteractionStep) => void;
  onForgot: () => void;
  onSignUp: () => void;
}) {
  const { t } = useTranslation('signin');
  const check = useRuleChecks();
  const form = useSigninForm<LoginRequest>(
    { username: props.loginHint ?? '', password: '' },
    { username: check.text(LOGIN_RULES.username, t('username')), password: check.text(LOGIN_RULES.password, t('password')) },
  );
  const login = useAction((values: LoginRequest) => submitLogin(props.uid, values), props.onStep);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const busy = login.isPending || login.data?.status === 'done' || passkeyBusy;

  return (
    <>
      <Heading title={t('title')} subtitle={t('subtitle')} />
      {login.error && <ErrorAlert message={login.error.message} />}
      <form noValidate onSubmit={form.submit((values) => login.run(values))}>
        <fieldset className="auth-fieldset" disabled={busy}>
          <Field label={t('username')} error={form.errors.username}>
            {({ id, errorId }) => (
              <TextInput id={id} name="username" errorId={errorId} autoComplete="username webauthn" autoFocus value={form.values.username} onChange={(value) => form.set('username', value)} />
            )}
          </Field>
          <Field label={t('password')} error={form.errors.password}>
            {({ id, errorId }) => (
              <PasswordInput id={id} name="password" errorId={errorId} autoComplete="current-password" value={form.values.password} onChange={(value) => form.set('password', value)} />
            )}
          </Field>
          <div className="auth-row-end">
            <Button kind="link" onClick={props.onForgot}>
              {t('forgotLink')}
            </Button>
          </div>
          <Button type="submit" className="auth-button-block" busy={login.isPending || login.data?.status === 'done'}>
            {t('submit')}
          </Button>
          <Suspense fallback={null}>
            <PasskeySignin base={interactionBase()} uid={props.uid} onStep={props.onStep} onBusy={setPasskeyBusy} />
          </Suspense>
        </fieldset>
      </form>
      <p className="auth-footnote">
        {t('noAccount')}{' '}
        <Button kind="link" onClick={props.onSignUp}>
          {t('signUpLink')}
        </Button>
      </p>
    </>
  );
}
