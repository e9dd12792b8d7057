import type { TFunction } from 'i18next';
import { formatDate } from '../../shared/format.ts';
import type { ViewField } from '../../shared/resource/types.ts';

/** What the view dialog shows of a unit's user. */
export function userViewFields(t: TFunction<'user'>, statusText: (status: number) => string): ViewField[] {
  return [
    { label: t('fields.username'), render: (u) => u.username as string },
    { label: t('fields.fullName'), render: (u) => u.fullName as string },
    { label: t('fields.email'), render: (u) => u.email as string },
    { label: t('fields.mobile'), render: (u) => u.mobile as string },
    { label: t('fields.unit'), render: (u) => u.unitName as string },
    { label: t('fields.reportTo'), render: (u) => u.reportToName as string },
    { label: t('fields.isAdmin'), render: (u) => (u.isAdmin ? t('kind.admin') : t('kind.user')) },
    { label: t('fields.status'), render: (u) => statusText(u.status as number) },
    { label: t('fields.lastLogin'), render: (u) => formatDate(u.lastLoginAt as string | null, true) },
    { label: t('fields.createdAt'), render: (u) => formatDate(u.createdAt as string, true) },
    { label: t('fields.description'), render: (u) => u.description as string },
  ];
}
