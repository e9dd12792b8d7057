import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@portal/contracts';
import { useFieldRules } from '../../shared/field-rules.ts';
import { passwordResetApi } from './password-reset-api.ts';

/** Forgot password: the e-mail of the account; a single-use link is sent to it. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('signin');
  const rules = useFieldRules();
  const request = useMutation({ mutationFn: (body: ForgotPasswordRequest) => passwordResetApi.request(body) });

  if (request.isSuccess) {
    return (
      <Result
        status="success"
        title={t('forgot.sentTitle')}
        subTitle={t('forgot.sentText', { email: request.variables.email, minutes: request.data.validMinutes })}
        extra={<Button onClick={onBack}>{t('backToSignin')}</Button>}
      />
    );
  }
  return (
    <>
      <Typography.Title level={2}>{t('forgot.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('forgot.subtitle')}</Typography.Paragraph>
      {request.isError && <Alert type="error" showIcon title={request.error.message} style={{ marginBottom: 16 }} role="alert" />}
      <Form<ForgotPasswordRequest> layout="vertical" onFinish={(values) => request.mutate(values)} disabled={request.isPending}>
        <Form.Item label={t('forgot.email')} name="email" rules={[rules.field(forgotPasswordRequestSchema.shape.email, t('forgot.email'), { email: true })]}>
          <Input type="email" autoComplete="email" autoFocus size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={request.isPending}>
          {t('forgot.submit')}
        </Button>
      </Form>
      <Button type="link" onClick={onBack} style={{ marginTop: 16, padding: 0 }}>
        {t('backToSignin')}
      </Button>
    </>
  );
}
