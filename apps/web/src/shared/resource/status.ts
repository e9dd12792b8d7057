import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS } from '@portal/contracts';
import type { AnyRecord, Option, StatusToggle } from './types.ts';

/** The label of a status value (1 Active, 0 Inactive, 5 Lock) in the current language. */
export function useStatusText(): (status: number) => string {
  const { t } = useTranslation('resource');
  return useCallback((status) => t(`status.${status}` as 'status.label', { defaultValue: String(status) }), [t]);
}

/** Active or Inactive: the status filter of catalogue entities (roles, agencies …). */
export function activeStatusOptions(statusText: (status: number) => string): Option[] {
  return [STATUS.active, STATUS.inactive].map((value) => ({ value, label: statusText(value) }));
}

/** The Active/Inactive switch of an entity, asking `question(activate, record)` first. */
export function activeStatusToggle(question: (activate: boolean, record: AnyRecord) => string): StatusToggle {
  return { on: STATUS.active, off: STATUS.inactive, question: (status, record) => question(status === STATUS.active, record) };
}
