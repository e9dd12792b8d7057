import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_RULE, type InteractionStep } from '@portal/contracts';
import { CeremonyError, webauthnSupported } from '../../shared/webauthn.ts';
import { Button, ErrorAlert, Field, Heading, TextInput } from './controls.tsx';
import { interactionBase } from './interaction-api.ts';
import { enrolPasskey } from './passkey-enrolment.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

/**
 * The sign-in step of an account whose business accepts only passkeys and that has none yet:
 * after its password and code, it registers a passkey (named, so the account screen can tell
 * it apart), and only then is signed in. There is no way past it but a passkey; a browser that
 * cannot create one is told so. Loaded when a sign-in reaches it.
 */
export function PasskeyEnrolmentForm({ uid, username, onStep }: { uid: string; username: string; onStep: (step: InteractionStep) => void }) {
  const { t } = useTranslation('passkeys');
  const check = useRuleChecks();
  const form = useSigninForm({ name: t('settings.defaultName') }, { name: check.text(PASSKEY_NAME_RULE, t('settings.name')) });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  function create(name: string) {
    setPending(true);
    setError(undefined);
    enrolPasskey(interactionBase(), uid, name).then(onStep, (failure: unknown) => {
      setPending(false);
      setError(failure instanceof CeremonyError ? t(`failure.${failure.failure}`) : String(failure instanceof Error ? failure.message : failure));
    });
  }

  const supported = webauthnSupported();
  return (
    <>
      <Heading title={t('enrol.title')} subtitle={t('enrol.subtitle', { username })} />
      <p className="auth-hint">{supported ? t('enrol.intro') : t('failure.unsupported')}</p>
      {error && <ErrorAlert message={error} />}
      {supported && (
        <form noValidate onSubmit={form.submit((values) => create(values.name))}>
          <fieldset className="auth-fieldset" disabled={pending}>
            <Field label={t('settings.name')} error={form.errors.name}>
              {({ id, errorId }) => <TextInput id={id} name="name" errorId={errorId} autoFocus value={form.values.name} onChange={(value) => form.set('name', value)} />}
            </Field>
            <p className="auth-hint">{t('settings.nameHint')}</p>
            <Button type="submit" className="auth-button-block" busy={pending}>
              {t('settings.create')}
            </Button>
          </fieldset>
        </form>
      )}
    </>
  );
}
