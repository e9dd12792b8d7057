import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { STATUS, type AppObjectResource } from '@portal/contracts';
import { usePermissions, useProfile } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { FilterField, FormField, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { unitOptions } from '../user/user-options.ts';
import { useServiceAppOptions } from './service-options.ts';
import { SyncAction } from './SyncAction.tsx';

/**
 * The screen of one kind of a unit's app objects (/user/role-service, /user/profile-service,
 * /user/user-group-service): they share their columns, form and questions; the phrases differ.
 */
export function AppObjectScreen({ contract }: { contract: AppObjectResource }) {
  const { t } = useTranslation('serviceApps');
  const { t: r } = useTranslation('resource');
  const platform = useProfile().data?.unitId === null;
  const statusText = useStatusText();
  const kind = contract.kind;
  const canSync = usePermissions().has(contract.permissions.update!);

  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition<AppObjectResource> => {
    const statuses = activeStatusOptions(statusText);
    const form: FormField<AppObjectResource>[] = [
      ...(platform ? ([{ name: 'unitId', label: t('fields.unit'), input: 'select', options: unitOptions, only: 'create', wide: true }] satisfies FormField<AppObjectResource>[]) : []),
      { name: 'serviceId', label: t('fields.service'), input: 'select', options: useServiceAppOptions, readOnlyOnEdit: true },
      { name: 'code', label: t('fields.code'), input: 'text' },
      { name: 'name', label: t(`${kind}.name`), input: 'text', wide: true },
      { name: 'description', label: t('fields.description'), input: 'textarea' },
    ];
    return {
      contract,
      title: screenTitle ?? t(`${kind}.title`),
      columns: [
        { title: t('fields.code'), dataIndex: 'code', key: 'code', fit: 'keep' },
        { title: t(`${kind}.name`), dataIndex: 'name', key: 'name' },
        { title: t('fields.service'), dataIndex: 'serviceName', key: 'serviceName' },
        ...(platform ? [{ title: t('fields.unit'), dataIndex: 'unitName' as const, key: 'unitName' }] : []),
        { title: t('fields.description'), dataIndex: 'description', key: 'description' },
      ],
      form,
      filters: [
        ...(platform ? ([{ name: 'unitId', label: t('fields.unit'), options: unitOptions }] satisfies FilterField<AppObjectResource>[]) : []),
        { name: 'serviceId', label: t('fields.service'), options: useServiceAppOptions },
        { name: 'status', label: r('status.label'), options: statuses },
      ],
      view: [
        { label: t('fields.code'), render: (o) => o.code },
        { label: t(`${kind}.name`), render: (o) => o.name },
        { label: t('fields.service'), render: (o) => o.serviceName },
        { label: t('fields.unit'), render: (o) => o.unitName },
        { label: t('fields.description'), render: (o) => o.description },
        { label: t('fields.createdAt'), render: (o) => formatDate(o.createdAt) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, o) => t(status === STATUS.active ? `${kind}.activate` : `${kind}.deactivate`, { name: o.name }),
      },
      deleteQuestion: (o) => t(`${kind}.deleteQuestion`, { name: o.name }),
      rowActions: (o) => canSync && <SyncAction name={contract.name} record={o} subject={String(o.code)} platform={platform} />,
    };
  }, [canSync, contract, kind, platform, r, statusText, t, screenTitle]);

  return <ResourceScreen definition={definition} />;
}
