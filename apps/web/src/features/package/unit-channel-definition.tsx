import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS, unitChannelResource } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { FilterField, RecordOf, ResourceColumn, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { useServiceAppOptions } from '../service-apps/service-options.ts';
import { unitOptions } from '../user/user-options.ts';

/**
 * Units' access to services (/api/UnitChannel), seen by business (unit first) or by service
 * (service first): the same rows, switched on and off. Platform staff also add a service to a
 * unit and remove one (/service/permission-enterprise); a unit's administrator sees their own.
 */
export function useUnitChannelDefinition(view: 'business' | 'service', title: string): ResourceScreenDefinition<typeof unitChannelResource> {
  const { t } = useTranslation('commerce');
  const statusText = useStatusText();
  const platform = useProfile().data?.unitId === null;

  return useMemo((): ResourceScreenDefinition<typeof unitChannelResource> => {
    const bought = (a: RecordOf<typeof unitChannelResource>) => (a.bought ? <Tag color="green">{t('access.boughtYes')}</Tag> : <Tag color="red">{t('access.boughtNo')}</Tag>);
    const unit: ResourceColumn<RecordOf<typeof unitChannelResource>> = { title: t('access.unit'), dataIndex: 'unitName', key: 'unitName' };
    const service: ResourceColumn<RecordOf<typeof unitChannelResource>> = { title: t('access.service'), dataIndex: 'serviceName', key: 'serviceName' };
    const unitFilter: FilterField<typeof unitChannelResource> = { name: 'unitId', label: t('access.unit'), options: unitOptions };
    const serviceFilter: FilterField<typeof unitChannelResource> = { name: 'serviceId', label: t('access.service'), options: useServiceAppOptions };
    return {
      contract: unitChannelResource,
      title,
      columns: [
        ...(view === 'business' ? [unit, service] : [service, unit]),
        { title: t('access.bought'), key: 'bought', fit: 'keep', render: (_v: unknown, a: RecordOf<typeof unitChannelResource>) => bought(a) },
        { title: t('access.grants'), dataIndex: 'grants', key: 'grants', fit: 'keep', align: 'right' as const },
      ],
      form: [
        { name: 'unitId', label: t('access.unit'), input: 'select', options: unitOptions, readOnlyOnEdit: true, wide: true },
        { name: 'serviceId', label: t('access.service'), input: 'select', options: useServiceAppOptions, readOnlyOnEdit: true, wide: true },
        { name: 'status', label: t('access.on'), input: 'switch' },
      ],
      defaults: { status: STATUS.active },
      filters: [
        // Only platform staff list units; a unit's administrator sees their own unit's rows.
        ...(view === 'business' ? [...(platform ? [unitFilter] : []), serviceFilter] : [serviceFilter, ...(platform ? [unitFilter] : [])]),
        { name: 'status', label: t('access.on'), options: activeStatusOptions(statusText) },
      ],
      view: [
        { label: t('access.unit'), render: (a) => a.unitName },
        { label: t('access.service'), render: (a) => a.serviceName },
        { label: t('access.bought'), render: bought },
        { label: t('access.grants'), render: (a) => a.grants },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, a) => t(status === STATUS.active ? 'access.activate' : 'access.deactivate', { service: a.serviceName, unit: a.unitName }),
      },
      deleteQuestion: (a) => t('access.deleteQuestion', { service: a.serviceName, unit: a.unitName }),
      nameOf: (a) => `${a.unitName}: ${a.serviceName}`,
    };
  }, [platform, statusText, t, title, view]);
}
