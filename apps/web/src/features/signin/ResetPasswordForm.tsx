import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resetPasswordFieldsSchema, type ResetPasswordRequest } from '@portal/contracts';
import { startSignIn } from '../../auth/session.ts';
import { useFieldRules } from '../../shared/field-rules.ts';
import { passwordResetApi } from './password-reset-api.ts';

const fields = resetPasswordFieldsSchema.shape;

/** The page a forgot-password link opens: a new password for the account, once. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('signin');
  const rules = useFieldRules();
  const account = useQuery({ queryKey: ['reset-token', token], queryFn: ({ signal }) => passwordResetApi.check(token, signal), retry: false, staleTime: Infinity });
  const reset = useMutation({ mutationFn: (body: Omit<ResetPasswordRequest, 'token'>) => passwordResetApi.reset({ ...body, token }) });
  const signIn = (
    <Button type="primary" onClick={() => void startSignIn()}>
      {t('submit')}
    </Button>
  );

  if (account.isPending) {
    return (
      <div style={{ textAlign: 'center' }}>
        <Spin />
        <p>{t('reset.checking')}</p>
      </div>
    );
  }
  if (account.isError) return <Result status="warning" title={t('reset.invalidTitle')} subTitle={account.error.message} extra={signIn} />;
  if (reset.isSuccess) return <Result status="success" title={t('reset.doneTitle')} subTitle={t('reset.doneText')} extra={signIn} />;

  return (
    <>
      <Typography.Title level={2}>{t('reset.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('reset.subtitle', { username: account.data.username })}</Typography.Paragraph>
      {reset.isError && <Alert type="error" showIcon title={reset.error.message} style={{ marginBottom: 16 }} role="alert" />}
      <Form<Omit<ResetPasswordRequest, 'token'>> layout="vertical" onFinish={(values) => reset.mutate(values)} disabled={reset.isPending}>
        <Form.Item label={t('reset.newPassword')} name="newPassword" rules={[rules.field(fields.newPassword, t('reset.newPassword'))]}>
          <Input.Password autoComplete="new-password" autoFocus size="large" />
        </Form.Item>
        <Form.Item
          label={t('reset.confirmPassword')}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[rules.field(fields.confirmPassword, t('reset.confirmPassword')), rules.sameAs('newPassword')]}
        >
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
    </>
  );
}
