import { useEffect } from 'react';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '@portal/contracts';
import { startSignIn } from '../../auth/session.ts';
import { confirmGrant, interactionDetails, submitLogin } from './interaction-api.ts';

/** The sign-in form of one provider interaction. */
export function LoginForm({ uid }: { uid: string }) {
  const { t } = useTranslation('signin');
  const details = useQuery({
    queryKey: ['interaction', uid],
    queryFn: ({ signal }) => interactionDetails(uid, signal),
    retry: false,
    staleTime: Infinity,
  });
  const login = useMutation({
    mutationFn: (values: LoginRequest) => submitLogin(uid, values),
    onSuccess: (step) => window.location.assign(step.redirectTo),
  });
  const consent = useMutation({
    mutationFn: () => confirmGrant(uid),
    onSuccess: (step) => window.location.assign(step.redirectTo),
  });

  const needsConsent = details.data?.prompt === 'consent';
  const { mutate: confirm, isIdle: consentIdle } = consent;
  useEffect(() => {
    if (needsConsent && consentIdle) confirm();
  }, [needsConsent, consentIdle, confirm]);

  if (details.isError || consent.isError) {
    return (
      <Result
        status="warning"
        title={t('failed')}
        subTitle={(details.error ?? consent.error)?.message}
        extra={
          <Button type="primary" onClick={() => void startSignIn()}>
            {t('restart')}
          </Button>
        }
      />
    );
  }
  if (details.isPending || needsConsent) {
    return (
      <div style={{ textAlign: 'center' }}>
        <Spin />
        <p>{t('completing')}</p>
      </div>
    );
  }

  return (
    <>
      <Typography.Title level={2}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
      {login.isError && <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} role="alert" />}
      <Form<LoginRequest>
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: details.data.loginHint ?? '' }}
        onFinish={(values) => login.mutate(values)}
        disabled={login.isPending || login.isSuccess}
      >
        <Form.Item
          label={t('username')}
          name="username"
          rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending || login.isSuccess}>
          {t('submit')}
        </Button>
      </Form>
    </>
  );
}
