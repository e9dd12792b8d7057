import { useCountdown } from './use-countdown.ts';
import './link-button.css';

/**
 * "Resend the code", disabled while the countdown runs (section 4). A plain button styled as
 * a link, so the sign-in screens and antd's dialogs share it.
 */
export function ResendButton(props: {
  initialSeconds: number;
  label: string;
  countdownLabel: (seconds: number) => string;
  onResend: () => Promise<number>;
}) {
  const { secondsLeft, restart } = useCountdown(props.initialSeconds);
  return (
    <button
      type="button"
      className="link-button"
      disabled={secondsLeft > 0}
      onClick={() => {
        props.onResend().then(restart, () => undefined);
      }}
    >
      {secondsLeft > 0 ? props.countdownLabel(secondsLeft) : props.label}
    </button>
  );
}
