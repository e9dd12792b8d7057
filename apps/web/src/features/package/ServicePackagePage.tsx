import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { PACK_LEVELS, servicePackageResource, STATUS, USER_COUNT_BANDS } from '@portal/contracts';
import { useActiveServices } from '../../shared/lookups.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { PaymentAmountField } from './PaymentAmountField.tsx';
import { formatMoney } from '../../shared/format.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['commerce'] as const;

/** The services a pack can hold: every active service but the portal itself. */
function useServiceOptions() {
  const { data, isPending } = useActiveServices();
  return { options: (data?.records ?? []).filter((s) => s.code !== 'PORTAL').map((s) => ({ value: s.id, label: s.name })), loading: isPending };
}

const levels = PACK_LEVELS.map((level) => ({ value: level, label: level }));
const bands = USER_COUNT_BANDS.map((band) => ({ value: band, label: band }));

/** /package/package-manage: the service packs offered to units. */
export default function ServicePackagePage() {
  const { t, i18n } = useTranslation('commerce');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();
  const language = i18n.language;

  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition<typeof servicePackageResource> => {
    const money = (value: unknown, pack: { moneyType: string }) => (typeof value === 'number' ? formatMoney(value, pack.moneyType, language) : '');
    const expiry = (p: RecordOf<typeof servicePackageResource>) => (p.expiryMonths === null ? t('pack.unlimited') : t('pack.months', { count: p.expiryMonths }));
    const statuses = activeStatusOptions(statusText);
    return {
      contract: servicePackageResource,
      title: screenTitle ?? t('pack.title'),
      columns: [
        { title: t('pack.name'), dataIndex: 'name', key: 'name' },
        { title: t('pack.level'), dataIndex: 'level', key: 'level', fit: 'keep' },
        { title: t('pack.userBand'), dataIndex: 'userBand', key: 'userBand', fit: 'keep' },
        { title: t('pack.serviceCount'), key: 'serviceCount', fit: 'keep', align: 'right', render: (_, p) => (p.serviceIds).length },
        { title: t('pack.pricePerUserMonth'), dataIndex: 'pricePerUserMonth', key: 'price', fit: 'keep', align: 'right', render: money },
        { title: t('pack.discountPercent'), dataIndex: 'discountPercent', key: 'discount', fit: 'keep', align: 'right' },
        { title: t('pack.paymentAmount'), dataIndex: 'paymentAmount', key: 'paymentAmount', fit: 'keep', align: 'right', render: money },
        { title: t('pack.expiry'), key: 'expiryMonths', fit: 'keep', render: (_, p) => expiry(p) },
      ],
      form: [
        { name: 'name', label: t('pack.name'), input: 'text', wide: true },
        { name: 'serviceIds', label: t('pack.services'), input: 'multiselect', options: useServiceOptions, wide: true },
        { name: 'level', label: t('pack.level'), input: 'select', options: levels },
        { name: 'userBand', label: t('pack.userBand'), input: 'select', options: bands },
        { name: 'pricePerUserMonth', label: t('pack.pricePerUserMonth'), input: 'number' },
        { name: 'discountPercent', label: t('pack.discountPercent'), input: 'number' },
        { name: 'paymentAmount', label: t('pack.paymentAmount'), input: 'custom', component: PaymentAmountField },
        { name: 'trialDays', label: t('pack.trialDays'), input: 'number' },
        { name: 'expiryMonths', label: t('pack.expiryMonths'), input: 'number' },
        { name: 'highlightFeatures', label: t('pack.highlightFeatures'), input: 'textarea' },
      ],
      defaults: { discountPercent: 0, level: 'Essentials', userBand: '2-20' },
      filters: [
        { name: 'level', label: t('pack.level'), options: levels },
        { name: 'status', label: r('status.label'), options: statuses },
      ],
      view: [
        { label: t('pack.name'), render: (p) => p.name },
        { label: t('pack.services'), render: (p) => (p.serviceNames).join(', ') },
        { label: t('pack.level'), render: (p) => p.level },
        { label: t('pack.userBand'), render: (p) => p.userBand },
        { label: t('pack.pricePerUserMonth'), render: (p) => money(p.pricePerUserMonth, p) },
        { label: t('pack.discountPercent'), render: (p) => p.discountPercent },
        { label: t('pack.paymentAmount'), render: (p) => money(p.paymentAmount, p) },
        { label: t('pack.trialDays'), render: (p) => p.trialDays },
        { label: t('pack.expiry'), render: expiry },
        { label: t('pack.highlightFeatures'), render: (p) => p.highlightFeatures },
        { label: t('pack.unitsUsing'), render: (p) => p.unitsUsing },
        { label: t('pack.createdAt'), render: (p) => formatDate(p.createdAt) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, p) => t(status === STATUS.active ? 'pack.activate' : 'pack.deactivate', { name: p.name }),
      },
      deleteQuestion: (p) => ((p.unitsUsing) > 0 ? t('pack.deleteInUse', { count: p.unitsUsing }) : t('pack.deleteQuestion', { name: p.name })),
    };
  }, [language, r, statusText, t, screenTitle]);

  return <ResourceScreen definition={definition} />;
}
