import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordFieldsSchema, VERIFICATION, verificationCodeSchema, type RequestChangeMyPass } from '@portal/contracts';
import { renewSessionAfter } from '../../auth/session.ts';
import { CodeInput } from '../../shared/CodeInput.tsx';
import { useFieldRules } from '../../shared/field-rules.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { ResendButton } from '../../shared/ResendButton.tsx';
import { changeMyPass, requestChangeMyPass } from './account-api.ts';

const fields = changePasswordFieldsSchema.shape;
const stripSpaces = (value: string) => value.replace(/\s+/g, '');

/**
 * Change password from the account menu (section 4): the passwords; when the server answers
 * enableVerify, the 6-digit code e-mailed, with a 300-second resend countdown. Other sessions
 * end; this browser renews its tokens right away and stays signed in.
 */
export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const rules = useFieldRules();
  const [form] = Form.useForm<RequestChangeMyPass>();
  const [passwords, setPasswords] = useState<RequestChangeMyPass>();
  const [busy, setBusy] = useState(false);

  function close() {
    setPasswords(undefined);
    form.resetFields();
    onClose();
  }

  function finish() {
    notifySuccess(t('changePassword.done'));
    close();
  }

  async function submitPasswords(values: RequestChangeMyPass) {
    setBusy(true);
    try {
      // Without a code to ask, this call changes the password: the tokens are renewed at once.
      const answer = await renewSessionAfter(() => requestChangeMyPass(values), (reply) => !reply.enableVerify);
      if (answer.enableVerify) setPasswords(values);
      else finish();
    } catch {
      // The HTTP client has shown the refusal (e.g. code 16, old password wrong).
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(codeVerify: string) {
    if (!passwords) return;
    setBusy(true);
    try {
      await renewSessionAfter(() => changeMyPass({ ...passwords, codeVerify }));
      finish();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onCancel={close} footer={null} title={t('changePassword.title')} destroyOnHidden maskClosable={false}>
      {passwords ? (
        <Form layout="vertical" onFinish={(values: { code: string }) => void submitCode(values.code)} disabled={busy}>
          <Typography.Paragraph>{t('changePassword.codeStep')}</Typography.Paragraph>
          <Form.Item label={t('changePassword.code')} name="code" rules={[rules.field(verificationCodeSchema, t('changePassword.code'))]}>
            <CodeInput label={t('changePassword.code')} autoFocus />
          </Form.Item>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <ResendButton
              initialSeconds={VERIFICATION.resendCountdownAccountMenuSeconds}
              label={t('changePassword.resend')}
              countdownLabel={(seconds) => t('changePassword.resendIn', { seconds })}
              onResend={async () => (await requestChangeMyPass(passwords)).resendAfterSeconds}
            />
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('changePassword.confirm')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Form<RequestChangeMyPass> form={form} layout="vertical" onFinish={(values) => void submitPasswords(values)} disabled={busy}>
          <Form.Item label={t('changePassword.oldPassword')} name="oldPassword" rules={[rules.field(fields.oldPassword, t('changePassword.oldPassword'))]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Form.Item label={t('changePassword.newPassword')} name="newPassword" rules={[rules.field(fields.newPassword, t('changePassword.newPassword'))]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('changePassword.confirmPassword')}
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={[rules.field(fields.confirmPassword, t('changePassword.confirmPassword')), rules.sameAs('newPassword', stripSpaces)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('changePassword.submit')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
