import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { APP_OBJECT_OPTIONS_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import type { Option } from '../../shared/resource/types.ts';

/** The active roles (profiles, groups) of the service chosen in the same form, in the caller's unit. */
function useAppObjectOptions(name: 'AppRole' | 'AppProfile' | 'AppUserGroup'): { options: Option[]; loading: boolean } {
  const form = Form.useFormInstance();
  const serviceId = Form.useWatch('serviceId', form);
  const { data, isFetching } = useQuery({
    queryKey: ['resource', name, 'options', serviceId ?? 'none'],
    queryFn: ({ signal }) => callApi(APP_OBJECT_OPTIONS_CALLS[name]!, { serviceId }, { signal }),
    enabled: Boolean(serviceId),
    staleTime: 30_000,
  });
  return { options: (data ?? []).map((object) => ({ value: object.id, label: object.name })), loading: isFetching };
}

export const useAppRoleOptions = () => useAppObjectOptions('AppRole');
export const useAppProfileOptions = () => useAppObjectOptions('AppProfile');
export const useAppGroupOptions = () => useAppObjectOptions('AppUserGroup');
