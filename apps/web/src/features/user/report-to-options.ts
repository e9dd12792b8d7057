import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { USER_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { useProfile } from '../../api/queries.ts';
import type { Option } from '../../shared/resource/types.ts';

// Apart from the other option lists: it reads the form it sits in, and antd's Form should not
// come along with every screen that only lists units (the dashboard).
/**
 * Whom the user being edited can report to: the users of the unit chosen in the same form (a
 * unit's own people: their unit). Platform staff are asked nothing before a unit is chosen —
 * the server would refuse the question without one.
 */
export function useReportToOptions(): { options: Option[]; loading: boolean } {
  const form = Form.useFormInstance();
  const unitId = Form.useWatch('unitId', form);
  const ownUnit = useProfile().data?.unitId ?? null;
  const { data, isFetching } = useQuery({
    enabled: Boolean(unitId || ownUnit),
    queryKey: ['resource', 'UnitUser', 'report-to', unitId ?? 'own'],
    queryFn: ({ signal }) =>
      callApi(USER_CALLS.reportTo, undefined, { query: unitId ? { unitId } : {}, signal, quietRefusal: true }),
    staleTime: 30_000,
    retry: false,
  });
  return { options: (data ?? []).map((user) => ({ value: user.id, label: `${user.fullName} (${user.username})` })), loading: isFetching };
}
