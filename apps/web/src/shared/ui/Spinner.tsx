import './spinner.css';

/** A turning ring in the brand colour; the caller says what is loading (role="status" around it). */
export function Spinner({ size = 'default' }: { size?: 'small' | 'default' | 'large' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden />;
}
