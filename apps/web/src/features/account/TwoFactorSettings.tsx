import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space, Spin, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passwordConfirmationSchema, TWO_FA_STATUS, verificationCodeSchema } from '@portal/contracts';
import { CodeInput } from '../../shared/CodeInput.tsx';
import { useFieldRules } from '../../shared/field-rules.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { accountKeys, twoFactorApi, useMyTwoFactor } from './account-api.ts';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';

type Action = 'enable' | 'disable' | 'regenerate';
type Step = { kind: 'idle' } | { kind: 'password'; action: Action } | { kind: 'code'; destination: string } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor of the signed-in user (section 4): turning it on asks the password, then the
 * code e-mailed; turning it off and new recovery codes ask the password after a confirmation.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation('account');
  const common = useTranslation().t;
  const { modal } = App.useApp();
  const rules = useFieldRules();
  const client = useQueryClient();
  const status = useMyTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);

  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.twoFactor });
  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await work();
    } catch {
      // The HTTP client has shown the refusal.
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  function confirmThen(action: Action) {
    const titles = { disable: 'twoFactor.disableConfirmTitle', regenerate: 'twoFactor.regenerateConfirmTitle' } as const;
    const texts = { disable: 'twoFactor.disableConfirmText', regenerate: 'twoFactor.regenerateConfirmText' } as const;
    if (action === 'enable') return setStep({ kind: 'password', action });
    modal.confirm({
      title: t(titles[action]),
      content: t(texts[action]),
      okButtonProps: { danger: action === 'disable' },
      onOk: () => setStep({ kind: 'password', action }),
    });
  }

  async function submitPassword(action: Action, password: string) {
    if (action === 'enable') {
      const sent = await run(() => twoFactorApi.requestEnable(password));
      if (sent) setStep({ kind: 'code', destination: sent.destination });
    } else if (action === 'disable') {
      if (await run(() => twoFactorApi.disable(password))) {
        notifySuccess(t('twoFactor.turnedOff'));
        setStep({ kind: 'idle' });
        await refresh();
      }
    } else {
      const result = await run(() => twoFactorApi.regenerate(password));
      if (result) setStep({ kind: 'codes', codes: result.recoveryCodes });
    }
  }

  async function submitCode(code: string) {
    const result = await run(() => twoFactorApi.confirmEnable(code));
    if (result) {
      notifySuccess(t('twoFactor.turnedOn'));
      setStep({ kind: 'codes', codes: result.recoveryCodes });
      await refresh();
    }
  }

  if (status.isPending) return <Spin />;
  if (status.isError) return <Alert type="error" title={status.error.message} />;
  const enabled = status.data.status === TWO_FA_STATUS.enabled;

  if (step.kind === 'codes') return <RecoveryCodesView codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  if (step.kind === 'password') {
    return (
      <Form layout="vertical" onFinish={(values: { password: string }) => void submitPassword(step.action, values.password)} disabled={busy}>
        <Typography.Paragraph>{t('twoFactor.passwordStep')}</Typography.Paragraph>
        <Form.Item label={t('twoFactor.password')} name="password" rules={[rules.field(passwordConfirmationSchema.shape.password, t('twoFactor.password'))]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Space>
          <Button onClick={() => setStep({ kind: 'idle' })}>{common('cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={busy} danger={step.action === 'disable'}>
            {t('twoFactor.continue')}
          </Button>
        </Space>
      </Form>
    );
  }
  if (step.kind === 'code') {
    return (
      <Form layout="vertical" onFinish={(values: { code: string }) => void submitCode(values.code)} disabled={busy}>
        <Typography.Paragraph>{t('twoFactor.codeStep', { destination: step.destination })}</Typography.Paragraph>
        <Form.Item label={t('twoFactor.code')} name="code" rules={[rules.field(verificationCodeSchema, t('twoFactor.code'))]}>
          <CodeInput label={t('twoFactor.code')} autoFocus />
        </Form.Item>
        <Space>
          <Button onClick={() => setStep({ kind: 'idle' })}>{common('cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('twoFactor.confirm')}
          </Button>
        </Space>
      </Form>
    );
  }

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Typography.Text strong>{t('twoFactor.tab')}</Typography.Text>
        <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('twoFactor.enabled') : t('twoFactor.disabled')}</Tag>
      </Space>
      <Typography.Paragraph type="secondary">{t('twoFactor.description')}</Typography.Paragraph>
      {status.data.requiredByPolicy && <Alert type="info" showIcon title={t('twoFactor.requiredByPolicy')} />}
      {enabled ? (
        <>
          <Typography.Text>{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</Typography.Text>
          <Space wrap>
            <Button onClick={() => confirmThen('regenerate')}>{t('twoFactor.regenerate')}</Button>
            <Button danger onClick={() => confirmThen('disable')}>
              {t('twoFactor.disable')}
            </Button>
          </Space>
        </>
      ) : (
        <Button type="primary" onClick={() => confirmThen('enable')}>
          {t('twoFactor.enable')}
        </Button>
      )}
    </Space>
  );
}
