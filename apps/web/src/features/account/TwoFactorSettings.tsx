import { useState } from 'react';
import { Alert, App, Button, Divider, Space, Spin, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TWO_FA_STATUS } from '@portal/contracts';
import { notifySuccess } from '../../shared/notify.ts';
import { accountKeys } from './account-api.ts';
import { twoFactorApi, useMyTwoFactor } from './two-factor-api.ts';
import { AuthenticatorAppSection } from './AuthenticatorAppSection.tsx';
import { CodeStepForm } from './CodeStepForm.tsx';
import { PasswordStepForm } from './PasswordStepForm.tsx';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';

type Action = 'enable' | 'disable' | 'regenerate';
type Step = { kind: 'idle' } | { kind: 'password'; action: Action } | { kind: 'code'; destination: string } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor of the signed-in user (section 4): turning it on asks the password, then the
 * code e-mailed; turning it off and new recovery codes ask the password after a confirmation.
 * Below, the authenticator app, whose first code also turns two-factor on.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation('account');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const status = useMyTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [appActive, setAppActive] = useState(false);

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
      <PasswordStepForm
        intro={t('twoFactor.passwordStep')}
        busy={busy}
        danger={step.action === 'disable'}
        onCancel={() => setStep({ kind: 'idle' })}
        onSubmit={(password) => void submitPassword(step.action, password)}
      />
    );
  }
  if (step.kind === 'code') {
    return (
      <CodeStepForm label={t('twoFactor.code')} busy={busy} autoFocus onCancel={() => setStep({ kind: 'idle' })} onSubmit={(code) => void submitCode(code)}>
        <Typography.Paragraph>{t('twoFactor.codeStep', { destination: step.destination })}</Typography.Paragraph>
      </CodeStepForm>
    );
  }

  // The app's section sits outside the Space: its children are re-indexed when two-factor turns
  // on, which would remount the section in the middle of its own steps.
  return (
    <>
      <Space orientation="vertical" style={{ width: '100%', display: appActive ? 'none' : undefined }}>
        <Space>
          <Typography.Text strong>{t('twoFactor.tab')}</Typography.Text>
          <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('twoFactor.enabled') : t('twoFactor.disabled')}</Tag>
        </Space>
        <Typography.Paragraph type="secondary">{t('twoFactor.description')}</Typography.Paragraph>
        {status.data.requiredByPolicy && <Alert type="info" showIcon title={t('twoFactor.requiredByPolicy')} />}
        {/* "Passkey only" holds for whoever uses two-factor; without a passkey, the next sign-in asks for one (docs/decisions.md). */}
        {status.data.requiredFactor === 'passkey' && (enabled || status.data.requiredByPolicy) && status.data.passkeys === 0 && (
          <Alert type="warning" showIcon title={t('twoFactor.passkeyRequired')} />
        )}
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
      {!appActive && <Divider />}
      <AuthenticatorAppSection enrolled={status.data.app} onActive={setAppActive} />
    </>
  );
}
