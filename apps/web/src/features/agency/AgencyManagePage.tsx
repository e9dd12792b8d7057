import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { agencyResource, COMMISSION_BASES } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, activeStatusToggle, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['agency'] as const;

/** /agency-crm/agency-manage: the resellers, their contact and commission terms; an agency's user sees their own. */
export default function AgencyManagePage() {
  const { t } = useTranslation('agency');
  const statusText = useStatusText();

  const definition = useMemo((): ResourceScreenDefinition<typeof agencyResource> => {
    const bases = COMMISSION_BASES.map((basis) => ({ value: basis, label: t(`basis.${basis}`) }));
    const commission = (agency: RecordOf<typeof agencyResource>) => t('commission', { percent: agency.commissionPercent, basis: t(`basis.${agency.commissionBasis}`) });
    return {
      contract: agencyResource,
      title: t('agencies'),
      columns: [
        { title: t('fields.name'), dataIndex: 'name', key: 'name' },
        { title: t('fields.code'), dataIndex: 'code', key: 'code', fit: 'keep' },
        { title: t('fields.contactName'), dataIndex: 'contactName', key: 'contactName' },
        { title: t('fields.commissionPercent'), key: 'commission', render: (_v, agency) => commission(agency) },
        { title: t('fields.unitCount'), dataIndex: 'unitCount', key: 'unitCount', fit: 'keep', align: 'right' },
        { title: t('fields.trialUnitCount'), dataIndex: 'trialUnitCount', key: 'trialUnitCount', fit: 'keep', align: 'right' },
        { title: t('fields.contractEndDate'), key: 'contractEndDate', fit: 'keep', render: (_v, agency) => formatDate(agency.contractEndDate) },
      ],
      form: [
        { name: 'name', label: t('fields.name'), input: 'text', wide: true },
        { name: 'code', label: t('fields.code'), input: 'text' },
        { name: 'taxCode', label: t('fields.taxCode'), input: 'text' },
        { name: 'contactName', label: t('fields.contactName'), input: 'text' },
        { name: 'contactPhone', label: t('fields.contactPhone'), input: 'text' },
        { name: 'contactEmail', label: t('fields.contactEmail'), input: 'text', wide: true },
        { name: 'address', label: t('fields.address'), input: 'text', wide: true },
        { name: 'commissionPercent', label: t('fields.commissionPercent'), input: 'number' },
        { name: 'commissionBasis', label: t('fields.commissionBasis'), input: 'select', options: bases },
        { name: 'contractStartDate', label: t('fields.contractStartDate'), input: 'date' },
        { name: 'contractEndDate', label: t('fields.contractEndDate'), input: 'date' },
      ],
      defaults: { commissionPercent: 0, commissionBasis: 'FIRST_PAYMENT' },
      filters: [{ name: 'status', label: t('fields.status'), options: activeStatusOptions(statusText) }],
      view: [
        { label: t('fields.name'), render: (a) => a.name },
        { label: t('fields.code'), render: (a) => a.code },
        { label: t('fields.taxCode'), render: (a) => a.taxCode },
        { label: t('fields.contactName'), render: (a) => a.contactName },
        { label: t('fields.contactEmail'), render: (a) => a.contactEmail },
        { label: t('fields.contactPhone'), render: (a) => a.contactPhone },
        { label: t('fields.address'), render: (a) => a.address },
        { label: t('fields.commissionPercent'), render: commission },
        { label: t('fields.contractStartDate'), render: (a) => formatDate(a.contractStartDate) },
        { label: t('fields.contractEndDate'), render: (a) => formatDate(a.contractEndDate) },
        { label: t('fields.unitCount'), render: (a) => a.unitCount },
        { label: t('fields.trialUnitCount'), render: (a) => a.trialUnitCount },
        { label: t('fields.userCount'), render: (a) => a.userCount },
        { label: t('fields.status'), render: (a) => statusText(a.status) },
      ],
      status: activeStatusToggle((activate, agency) => t(activate ? 'statusQuestion.on' : 'statusQuestion.off', { name: agency.name })),
      deleteQuestion: (agency) => t('deleteQuestion', { name: agency.name }),
    };
  }, [t, statusText]);

  return <ResourceScreen definition={definition} />;
}
