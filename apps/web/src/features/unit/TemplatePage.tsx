import { useMemo } from 'react';
import { CloudUploadOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { businessTemplateResource, SERVICE_APP_CALLS, STATUS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { announcePush } from '../service-apps/announce-push.ts';
import { useDeliveryFailureText } from '../service-apps/delivery-failure.ts';
import { useServiceAppOptions } from '../service-apps/service-options.ts';
import { UnitChoiceButton } from './UnitChoiceButton.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['unit'] as const;

/** /enterprise/template: the business information each service offers new units, its default, and pushing one into a unit's app. */
export default function TemplatePage() {
  const { t } = useTranslation('unit');
  const statusText = useStatusText();
  const failureText = useDeliveryFailureText();
  const canPush = usePermissions().has(businessTemplateResource.permissions.update!);

  const definition = useMemo((): ResourceScreenDefinition<typeof businessTemplateResource> => {
    const isDefault = (row: RecordOf<typeof businessTemplateResource>) => (row.isDefault ? <Tag color="green">{t('template.default')}</Tag> : null);
    const push = (row: RecordOf<typeof businessTemplateResource>) => (
      <UnitChoiceButton
        iconOnly
        icon={<CloudUploadOutlined />}
        label={t('template.sync')}
        subject={String(row.name)}
        question={t('template.syncQuestion', { name: row.name, service: row.serviceName })}
        unitLabel={t('template.unit')}
        onChoose={async (unitId) => {
          const result = await callApi(SERVICE_APP_CALLS.pushTemplate, { unitId }, { params: { id: row.id } });
          announcePush(result, t('template.synced'), (list) => t('template.syncFailed', { list }), failureText);
        }}
      />
    );
    return {
      contract: businessTemplateResource,
      title: t('template.title'),
      columns: [
        { title: t('template.service'), dataIndex: 'serviceName', key: 'serviceName' },
        { title: t('template.name'), dataIndex: 'name', key: 'name' },
        { title: t('template.description'), dataIndex: 'description', key: 'description' },
        { title: t('template.isDefault'), key: 'isDefault', fit: 'keep', render: (_v: unknown, row: RecordOf<typeof businessTemplateResource>) => isDefault(row) },
        { title: t('template.updatedAt'), key: 'updatedAt', fit: 'keep', render: (_v: unknown, row: RecordOf<typeof businessTemplateResource>) => formatDate(row.updatedAt, true) },
      ],
      form: [
        { name: 'serviceId', label: t('template.service'), input: 'select', options: useServiceAppOptions },
        { name: 'name', label: t('template.name'), input: 'text' },
        { name: 'description', label: t('template.description'), input: 'textarea', wide: true },
        { name: 'content', label: t('template.content'), input: 'textarea', wide: true },
        { name: 'isDefault', label: t('template.isDefault'), input: 'switch' },
      ],
      defaults: { isDefault: false },
      filters: [
        { name: 'serviceId', label: t('template.service'), options: useServiceAppOptions },
        { name: 'status', label: t('template.status'), options: activeStatusOptions(statusText) },
      ],
      view: [
        { label: t('template.service'), render: (row) => row.serviceName },
        { label: t('template.name'), render: (row) => row.name },
        { label: t('template.description'), render: (row) => row.description },
        { label: t('template.content'), render: (row) => <pre style={{ whiteSpace: 'pre-wrap' }}>{row.content}</pre> },
        { label: t('template.isDefault'), render: isDefault },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, row) => t(status === STATUS.active ? 'template.activate' : 'template.deactivate', { name: row.name }),
      },
      deleteQuestion: (row) => t('template.deleteQuestion', { name: row.name }),
      rowActions: canPush ? push : undefined,
    };
  }, [canPush, failureText, statusText, t]);

  return <ResourceScreen definition={definition} />;
}
