import { useState } from 'react';
import { Alert, Button, Card, Form, Modal, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { TWO_FA_RECURRENCE_DAYS, TWO_FA_STATUS, TWO_FA_TRIGGERS, verificationCodeSchema, type TwoFaConfig, type TwoFaTrigger } from '@portal/contracts';
import { usePermissions } from '../../api/queries.ts';
import { CodeInput } from '../../shared/CodeInput.tsx';
import { useFieldRules } from '../../shared/field-rules.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { RemoteSelect } from '../../shared/resource/RemoteSelect.tsx';
import { unitOptions } from '../user/user-options.ts';
import { systemKeys, twoFaPolicyApi, useTwoFaPolicy } from './system-api.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['system'] as const;

type Days = (typeof TWO_FA_RECURRENCE_DAYS)[number];

/** The confirmation of a status change: the code e-mailed to the administrator. */
function StatusCodeModal({ unitId, change, onClose }: { unitId: string | null; change: { status: 1 | 5; destination: string } | undefined; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation('system');
  const rules = useFieldRules();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={change !== undefined} onCancel={() => onClose(false)} footer={null} title={t('twoFactorPolicy.confirmTitle')} destroyOnHidden>
      {change && (
        <Form
          layout="vertical"
          disabled={busy}
          onFinish={(values: { code: string }) => {
            setBusy(true);
            twoFaPolicyApi
              .verifyStatusChange({ unitId, status: change.status, code: values.code })
              .then(() => onClose(true), () => undefined)
              .finally(() => setBusy(false));
          }}
        >
          <Typography.Paragraph>{t('twoFactorPolicy.codeStep', { destination: change.destination })}</Typography.Paragraph>
          <Form.Item label={t('twoFactorPolicy.code')} name="code" rules={[rules.field(verificationCodeSchema, t('twoFactorPolicy.code'))]}>
            <CodeInput label={t('twoFactorPolicy.code')} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('twoFactorPolicy.confirm')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

function PolicyForm({ policy }: { policy: TwoFaConfig }) {
  const { t } = useTranslation('system');
  const client = useQueryClient();
  const canUpdate = usePermissions().has('SYSTEM_TWOFA_UPDATE');
  const [form] = Form.useForm<{ trigger: TwoFaTrigger; recurrenceDays: Days | null; requiredFactor: TwoFaConfig['requiredFactor'] }>();
  const trigger = Form.useWatch('trigger', form) ?? policy.trigger;
  const [busy, setBusy] = useState(false);
  const [statusChange, setStatusChange] = useState<{ status: 1 | 5; destination: string }>();
  const enabled = policy.status === TWO_FA_STATUS.enabled;
  const refresh = () => client.invalidateQueries({ queryKey: systemKeys.twoFactorPolicy });

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Typography.Text strong>{t('twoFactorPolicy.status')}:</Typography.Text>
        <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('twoFactorPolicy.enabled') : t('twoFactorPolicy.disabled')}</Tag>
        {canUpdate && (
          <Button
            loading={busy && statusChange === undefined}
            onClick={() => {
              const status = enabled ? TWO_FA_STATUS.disabled : TWO_FA_STATUS.enabled;
              setBusy(true);
              twoFaPolicyApi
                .askStatusChange({ unitId: policy.unitId, status })
                .then((sent) => setStatusChange({ status, destination: sent.destination }), () => undefined)
                .finally(() => setBusy(false));
            }}
          >
            {enabled ? t('twoFactorPolicy.turnOff') : t('twoFactorPolicy.turnOn')}
          </Button>
        )}
      </Space>
      <Alert type="info" showIcon title={t('twoFactorPolicy.statusHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        disabled={!canUpdate || busy}
        initialValues={{ trigger: policy.trigger, recurrenceDays: policy.recurrenceDays ?? 30, requiredFactor: policy.requiredFactor }}
        onFinish={(values) => {
          setBusy(true);
          twoFaPolicyApi
            .save({ unitId: policy.unitId, trigger: values.trigger, recurrenceDays: values.trigger === 'recurring' ? values.recurrenceDays : null, requiredFactor: values.requiredFactor })
            .then(async () => {
              notifySuccess(t('twoFactorPolicy.saved'));
              await refresh();
            }, () => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Form.Item label={t('twoFactorPolicy.trigger')} name="trigger">
          <Radio.Group options={TWO_FA_TRIGGERS.map((value) => ({ value, label: t(`twoFactorPolicy.triggers.${value}`) }))} />
        </Form.Item>
        {trigger === 'recurring' && (
          <Form.Item label={t('twoFactorPolicy.recurrence')} name="recurrenceDays">
            <Select style={{ width: 200 }} options={TWO_FA_RECURRENCE_DAYS.map((days) => ({ value: days, label: t(`twoFactorPolicy.days.d${days}`) }))} />
          </Form.Item>
        )}
        <Form.Item label={t('twoFactorPolicy.requiredFactor')} name="requiredFactor" extra={t('twoFactorPolicy.requiredFactorHint')}>
          <Radio.Group options={(['any', 'passkey'] as const).map((value) => ({ value, label: t(`twoFactorPolicy.factors.${value}`) }))} />
        </Form.Item>
        {canUpdate && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('twoFactorPolicy.save')}
          </Button>
        )}
      </Form>
      <StatusCodeModal
        unitId={policy.unitId}
        change={statusChange}
        onClose={(changed) => {
          setStatusChange(undefined);
          if (changed) {
            notifySuccess(t('twoFactorPolicy.statusChanged'));
            void refresh();
          }
        }}
      />
    </>
  );
}

/**
 * /system/two-factor: the default two-factor policy of the platform, or a business's own (it
 * starts as a copy of the default and overrides it once saved).
 */
export default function TwoFactorPolicyPage() {
  const screenTitle = useScreenTitle();
  const { t } = useTranslation('system');
  const [unitId, setUnitId] = useState<string | null>(null);
  const policy = useTwoFaPolicy(unitId);
  return (
    <Card title={screenTitle}>
      {/* Above the select, and the select as wide as the card allows: the default's label is long on a phone. */}
      <div style={{ marginBottom: 16, maxWidth: 560 }}>
        <label htmlFor="two-factor-policy-unit" style={{ display: 'block', marginBottom: 4 }}>{t('twoFactorPolicy.appliesTo')}</label>
        <RemoteSelect
          id="two-factor-policy-unit"
          source={unitOptions}
          leading={{ value: '', label: t('twoFactorPolicy.defaultPolicy') }}
          style={{ width: '100%' }}
          value={unitId ?? ''}
          onChange={(value) => setUnitId(typeof value === 'string' && value ? value : null)}
        />
      </div>
      <Typography.Paragraph type="secondary">{unitId ? t('twoFactorPolicy.unitDescription') : t('twoFactorPolicy.description')}</Typography.Paragraph>
      {policy.isPending ? <Spin /> : policy.isError ? <Alert type="error" title={policy.error.message} /> : <PolicyForm key={unitId ?? 'default'} policy={policy.data} />}
    </Card>
  );
}
