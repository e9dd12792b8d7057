import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The label of a status value (1 Active, 0 Inactive, 5 Lock) in the current language. */
export function useStatusText(): (status: number) => string {
  const { t } = useTranslation('resource');
  return useCallback((status) => t(`status.${status}` as 'status.label', { defaultValue: String(status) }), [t]);
}
