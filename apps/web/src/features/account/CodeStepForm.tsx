import type { ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { verificationCodeSchema } from '@portal/contracts';
import { CodeInput } from '../../shared/CodeInput.tsx';
import { useFieldRules } from '../../shared/field-rules.ts';

/**
 * The step of a two-factor setting that asks a 6-digit code (the one e-mailed, the app's first):
 * what the step says above, the code boxes, then cancel and confirm. `form` is given when the
 * caller shows a refusal at the code field itself.
 */
export function CodeStepForm({ form, label, hint, busy, autoFocus, onCancel, onSubmit, children }: {
  form?: FormInstance;
  label: string;
  hint?: string;
  busy: boolean;
  autoFocus?: boolean;
  onCancel: () => void;
  onSubmit: (code: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  const common = useTranslation().t;
  const rules = useFieldRules();
  return (
    <Form form={form} layout="vertical" onFinish={(values: { code: string }) => onSubmit(values.code)} disabled={busy}>
      {children}
      <Form.Item label={label} name="code" rules={[rules.field(verificationCodeSchema, label)]} extra={hint}>
        <CodeInput label={label} autoFocus={autoFocus} />
      </Form.Item>
      <Space>
        <Button onClick={onCancel}>{common('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('twoFactor.confirm')}
        </Button>
      </Space>
    </Form>
  );
}
