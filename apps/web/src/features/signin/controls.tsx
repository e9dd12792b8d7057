import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The sign-in screens' controls: plain, accessible React with the portal's look (signin.css),
 * so those screens load without antd. Every input has its label; a field's error is tied to
 * it (aria-invalid, aria-describedby); a form's refusal is the page's one `role="alert"`.
 */

export function Heading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <>
      <h1 className="auth-title">{title}</h1>
      {subtitle && <p className="auth-subtitle">{subtitle}</p>}
    </>
  );
}

/** A form's refusal (the server's message). */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <div className="auth-alert" role="alert">
      {message}
    </div>
  );
}

export function Button({ kind = 'primary', busy, children, ...rest }: { kind?: 'primary' | 'default' | 'link'; busy?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" {...rest} className={`auth-button auth-button-${kind}${rest.className ? ` ${rest.className}` : ''}`} aria-busy={busy || undefined}>
      {busy && <span className="auth-spinner auth-spinner-small" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="auth-waiting" role="status">
      <span className="auth-spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/** The end of a flow: its outcome, a line about it and what to do next. */
export function Outcome({ status, title, text, children }: { status: 'success' | 'warning' | 'error'; title: string; text?: ReactNode; children?: ReactNode }) {
  return (
    <div className={`auth-outcome auth-outcome-${status}`}>
      <span className="auth-outcome-icon" aria-hidden="true">
        {status === 'success' ? '✓' : '!'}
      </span>
      <h1 className="auth-title">{title}</h1>
      {text && <p className="auth-subtitle">{text}</p>}
      {children && <div className="auth-outcome-actions">{children}</div>}
    </div>
  );
}

/** A labelled field: the control gets the ids its label and error need. */
export function Field({ label, error, required, children }: { label: string; error?: string | undefined; required?: boolean; children: (ids: { id: string; errorId: string | undefined }) => ReactNode }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`auth-field${error ? ' auth-field-invalid' : ''}`}>
      <label className={`auth-label${required ? ' auth-label-required' : ''}`} htmlFor={id}>
        {label}
      </label>
      {children({ id, errorId })}
      {error && (
        <p className="auth-field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void; errorId?: string | undefined };

export function TextInput({ value, onChange, errorId, ...rest }: InputProps) {
  return <input type="text" {...rest} className="auth-input" value={value} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} onChange={(event) => onChange(event.target.value)} />;
}

/** A password input with a button that shows the characters (and hides them again). */
export function PasswordInput(props: InputProps) {
  const { t } = useTranslation('signin');
  const [shown, setShown] = useState(false);
  return (
    <span className="auth-password">
      <TextInput {...props} type={shown ? 'text' : 'password'} />
      <button type="button" className="auth-password-toggle" aria-pressed={shown} aria-label={t('showCharacters')} title={t('showCharacters')} onClick={() => setShown(!shown)}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
          {!shown && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
        </svg>
      </button>
    </span>
  );
}
