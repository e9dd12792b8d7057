import { useState } from 'react';
import { Alert, App, Button, Empty, Flex, Form, Input, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MY_PASSKEY_CALLS, passkeyNameSchema, type Passkey, type Reauthentication } from '@portal/contracts';
import { callApi, callKey, useCall } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { formatDate } from '../../shared/format.ts';
import { useFieldRules } from '../../shared/field-rules.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { assertPasskey, CeremonyError, createPasskey, isAborted } from '../../shared/webauthn.ts';

type Step = { kind: 'list' } | { kind: 'add' } | { kind: 'remove'; passkey: Passkey };
type Values = { name?: string; password?: string };
const quiet = { quietRefusal: true } as const;

/**
 * The signed-in user's passkeys (account information → security): listed with when they were
 * made and last used; adding and removing one first asks who is there (the password, or one of
 * their passkeys), as the server requires; renaming does not.
 */
export function PasskeysSettings() {
  const { t } = useTranslation('passkeys');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const list = useCall(MY_PASSKEY_CALLS.list, undefined);
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [renaming, setRenaming] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey: callKey(MY_PASSKEY_CALLS.list) });

  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" title={list.error.message} />;
  const passkeys = list.data;

  if (step.kind === 'add') {
    return (
      <ReauthForm
        intro={t('settings.addStep')}
        submitLabel={t('settings.create')}
        withName
        canUsePasskey={passkeys.length > 0}
        onCancel={() => setStep({ kind: 'list' })}
        onConfirmed={async ({ name }, reauthentication) => {
          const options = await callApi(MY_PASSKEY_CALLS.registerOptions, reauthentication, quiet);
          const response = await createPasskey(options);
          await callApi(MY_PASSKEY_CALLS.register, { name: name ?? '', response }, quiet);
          notifySuccess(t('settings.added'));
          setStep({ kind: 'list' });
          await refresh();
        }}
      />
    );
  }
  if (step.kind === 'remove') {
    return (
      <ReauthForm
        intro={t('settings.removeStep', { name: step.passkey.name })}
        submitLabel={t('settings.remove')}
        danger
        canUsePasskey
        onCancel={() => setStep({ kind: 'list' })}
        onConfirmed={async (_values, reauthentication) => {
          await callApi(MY_PASSKEY_CALLS.remove, { id: step.passkey.id, reauthentication }, quiet);
          notifySuccess(t('settings.removed'));
          setStep({ kind: 'list' });
          await refresh();
        }}
      />
    );
  }

  const confirmRemove = (passkey: Passkey) =>
    modal.confirm({
      title: t('settings.removeConfirmTitle', { name: passkey.name }),
      content: t('settings.removeConfirmText'),
      okText: t('settings.remove'),
      okButtonProps: { danger: true },
      onOk: () => setStep({ kind: 'remove', passkey }),
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('settings.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('settings.description')}</Typography.Text>
      </div>
      {passkeys.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settings.empty')} />
      ) : (
        <ul className="passkey-list" aria-label={t('settings.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              {renaming === passkey.id ? (
                <RenameForm passkey={passkey} onDone={() => setRenaming(undefined)} onSaved={refresh} />
              ) : (
                <Flex justify="space-between" align="center" gap={12} wrap>
                  <div style={{ minWidth: 0 }}>
                    <Typography.Text strong>{passkey.name}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">
                        {t('settings.created', { date: formatDate(passkey.createdAt, true) })}
                        {' · '}
                        {passkey.lastUsedAt ? t('settings.lastUsed', { date: formatDate(passkey.lastUsedAt, true) }) : t('settings.neverUsed')}
                      </Typography.Text>
                    </div>
                  </div>
                  <Space>
                    <Button onClick={() => setRenaming(passkey.id)} aria-label={t('settings.renameOf', { name: passkey.name })}>
                      {t('settings.rename')}
                    </Button>
                    <Button danger onClick={() => confirmRemove(passkey)} aria-label={t('settings.removeOf', { name: passkey.name })}>
                      {t('settings.remove')}
                    </Button>
                  </Space>
                </Flex>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button type="primary" onClick={() => setStep({ kind: 'add' })}>
        {t('settings.add')}
      </Button>
    </Space>
  );
}

/** The message of a failed ceremony or call, and the field it belongs at (if any). */
function useFailure() {
  const { t } = useTranslation('passkeys');
  return (error: unknown, byPassword: boolean): { field?: 'name' | 'password'; message: string } | undefined => {
    if (isAborted(error)) return undefined;
    if (error instanceof CeremonyError) return { message: t(`failure.${error.failure}`) };
    if (error instanceof ApiError) {
      const named = error.fieldErrors?.find((fieldError) => /^body\.(name|password|reauthentication\.password)$/.test(fieldError.field));
      if (named) return { field: named.field.endsWith('name') ? 'name' : 'password', message: named.message };
      // A refused re-authentication by password (a wrong password) belongs at the password.
      return byPassword ? { field: 'password', message: error.message } : { message: error.message };
    }
    return { message: error instanceof Error ? error.message : String(error) };
  };
}

/** Asks who is there before a change: the password, or (with `canUsePasskey`) one of their passkeys. */
function ReauthForm(props: {
  intro: string;
  submitLabel: string;
  withName?: boolean;
  danger?: boolean;
  canUsePasskey: boolean;
  onCancel: () => void;
  onConfirmed: (values: Values, reauthentication: Reauthentication) => Promise<void>;
}) {
  const { t } = useTranslation('passkeys');
  const common = useTranslation().t;
  const rules = useFieldRules();
  const failureOf = useFailure();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function confirm(values: Values, byPasskey: boolean) {
    setBusy(true);
    setFailure(undefined);
    try {
      const reauthentication: Reauthentication = byPasskey
        ? { passkey: await assertPasskey(await callApi(MY_PASSKEY_CALLS.reauthOptions, undefined, quiet)) }
        : { password: values.password ?? '' };
      await props.onConfirmed(values, reauthentication);
    } catch (error) {
      const shown = failureOf(error, !byPasskey);
      if (shown?.field) form.setFields([{ name: shown.field, errors: [shown.message] }]);
      else if (shown) setFailure(shown.message);
    } finally {
      setBusy(false);
    }
  }

  async function withPasskey() {
    // The name is still needed; the password is not.
    const values = props.withName ? await form.validateFields(['name']).catch(() => undefined) : {};
    if (values) await confirm(values, true);
  }

  return (
    <Form form={form} layout="vertical" disabled={busy} initialValues={{ name: props.withName ? t('settings.defaultName') : undefined }} onFinish={(values) => void confirm(values, false)}>
      <Typography.Paragraph>{props.intro}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {props.withName && (
        <Form.Item label={t('settings.name')} name="name" rules={[rules.field(passkeyNameSchema, t('settings.name'))]} extra={t('settings.nameHint')}>
          <Input autoFocus maxLength={100} />
        </Form.Item>
      )}
      <Form.Item label={t('settings.password')} name="password" rules={[{ required: true, message: t('settings.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" autoFocus={!props.withName} />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button onClick={props.onCancel}>{common('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} danger={props.danger}>
          {props.submitLabel}
        </Button>
        {props.canUsePasskey && (
          <Button type="link" onClick={() => void withPasskey()}>
            {t('settings.withPasskey')}
          </Button>
        )}
      </Flex>
    </Form>
  );
}

/** Renames a passkey in its row: Enter saves, Escape gives up. */
function RenameForm({ passkey, onDone, onSaved }: { passkey: Passkey; onDone: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation('passkeys');
  const common = useTranslation().t;
  const rules = useFieldRules();
  const failureOf = useFailure();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);

  async function save({ name }: { name: string }) {
    setBusy(true);
    try {
      await callApi(MY_PASSKEY_CALLS.rename, { id: passkey.id, name }, quiet);
      notifySuccess(t('settings.renamed'));
      onDone();
      await onSaved();
    } catch (error) {
      const shown = failureOf(error, false);
      if (shown) form.setFields([{ name: 'name', errors: [shown.message] }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} layout="vertical" disabled={busy} initialValues={{ name: passkey.name }} onFinish={(values) => void save(values)}>
      <Form.Item label={t('settings.name')} name="name" rules={[rules.field(passkeyNameSchema, t('settings.name'))]} style={{ marginBottom: 8 }}>
        <Input autoFocus maxLength={100} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onDone())} />
      </Form.Item>
      <Space>
        <Button onClick={onDone}>{common('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('settings.save')}
        </Button>
      </Space>
    </Form>
  );
}
