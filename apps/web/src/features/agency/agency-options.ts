import { useMemo } from 'react';
import { Form } from 'antd';
import { agencyResource, agencyRoleResource } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import type { RemoteOptions } from '../../shared/resource/types.ts';
import { watchedId } from '../../shared/resource/options.ts';
import { resourceOptions } from '../../shared/resource/remote-options.ts';

/** Platform staff choose an agency; an agency's user always works in their own. */
export function useIsAgencyUser(): boolean {
  return Boolean(useProfile().data?.agencyId);
}

/** The agencies platform staff choose from, searched on the server by name or code. */
export const agencyOptions = resourceOptions(agencyResource, (agency) => `${agency.name} (${agency.code})`);

/** The roles an agency's account can hold: those of the agency chosen in the same form (or the caller's own). */
export function useAgencyRoleOptions(): RemoteOptions {
  const form = Form.useFormInstance();
  const agencyId = watchedId(Form.useWatch('agencyId', form));
  return useMemo(() => resourceOptions(agencyRoleResource, (role) => role.name, { filters: agencyId ? { agencyId } : {} }), [agencyId]);
}
