import { useMemo } from 'react';
import { Form } from 'antd';
import { STATUS, appProfileResource, appRoleResource, appUserGroupResource, type AppObjectResource } from '@portal/contracts';
import type { RemoteOptions } from '../../shared/resource/types.ts';
import { watchedId } from '../../shared/resource/options.ts';
import { resourceOptions, searchedOptions } from '../../shared/resource/remote-options.ts';

/** Before a service is chosen there is nothing to offer (and nothing to ask the server). */
const NOTHING: RemoteOptions = searchedOptions({
  key: ['resource', 'app-objects', 'no-service'],
  page: () => Promise.resolve({ records: [], totalRecord: 0 }),
  named: () => Promise.resolve([]),
  option: () => ({ value: '', label: '' }),
});

/**
 * The active roles (profiles, groups) of the service chosen in the same form, of the unit chosen
 * there (platform staff) or the caller's own: the kind's search, a page at a time as the user types.
 */
function useAppObjectOptions(contract: AppObjectResource): RemoteOptions {
  const form = Form.useFormInstance();
  const serviceId = watchedId(Form.useWatch('serviceId', form));
  const unitId = watchedId(Form.useWatch('unitId', form));
  return useMemo(
    () => (serviceId ? resourceOptions(contract, (object) => String(object.name), { filters: { serviceId, status: STATUS.active, ...(unitId ? { unitId } : {}) } }) : NOTHING),
    [contract, serviceId, unitId],
  );
}

export const useAppRoleOptions = () => useAppObjectOptions(appRoleResource);
export const useAppProfileOptions = () => useAppObjectOptions(appProfileResource);
export const useAppGroupOptions = () => useAppObjectOptions(appUserGroupResource);
