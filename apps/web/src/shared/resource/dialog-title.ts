import { useTranslation } from 'react-i18next';
import type { GenericDefinition } from './types.ts';

type Purpose = 'addEntity' | 'editEntity' | 'viewEntity';

/**
 * A dialog's title from the noun of one record ("Thêm doanh nghiệp" / "Add business"), not from
 * the list's title. A resource without a noun in the phrases (a new one) says the bare verb.
 */
export function useDialogTitle(definition: Pick<GenericDefinition, 'entity' | 'contract'>): (purpose: Purpose) => string {
  const { t, i18n } = useTranslation('resource');
  const key = `entities.${definition.contract.name}`;
  const entity = definition.entity ?? (i18n.exists(key, { ns: 'resource' }) ? t(key as never) : undefined);
  const bare = { addEntity: t('add'), editEntity: t('edit'), viewEntity: t('view') };
  return (purpose) => (entity ? t(purpose, { entity }) : bare[purpose]);
}
