import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { otpSchema, recoveryCodeSchema, verificationCodeSchema, type InteractionStep } from '@portal/contracts';
import { CodeInput } from '../../shared/CodeInput.tsx';
import { useFieldRules } from '../../shared/field-rules.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { ResendButton } from '../../shared/ResendButton.tsx';
import { resendSignUp, resendTwoFactor, submitTwoFactor, verifySignUp } from './interaction-api.ts';

type VerifyStep = Extract<InteractionStep, { status: 'verify' }>;

/**
 * The code e-mailed at sign-in (two-factor, or a recovery code instead) or at sign-up (the
 * OTP), with a resend countdown.
 */
export function VerifyCodeForm({ uid, step, onStep, onBack }: { uid: string; step: VerifyStep; onStep: (step: InteractionStep) => void; onBack: () => void }) {
  const { t } = useTranslation('signin');
  const rules = useFieldRules();
  const signUp = step.purpose === 'sign_up';
  const [recovery, setRecovery] = useState(false);
  const verify = useMutation({
    mutationFn: (values: { code?: string; recoveryCode?: string }) =>
      signUp ? verifySignUp(uid, values.code ?? '') : submitTwoFactor(uid, recovery ? { recoveryCode: values.recoveryCode } : { code: values.code }),
    onSuccess: onStep,
  });
  const codeLabel = signUp ? t('verify.otp') : t('verify.code');
  const leaving = verify.isSuccess && verify.data.status === 'done';

  return (
    <>
      <Typography.Title level={2}>{signUp ? t('verify.signUpTitle') : t('verify.twoFactorTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{recovery ? t('verify.recoveryHint') : t('verify.sentTo', { destination: step.destination })}</Typography.Paragraph>
      {verify.isError && <Alert type="error" showIcon title={verify.error.message} style={{ marginBottom: 16 }} role="alert" />}
      <Form layout="vertical" onFinish={(values: { code?: string; recoveryCode?: string }) => verify.mutate(values)} disabled={verify.isPending || leaving}>
        {recovery ? (
          <Form.Item label={t('verify.recoveryCode')} name="recoveryCode" rules={[rules.field(recoveryCodeSchema, t('verify.recoveryCode'))]}>
            <Input autoComplete="off" autoFocus size="large" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        ) : (
          <Form.Item label={codeLabel} name="code" rules={[rules.field(signUp ? otpSchema : verificationCodeSchema, codeLabel)]}>
            <CodeInput label={codeLabel} autoFocus />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending || leaving}>
          {t('verify.submit')}
        </Button>
      </Form>
      <Space style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }} wrap>
        <ResendButton
          initialSeconds={step.resendAfterSeconds}
          label={t('verify.resend')}
          countdownLabel={(seconds) => t('verify.resendIn', { seconds })}
          onResend={async () => {
            const sent = await (signUp ? resendSignUp(uid) : resendTwoFactor(uid));
            notifySuccess(t('verify.resent'));
            return sent.resendAfterSeconds;
          }}
        />
        {!signUp && (
          <Button type="link" onClick={() => setRecovery(!recovery)}>
            {recovery ? t('verify.useEmailCode') : t('verify.useRecovery')}
          </Button>
        )}
        <Button type="link" onClick={onBack}>
          {t('backToSignin')}
        </Button>
      </Space>
    </>
  );
}
