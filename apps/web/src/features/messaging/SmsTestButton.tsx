import { useState } from 'react';
import { SendOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smsSendTestSchema, SMS_TEMPLATE_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { useFieldRules } from '../../shared/field-rules.ts';
import { notifySuccess } from '../../shared/notify.ts';

/** Sends a template, with sample values, to one number: through the gateway, or into the development outbox. */
export function SmsTestButton({ template }: { template: { id: string; name: string } }) {
  const { t } = useTranslation('messaging');
  const rules = useFieldRules();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ phone: string }>();
  const send = useMutation({
    mutationFn: (phone: string) => callApi(SMS_TEMPLATE_CALLS.sendTest, { id: template.id, phone }),
    onSuccess: () => {
      notifySuccess(t('sms.sent'));
      setOpen(false);
    },
  });
  const label = t('sms.sendTest');
  return (
    <>
      <Tooltip title={label}>
        <Button type="text" icon={<SendOutlined />} aria-label={`${label} ${template.name}`} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && (
        <Modal
          open
          title={t('sms.sendTestTitle', { name: template.name })}
          okText={label}
          onOk={() =>
            // A refused phone number is shown at its field: nothing else to do with the rejection.
            void form.validateFields().then(({ phone }) => send.mutate(phone.trim()), () => undefined)
          }
          confirmLoading={send.isPending}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <Form form={form} layout="vertical">
            <Form.Item name="phone" label={t('sms.phone')} required rules={[rules.field(smsSendTestSchema.shape.phone, t('sms.phone'))]}>
              <Input aria-label={t('sms.phone')} inputMode="tel" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
