import type { TFunction } from 'i18next';
import { formatDate } from '../../shared/format.ts';
import type { unitUserResource } from '@portal/contracts';
import type { RecordOf, ViewField } from '../../shared/resource/types.ts';

/** What the view dialog shows of a unit's user. */
export function userViewFields(t: TFunction<'user'>, statusText: (status: number) => string): ViewField<RecordOf<typeof unitUserResource>>[] {
  return [
    { label: t('fields.username'), render: (u) => u.username },
    { label: t('fields.fullName'), render: (u) => u.fullName },
    { label: t('fields.email'), render: (u) => u.email },
    { label: t('fields.mobile'), render: (u) => u.mobile },
    { label: t('fields.unit'), render: (u) => u.unitName },
    { label: t('fields.reportTo'), render: (u) => u.reportToName },
    { label: t('fields.isAdmin'), render: (u) => (u.isAdmin ? t('kind.admin') : t('kind.user')) },
    { label: t('fields.status'), render: (u) => statusText(u.status) },
    { label: t('fields.lastLogin'), render: (u) => formatDate(u.lastLoginAt, true) },
    { label: t('fields.createdAt'), render: (u) => formatDate(u.createdAt, true) },
    { label: t('fields.description'), render: (u) => u.description },
  ];
}
