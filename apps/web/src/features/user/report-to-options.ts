import { useMemo } from 'react';
import { Form } from 'antd';
import { USER_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { useProfile } from '../../api/queries.ts';
import type { RemoteOptions } from '../../shared/resource/types.ts';
import { searchedOptions } from '../../shared/resource/remote-options.ts';
import { watchedId } from '../../shared/resource/options.ts';

// Apart from the other option lists: it reads the form it sits in, and antd's Form should not
// come along with every screen that only lists units (the dashboard).
/**
 * Whom the user being edited can report to: the users of the unit chosen in the same form (a
 * unit's own people: their unit), searched on the server as the user types. Platform staff are
 * asked nothing before a unit is chosen — the server would refuse the question without one.
 */
export function useReportToOptions(): RemoteOptions {
  const form = Form.useFormInstance();
  const unitId = watchedId(Form.useWatch('unitId', form));
  const ownUnit = useProfile().data?.unitId ?? null;
  return useMemo(() => reportToOptions(unitId, Boolean(unitId || ownUnit)), [unitId, ownUnit]);
}

function reportToOptions(unitId: string | undefined, known: boolean): RemoteOptions {
  const ask = (query: { keyword?: string; pageIndex?: number; pageSize?: number; ids?: string }, signal: AbortSignal) =>
    callApi(USER_CALLS.reportTo, undefined, { query: { ...query, ...(unitId ? { unitId } : {}) }, signal, quietRefusal: true });
  return searchedOptions({
    key: ['resource', 'UnitUser', 'report-to', unitId ?? 'own'],
    page: (query, signal) => (known ? ask(query, signal) : Promise.resolve({ records: [], totalRecord: 0 })),
    named: async (ids, signal) => (known ? (await ask({ ids: ids.join(','), pageSize: ids.length }, signal)).records : []),
    option: (user) => ({ value: user.id, label: `${user.fullName} (${user.username})` }),
  });
}
