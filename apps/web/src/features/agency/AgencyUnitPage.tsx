import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { agencyUnitResource, USER_COUNT_BANDS } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, FormField, ResourceScreenDefinition, FilterField } from '../../shared/resource/types.ts';
import { agencyOptions, useIsAgencyUser } from './agency-options.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['agency', 'unit'] as const;

/**
 * /agency-crm/agency-unit: the units agencies brought, with their packs; an agency's user sees
 * their agency's, registers trials for customers and corrects those trials' details, never
 * changing anything inside a unit.
 */
export default function AgencyUnitPage() {
  const { t } = useTranslation('agency');
  const { t: u } = useTranslation('unit');
  const agencyUser = useIsAgencyUser();
  const statusText = useStatusText();

  const definition = useMemo((): ResourceScreenDefinition<typeof agencyUnitResource> => {
    const type = (unit: RecordOf<typeof agencyUnitResource>) => (unit.isTrial ? <Tag color="orange">{u('type.trial')}</Tag> : <Tag color="blue">{u('type.official')}</Tag>);
    const packs = (unit: RecordOf<typeof agencyUnitResource>) => (unit.packNames).map((name) => <Tag key={name}>{name}</Tag>);
    const form: FormField<typeof agencyUnitResource>[] = [
      ...(agencyUser ? [] : [{ name: 'agencyId', label: t('fields.agency'), input: 'select', options: agencyOptions, wide: true, only: 'create' } satisfies FormField<typeof agencyUnitResource>]),
      { name: 'name', label: u('fields.name'), input: 'text', wide: true },
      { name: 'businessCode', label: u('fields.businessCode'), input: 'text' },
      { name: 'numberOfEmployees', label: u('fields.numberOfEmployees'), input: 'select', options: USER_COUNT_BANDS.map((band) => ({ value: band, label: band })) },
      { name: 'shortName', label: u('fields.shortName'), input: 'text' },
      { name: 'address', label: u('fields.address'), input: 'text' },
      { name: 'adminUsername', label: u('fields.adminUsername'), input: 'text', only: 'create' },
      { name: 'adminEmail', label: u('fields.adminEmail'), input: 'text', only: 'create' },
      { name: 'adminPassword', label: u('fields.adminPassword'), input: 'password', wide: true, only: 'create' },
    ];
    return {
      contract: agencyUnitResource,
      title: t('units'),
      columns: [
        { title: u('fields.name'), dataIndex: 'name', key: 'name' },
        { title: u('fields.businessCode'), dataIndex: 'businessCode', key: 'businessCode', fit: 'keep' },
        ...(agencyUser ? [] : [{ title: t('fields.agency'), dataIndex: 'agencyName' as const, key: 'agencyName' }]),
        { title: u('fields.adminUnit'), dataIndex: 'adminUsername', key: 'adminUsername', fit: 'keep' },
        { title: u('fields.isTrial'), key: 'isTrial', fit: 'keep', render: (_v: unknown, unit: RecordOf<typeof agencyUnitResource>) => type(unit) },
        { title: t('fields.packs'), key: 'packs', render: (_v: unknown, unit: RecordOf<typeof agencyUnitResource>) => packs(unit) },
        { title: t('fields.openUpgradeRequests'), dataIndex: 'openUpgradeRequests', key: 'openUpgradeRequests', fit: 'keep' },
        { title: u('fields.expiryDate'), key: 'expiryDate', fit: 'keep', render: (_v: unknown, unit: RecordOf<typeof agencyUnitResource>) => formatDate(unit.expiryDate) },
      ],
      form,
      // An agency corrects the trial units it registered; the others are the platform's (the server refuses them too).
      canEdit: (unit) => unit.isTrial === true,
      filters: [
        ...(agencyUser ? [] : ([{ name: 'agencyId', label: t('fields.agency'), options: agencyOptions }] satisfies FilterField<typeof agencyUnitResource>[])),
        { name: 'isTrial', label: u('fields.isTrial'), options: [{ value: true, label: u('type.trial') }, { value: false, label: u('type.official') }] },
        { name: 'status', label: u('fields.status'), options: activeStatusOptions(statusText) },
      ],
      view: [
        { label: u('fields.name'), render: (x) => x.name },
        { label: u('fields.businessCode'), render: (x) => x.businessCode },
        { label: u('fields.address'), render: (x) => (x.address) ?? '' },
        { label: t('fields.agency'), render: (x) => x.agencyName },
        { label: u('fields.adminUnit'), render: (x) => `${(x.adminUsername) ?? ''} ${x.adminEmail ? `(${x.adminEmail})` : ''}` },
        { label: u('fields.isTrial'), render: type },
        { label: t('fields.packs'), render: packs },
        { label: t('fields.openUpgradeRequests'), render: (x) => String(x.openUpgradeRequests) },
        { label: u('fields.status'), render: (x) => statusText(x.status) },
        { label: u('fields.expiryDate'), render: (x) => formatDate(x.expiryDate) },
        { label: u('fields.registrationDate'), render: (x) => formatDate(x.registrationDate) },
      ],
    };
  }, [t, u, agencyUser, statusText]);

  return <ResourceScreen definition={definition} />;
}
