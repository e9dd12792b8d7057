import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STATUS, unitPackageResource } from '@portal/contracts';
import { resourceApi, resourceKeys } from '../../shared/resource/resource-api.ts';

const api = resourceApi(unitPackageResource);

/** Warns, while a pack is being given, that the chosen unit already holds one in use (a second is rarely meant). */
export function ActivePackNotice({ unitId, exceptId }: { unitId: string | null | undefined; exceptId?: string | undefined }) {
  const { t } = useTranslation('commerce');
  const query = { pageIndex: 1, pageSize: 5, unitId: unitId ?? undefined, status: STATUS.active };
  const { data } = useQuery({
    queryKey: resourceKeys.search(unitPackageResource, query),
    queryFn: ({ signal }) => api.search(query, signal),
    enabled: Boolean(unitId),
  });
  const held = (data?.records ?? []).filter((pack) => pack.usable && pack.id !== exceptId);
  if (!held.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('unitPack.alreadyHolds', { unit: held[0]!.unitName, packs: held.map((pack) => pack.packageName).join(', ') })}
    />
  );
}
