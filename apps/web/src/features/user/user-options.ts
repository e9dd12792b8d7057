import { roleResource, unitResource, type PermissionName } from '@portal/contracts';
import { usePermissions } from '../../api/queries.ts';
import { resourceOptions } from '../../shared/resource/remote-options.ts';

/** The unit resource's search permission (unitResource.permissions.search), named by type only. */
const UNIT_LIST: PermissionName = 'UNIT_ENTERPRISE_LIST';

/**
 * Whether the units can be offered: a select of them is shown only to those who may list them
 * (platform staff without it would get a "Forbidden" toast on opening it).
 */
export const useMayListUnits = (): boolean => usePermissions().has(UNIT_LIST);

/** The units, searched on the server as the user types (forms and filters of platform staff). */
export const unitOptions = resourceOptions(unitResource, (unit) => unit.name);

/** The system roles staff accounts can hold, searched on the server. */
export const systemRoleOptions = resourceOptions(roleResource, (role) => role.name, { filters: { scope: 'platform' } });
