import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { VERIFICATION } from '@portal/contracts';
import './code-input.css';

const LENGTH = VERIFICATION.codeLength;

/**
 * The 6-digit code of section 9: one box per digit, digits only; typing or pasting the whole
 * code fills every box, Backspace and the arrow keys move between boxes. Partial input is
 * reported too, so "all 6 digits" can be checked. Plain React, so the sign-in screens can use
 * it without antd; in antd forms it is a controlled input like any other.
 */
export function CodeInput({ value, onChange, label, autoFocus, invalid, describedBy }: {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: LENGTH }, (_, index) => (value ?? '')[index] ?? '');
  useEffect(() => {
    if (autoFocus) boxes.current[0]?.focus();
  }, [autoFocus]);

  const focus = (index: number) => boxes.current[Math.max(0, Math.min(LENGTH - 1, index))]?.focus();
  /** Writes `typed` from box `index` on; answers the box after the last digit written. */
  function write(index: number, typed: string): number {
    const incoming = typed.replace(/\D/g, '').slice(0, LENGTH - index);
    const next = [...digits];
    for (let offset = 0; offset < incoming.length; offset++) next[index + offset] = incoming[offset]!;
    onChange?.(next.join(''));
    return index + incoming.length;
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange?.(next.join(''));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    focus(write(index, event.clipboardData.getData('text')));
  }

  return (
    <div className="code-input" role="group" aria-label={label} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      {digits.map((digit, index) => (
        <input
          // The boxes never move: their position is who they are.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="code-input-box"
          value={digit}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`${index + 1}/${LENGTH}`}
          onChange={(event) => {
            const typed = event.target.value;
            if (typed === '') {
              const next = [...digits];
              next[index] = '';
              onChange?.(next.join(''));
              return;
            }
            // A box holds one digit: what was typed over it, or the whole code pasted or filled in.
            const fresh = typed.length === 2 && typed.startsWith(digit) ? typed.slice(1) : typed;
            focus(write(index, fresh));
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
