import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES, SIGN_UP_RULES, USER_COUNT_BANDS, type InteractionStep, type SignUpRequest } from '@portal/contracts';
import { fieldMessage } from '../../shared/field-rules.ts';
import { Button, ErrorAlert, Field, Heading, PasswordInput, TextInput } from './controls.tsx';
import { submitSignUp } from './interaction-api.ts';
import { useAction } from './use-request.ts';
import { useRuleChecks, useSigninForm } from './use-signin-form.ts';

type SignUpValues = Omit<SignUpRequest, 'numberOfEmployees' | 'agreeTerms'> & { numberOfEmployees: string; agreeTerms: boolean };
type TextField = keyof typeof SIGN_UP_RULES;

/** Sign-up of a trial unit (section 5): an OTP is e-mailed before anything is created. */
export function SignUpForm({ uid, onStep, onBack }: { uid: string; onStep: (step: InteractionStep) => void; onBack: () => void }) {
  const { t } = useTranslation('signin');
  const validation = useTranslation('validation').t;
  const check = useRuleChecks();
  const label = (name: TextField | 'numberOfEmployees') => t(`signUp.${name}`);
  const form = useSigninForm<SignUpValues>(
    { companyName: '', businessCode: '', numberOfEmployees: '', username: '', email: '', password: '', confirmPassword: '', agreeTerms: false },
    {
      companyName: check.text(SIGN_UP_RULES.companyName, label('companyName')),
      businessCode: check.text(SIGN_UP_RULES.businessCode, label('businessCode')),
      numberOfEmployees: check.chosen(fieldMessage(validation, 'required', label('numberOfEmployees'))),
      username: check.text(SIGN_UP_RULES.username, label('username')),
      email: check.text(SIGN_UP_RULES.email, label('email'), { email: true }),
      password: check.text(SIGN_UP_RULES.password, label('password')),
      confirmPassword: check.sameAs(SIGN_UP_RULES.confirmPassword, label('confirmPassword'), 'password'),
      agreeTerms: check.chosen(fieldMessage(validation, 'agreement_required', '')),
    },
    { password: ['confirmPassword'] },
  );
  const signUp = useAction((body: SignUpRequest) => submitSignUp(uid, body), onStep);

  const text = (name: Exclude<TextField, 'password' | 'confirmPassword'>, attributes: { autoComplete?: string; type?: string; autoFocus?: boolean } = {}) => (
    <Field label={label(name)} error={form.errors[name]} required>
      {({ id, errorId }) => <TextInput id={id} name={name} errorId={errorId} {...attributes} value={form.values[name]} onChange={(value) => form.set(name, value)} />}
    </Field>
  );
  const password = (name: 'password' | 'confirmPassword') => (
    <Field label={label(name)} error={form.errors[name]} required>
      {({ id, errorId }) => <PasswordInput id={id} name={name} errorId={errorId} autoComplete="new-password" value={form.values[name]} onChange={(value) => form.set(name, value)} />}
    </Field>
  );

  return (
    <>
      <Heading title={t('signUp.title')} subtitle={t('signUp.subtitle')} />
      {signUp.error && <ErrorAlert message={signUp.error.message} />}
      <form
        noValidate
        onSubmit={form.submit((values) => {
          // The select offers only the schema's bands, and the form's check has one chosen.
          const band = USER_COUNT_BANDS.find((offered) => offered === values.numberOfEmployees);
          if (band) signUp.run({ ...values, numberOfEmployees: band, agreeTerms: true });
        })}
      >
        <fieldset className="auth-fieldset" disabled={signUp.isPending}>
          {text('companyName', { autoComplete: 'organization', autoFocus: true })}
          {text('businessCode')}
          <Field label={label('numberOfEmployees')} error={form.errors.numberOfEmployees} required>
            {({ id, errorId }) => (
              <select
                id={id}
                name="numberOfEmployees"
                className={`auth-input auth-select${form.values.numberOfEmployees ? '' : ' auth-select-empty'}`}
                aria-invalid={errorId ? true : undefined}
                aria-describedby={errorId}
                value={form.values.numberOfEmployees}
                onChange={(event) => form.set('numberOfEmployees', event.target.value)}
              >
                <option value="" disabled>
                  {t('signUp.numberOfEmployeesPlaceholder')}
                </option>
                {USER_COUNT_BANDS.map((band) => (
                  <option key={band} value={band}>
                    {band}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('username', { autoComplete: 'username' })}
          {text('email', { autoComplete: 'email', type: 'email' })}
          {password('password')}
          {password('confirmPassword')}
          <div className={`auth-field${form.errors.agreeTerms ? ' auth-field-invalid' : ''}`}>
            <label className="auth-checkbox">
              <input
                type="checkbox"
                name="agreeTerms"
                checked={form.values.agreeTerms}
                aria-invalid={form.errors.agreeTerms ? true : undefined}
                aria-describedby={form.errors.agreeTerms ? 'agree-terms-error' : undefined}
                onChange={(event) => form.set('agreeTerms', event.target.checked)}
              />
              <span>
                {t('signUp.agreePrefix')}{' '}
                <Link to={ROUTES.privacyPolicy} target="_blank">
                  {t('privacyPolicy')}
                </Link>{' '}
                {t('signUp.and')}{' '}
                <Link to={ROUTES.termsOfService} target="_blank">
                  {t('termsOfService')}
                </Link>
              </span>
            </label>
            {form.errors.agreeTerms && (
              <p className="auth-field-error" id="agree-terms-error">
                {form.errors.agreeTerms}
              </p>
            )}
          </div>
          <Button type="submit" className="auth-button-block" busy={signUp.isPending}>
            {t('signUp.submit')}
          </Button>
        </fieldset>
      </form>
      <p className="auth-footnote">
        {t('signUp.haveAccount')}{' '}
        <Button kind="link" onClick={onBack}>
          {t('backToSignin')}
        </Button>
      </p>
    </>
  );
}
