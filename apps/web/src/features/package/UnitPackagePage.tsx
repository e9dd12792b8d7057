import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { STATUS, unitPackageResource } from '@portal/contracts';
import dayjs from 'dayjs';
import { packOptions, packTerm } from './pack-options.ts';
import { ActivePackNotice } from './ActivePackNotice.tsx';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { unitOptions } from '../user/user-options.ts';
import { PackageSyncAction } from './PackageSyncAction.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['commerce'] as const;

/** /package/package-enterprise: which pack each unit holds, its seats, period and kind. */
export default function UnitPackagePage() {
  const { t } = useTranslation('commerce');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();

  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition<typeof unitPackageResource> => {
    const kind = (p: RecordOf<typeof unitPackageResource>) => (p.isTrial ? <Tag color="orange">{t('unitPack.trial')}</Tag> : <Tag color="blue">{t('unitPack.paid')}</Tag>);
    const expiry = (p: RecordOf<typeof unitPackageResource>) => (p.endsAt ? formatDate(p.endsAt) : t('pack.unlimited'));
    const usable = (p: RecordOf<typeof unitPackageResource>) => (p.usable ? <Tag color="green">{t('unitPack.usable')}</Tag> : <Tag color="red">{t('unitPack.expired')}</Tag>);
    const statuses = activeStatusOptions(statusText);
    return {
      contract: unitPackageResource,
      title: screenTitle ?? t('unitPack.title'),
      columns: [
        { title: t('unitPack.unit'), dataIndex: 'unitName', key: 'unitName' },
        { title: t('pack.name'), dataIndex: 'packageName', key: 'packageName' },
        { title: t('unitPack.seats'), dataIndex: 'seats', key: 'seats', fit: 'keep', align: 'right' },
        { title: t('unitPack.startsAt'), key: 'startsAt', fit: 'keep', render: (_, p) => formatDate(p.startsAt) },
        { title: t('unitPack.endsAt'), key: 'endsAt', fit: 'keep', render: (_, p) => expiry(p) },
        { title: t('unitPack.kind'), key: 'kind', fit: 'keep', render: (_, p) => kind(p) },
        { title: t('unitPack.now'), key: 'usable', fit: 'keep', render: (_, p) => usable(p) },
      ],
      form: [
        { name: 'unitId', label: t('unitPack.unit'), input: 'select', options: unitOptions, readOnlyOnEdit: true, wide: true },
        { name: 'packageId', label: t('pack.name'), input: 'select', options: packOptions, wide: true },
        { name: 'seats', label: t('unitPack.seatsHint'), input: 'number' },
        { name: 'isTrial', label: t('unitPack.trial'), input: 'switch' },
        { name: 'startsAt', label: t('unitPack.startsAt'), input: 'date' },
        { name: 'endsAt', label: t('unitPack.endsAt'), input: 'date' },
      ],
      // A new pack starts today; its expiry follows from its start and the pack's term (12 months → start + 12 months).
      defaults: { startsAt: dayjs().startOf('day') },
      onFormChange: (changed, values, set) => {
        if (!('packageId' in changed) && !('startsAt' in changed)) return;
        const packageId = values.packageId;
        const start = values.startsAt;
        if (!packageId || !start) return;
        // The term is read with the pack (cached after the first time); the server counts the same when no expiry is sent.
        void packTerm(packageId).then((months) => {
          if (months !== undefined) set('endsAt', months === null ? null : start.add(months, 'month'));
        });
      },
      formNotice: (values, record) => <ActivePackNotice unitId={values.unitId} exceptId={record?.id} />,
      filters: [
        { name: 'isTrial', label: t('unitPack.kind'), options: [{ value: true, label: t('unitPack.trial') }, { value: false, label: t('unitPack.paid') }] },
        { name: 'status', label: r('status.label'), options: statuses },
      ],
      view: [
        { label: t('unitPack.unit'), render: (p) => p.unitName },
        { label: t('pack.name'), render: (p) => p.packageName },
        { label: t('pack.services'), render: (p) => (p.serviceNames).join(', ') },
        { label: t('pack.userBand'), render: (p) => p.userBand },
        { label: t('unitPack.seats'), render: (p) => p.seats },
        { label: t('unitPack.startsAt'), render: (p) => formatDate(p.startsAt) },
        { label: t('unitPack.endsAt'), render: expiry },
        { label: t('unitPack.kind'), render: kind },
        { label: t('unitPack.now'), render: usable },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, p) => t(status === STATUS.active ? 'unitPack.activate' : 'unitPack.deactivate', { name: p.packageName, unit: p.unitName }),
      },
      deleteQuestion: (p) => t('unitPack.deleteQuestion', { name: p.packageName, unit: p.unitName }),
      rowActions: (p) => <PackageSyncAction record={p} />,
      nameOf: (p) => `${p.unitName} – ${p.packageName}`,
    };
  }, [r, statusText, t, screenTitle]);

  return <ResourceScreen definition={definition} />;
}
