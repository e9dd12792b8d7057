import { Button, Form, Input, Space, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordConfirmationSchema } from '@portal/contracts';
import { useFieldRules } from '../../shared/field-rules.ts';

/**
 * The step of a two-factor setting that asks the account's password first: what the step says,
 * the password, then cancel and continue (in red when it removes a factor). `form` is given when
 * the caller shows a wrong password at the field itself.
 */
export function PasswordStepForm({ form, intro, busy, danger, onCancel, onSubmit }: {
  form?: FormInstance;
  intro: string;
  busy: boolean;
  danger: boolean;
  onCancel: () => void;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation('account');
  const common = useTranslation().t;
  const rules = useFieldRules();
  return (
    <Form form={form} layout="vertical" onFinish={(values: { password: string }) => onSubmit(values.password)} disabled={busy}>
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      <Form.Item label={t('twoFactor.password')} name="password" rules={[rules.field(passwordConfirmationSchema.shape.password, t('twoFactor.password'))]}>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Space>
        <Button onClick={onCancel}>{common('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} danger={danger}>
          {t('twoFactor.continue')}
        </Button>
      </Space>
    </Form>
  );
}
