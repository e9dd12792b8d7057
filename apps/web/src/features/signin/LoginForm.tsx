import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InteractionStep, LoginRequest } from '@portal/contracts';
import { submitLogin } from './interaction-api.ts';

/** The sign-in form of one provider interaction; a second factor, when asked, is the next step. */
export function LoginForm(props: {
  uid: string;
  loginHint: string | null;
  onStep: (step: InteractionStep) => void;
  onForgot: () => void;
  onSignUp: () => void;
}) {
  const { t } = useTranslation('signin');
  const login = useMutation({
    mutationFn: (values: LoginRequest) => submitLogin(props.uid, values),
    onSuccess: props.onStep,
  });
  const leaving = login.isSuccess && login.data.status === 'done';

  return (
    <>
      <Typography.Title level={2}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
      {login.isError && <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} role="alert" />}
      <Form<LoginRequest>
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: props.loginHint ?? '' }}
        onFinish={(values) => login.mutate(values)}
        disabled={login.isPending || leaving}
      >
        <Form.Item label={t('username')} name="username" rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -12, marginBottom: 16 }}>
          <Button type="link" onClick={props.onForgot} style={{ padding: 0 }}>
            {t('forgotLink')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending || leaving}>
          {t('submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 24, textAlign: 'center' }}>
        {t('noAccount')}{' '}
        <Button type="link" onClick={props.onSignUp} style={{ padding: 0 }}>
          {t('signUpLink')}
        </Button>
      </Typography.Paragraph>
    </>
  );
}
