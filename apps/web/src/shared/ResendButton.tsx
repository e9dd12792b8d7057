import { Button } from 'antd';
import { useCountdown } from './use-countdown.ts';

/** "Resend the code", disabled while the countdown runs (section 4). */
export function ResendButton(props: {
  initialSeconds: number;
  label: string;
  countdownLabel: (seconds: number) => string;
  onResend: () => Promise<number>;
}) {
  const { secondsLeft, restart } = useCountdown(props.initialSeconds);
  return (
    <Button
      type="link"
      disabled={secondsLeft > 0}
      onClick={() => {
        props.onResend().then(restart, () => undefined);
      }}
    >
      {secondsLeft > 0 ? props.countdownLabel(secondsLeft) : props.label}
    </Button>
  );
}
