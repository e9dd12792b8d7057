import { PORTAL_SERVICE_CODE } from '@portal/contracts';
import { useActiveServices } from '../../shared/lookups.ts';
import type { Option } from '../../shared/resource/types.ts';

/** The suite's service apps (not the portal itself) options, by id. */
export function useServiceAppOptions(): { options: Option[]; loading: boolean } {
  const { data, isPending } = useActiveServices();
  const apps = (data?.records ?? []).filter((service) => service.code !== PORTAL_SERVICE_CODE);
  return { options: apps.map((service) => ({ value: service.id, label: service.name })), loading: isPending };
}
