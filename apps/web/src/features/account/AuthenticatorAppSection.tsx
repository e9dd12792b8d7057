import { useState } from 'react';
import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Form, Space, Tag, Typography, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MY_APP_CALLS, type TotpEnrolment } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { accountKeys } from './account-api.ts';
import { CodeStepForm } from './CodeStepForm.tsx';
import { PasswordStepForm } from './PasswordStepForm.tsx';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: 'start' | 'remove' }
  | { kind: 'scan'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] };

/** The secret as an app's "enter a key" screen shows it: groups of four, easier to read aloud or type. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Sends a call and shows its refusal at `field` of `form` (a wrong password, a wrong code),
 * where the user can correct it; answers undefined when refused.
 */
async function atField<T>(form: FormInstance, field: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    form.setFields([{ name: field, errors: [error instanceof ApiError ? error.message : String(error)] }]);
    return undefined;
  }
}

/**
 * The authenticator app (TOTP) of the signed-in user: the password, then the QR code and the
 * secret as text, then a first code from the app; once set up, it can be removed (after a
 * confirmation and the password).
 */
export function AuthenticatorAppSection({ enrolled, onActive }: { enrolled: boolean; onActive: (active: boolean) => void }) {
  const { t } = useTranslation('account');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [step, setCurrent] = useState<Step>({ kind: 'idle' });
  /** The two-factor section above steps aside while one of this section's steps is open. */
  const setStep = (next: Step) => {
    setCurrent(next);
    onActive(next.kind !== 'idle');
  };
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.twoFactor });

  async function run<T>(field: string, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      return await atField(form, field, work);
    } finally {
      setBusy(false);
    }
  }

  async function submitPassword(action: 'start' | 'remove', password: string) {
    if (action === 'start') {
      const enrolment = await run('password', () => callApi(MY_APP_CALLS.start, { password }, { quietRefusal: true }));
      if (enrolment) {
        form.resetFields();
        setStep({ kind: 'scan', enrolment });
      }
    } else if (await run('password', () => callApi(MY_APP_CALLS.remove, { password }, { quietRefusal: true }))) {
      notifySuccess(t('app.removed'));
      setStep({ kind: 'idle' });
      await refresh();
    }
  }

  async function submitCode(code: string) {
    const result = await run('code', () => callApi(MY_APP_CALLS.confirm, { code }, { quietRefusal: true }));
    if (!result) return;
    notifySuccess(t('app.added'));
    await refresh();
    // Recovery codes come only when this turned two-factor on.
    setStep(result.recoveryCodes.length ? { kind: 'codes', codes: result.recoveryCodes } : { kind: 'idle' });
  }

  if (step.kind === 'codes') return <RecoveryCodesView codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
  if (step.kind === 'password') {
    return (
      <PasswordStepForm
        form={form}
        intro={t('app.passwordStep')}
        busy={busy}
        danger={step.action === 'remove'}
        onCancel={() => setStep({ kind: 'idle' })}
        onSubmit={(password) => void submitPassword(step.action, password)}
      />
    );
  }
  if (step.kind === 'scan') {
    const { secret, qrCode } = step.enrolment;
    return (
      <CodeStepForm form={form} label={t('app.code')} hint={t('app.codeHint')} busy={busy} onCancel={() => setStep({ kind: 'idle' })} onSubmit={(code) => void submitCode(code)}>
        <Typography.Paragraph>{t('app.scanStep')}</Typography.Paragraph>
        <img src={qrCode} alt={t('app.qrAlt')} width={200} height={200} style={{ display: 'block', margin: '0 auto 12px' }} />
        <Typography.Paragraph>{t('app.secretStep')}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16 }}>
          <Typography.Text code data-testid="totp-secret" data-secret={secret} style={{ fontSize: 16, letterSpacing: 1 }}>
            {groupedSecret(secret)}
          </Typography.Text>
          <Button
            icon={<CopyOutlined />}
            onClick={() => {
              void navigator.clipboard?.writeText(secret).then(() => notifySuccess(t('twoFactor.copied')));
            }}
          >
            {t('app.copySecret')}
          </Button>
        </Space>
      </CodeStepForm>
    );
  }

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Typography.Text strong>{t('app.title')}</Typography.Text>
        <Tag color={enrolled ? 'green' : 'default'}>{enrolled ? t('app.enrolled') : t('app.notEnrolled')}</Tag>
      </Space>
      <Typography.Paragraph type="secondary">{t('app.description')}</Typography.Paragraph>
      {enrolled ? (
        <Button
          danger
          onClick={() =>
            modal.confirm({
              title: t('app.removeConfirmTitle'),
              content: t('app.removeConfirmText'),
              okButtonProps: { danger: true },
              onOk: () => setStep({ kind: 'password', action: 'remove' }),
            })
          }
        >
          {t('app.remove')}
        </Button>
      ) : (
        <Button onClick={() => setStep({ kind: 'password', action: 'start' })}>{t('app.add')}</Button>
      )}
    </Space>
  );
}
