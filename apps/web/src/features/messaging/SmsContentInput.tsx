import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { smsLength } from '@portal/contracts';
import type { CustomInputProps } from '../../shared/resource/types.ts';

/** The text of an SMS with its length gateway will count it: characters, parts and encoding. */
export function SmsContentInput({ value, onChange, disabled, label }: CustomInputProps) {
  const { t } = useTranslation('messaging');
  const text = typeof value === 'string' ? value : '';
  const length = smsLength(text);
  return (
    <>
      <Input.TextArea value={text} onChange={(event) => onChange?.(event.target.value)} disabled={disabled} aria-label={label} rows={4} />
      <Typography.Text type="secondary" aria-live="polite">
        {t('sms.length', { characters: [...text].length, segments: length.segments, encoding: length.encoding === 'GSM7' ? 'GSM-7' : 'UCS-2' })}
      </Typography.Text>
    </>
  );
}
