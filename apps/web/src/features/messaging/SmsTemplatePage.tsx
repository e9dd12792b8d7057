import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_SYSTEM_TYPE_NAMES, SMS_SYSTEM_TYPES, SMS_TYPES, smsLength, smsTemplateResource, type SmsSystemType } from '@portal/contracts';
import { usePermissions } from '../../api/queries.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, activeStatusToggle, useStatusText } from '../../shared/resource/status.ts';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { SmsContentInput } from './SmsContentInput.tsx';
import { SmsOutboxButton } from './SmsOutboxButton.tsx';
import { SmsTestButton } from './SmsTestButton.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['messaging'] as const;

/** /system/template-sms: SMS templates with their type and system type, their length in parts, a test send and the outbox. */
export default function SmsTemplatePage() {
  const { t } = useTranslation('messaging');
  const statusText = useStatusText();
  const permissions = usePermissions();

  const definition = useMemo((): ResourceScreenDefinition<typeof smsTemplateResource> => {
    const types = SMS_TYPES.map((value) => ({ value, label: t(`sms.types.${value}`) }));
    const systemTypes = SMS_SYSTEM_TYPE_NAMES.map((value) => ({ value, label: `${t(`sms.systemTypes.${value}`)} (${t('sms.variables', { list: SMS_SYSTEM_TYPES[value].variables.join(', ') })})` }));
    const systemTypeName = (value: SmsSystemType | null) => (value ? t(`sms.systemTypes.${value}`) : t('sms.noSystemType'));
    return {
      contract: smsTemplateResource,
      title: t('sms.title'),
      columns: [
        { title: t('sms.name'), dataIndex: 'name', key: 'name' },
        { title: t('sms.type'), key: 'type', fit: 'keep', render: (_v, row) => t(`sms.types.${row.type}`) },
        { title: t('sms.systemType'), key: 'systemType', render: (_v, row) => systemTypeName(row.systemType) },
        { title: t('sms.content'), dataIndex: 'content', key: 'content' },
        {
          title: t('sms.segments'),
          key: 'segments',
          fit: 'keep',
          render: (_v, row) => {
            const length = smsLength(String(row.content));
            return `${length.segments} × ${length.encoding}`;
          },
        },
      ],
      form: [
        { name: 'name', label: t('sms.name'), input: 'text', wide: true },
        { name: 'type', label: t('sms.type'), input: 'select', options: types },
        { name: 'systemType', label: t('sms.systemType'), input: 'select', options: systemTypes },
        { name: 'content', label: t('sms.content'), input: 'custom', component: SmsContentInput, wide: true },
      ],
      defaults: { type: 'CUSTOMER_CARE' },
      filters: [
        { name: 'type', label: t('sms.type'), options: types },
        { name: 'status', label: t('sms.status'), options: activeStatusOptions(statusText) },
      ],
      status: activeStatusToggle((activate, row) => t(activate ? 'sms.activate' : 'sms.deactivate', { name: row.name })),
      deleteQuestion: (row) => t('sms.deleteQuestion', { name: row.name }),
      rowActions: (row) => permissions.has(smsTemplateResource.permissions.update!) && <SmsTestButton template={row} />,
    };
  }, [permissions, statusText, t]);

  return <ResourceScreen definition={definition} toolbarExtra={<SmsOutboxButton />} />;
}
