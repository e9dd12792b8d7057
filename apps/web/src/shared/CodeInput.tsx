import { useEffect, useRef } from 'react';
import { Input } from 'antd';
import type { OTPRef } from 'antd/es/input/OTP';
import { VERIFICATION } from '@portal/contracts';

/**
 * The 6-digit code of section 9: one box per digit, digits only; typing or pasting the whole
 * code fills every box. Partial input is reported too, so "all 6 digits" can be checked.
 */
export function CodeInput({ value, onChange, label, autoFocus }: { value?: string; onChange?: (value: string) => void; label: string; autoFocus?: boolean }) {
  const ref = useRef<OTPRef>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <Input.OTP
      ref={ref}
      length={VERIFICATION.codeLength}
      value={value ?? ''}
      onInput={(cells) => onChange?.(cells.join(''))}
      formatter={(text) => text.replace(/[^\d ]/g, '')}
      size="large"
      autoComplete="one-time-code"
      aria-label={label}
    />
  );
}
