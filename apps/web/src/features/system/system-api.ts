import { MAIL_OUTBOX_CALLS, TWO_FA_CONFIG_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { useQuery } from '@tanstack/react-query';
import type { SearchMailOutbox, TwoFaConfigUpdate, TwoFaStatusChange } from '@portal/contracts';

export const systemKeys = {
  mailOutbox: (filter: SearchMailOutbox) => ['system', 'mail-outbox', filter] as const,
  mailMessage: (id: string) => ['system', 'mail-outbox', 'message', id] as const,
  twoFactorPolicy: ['system', 'two-factor-policy'] as const,
};

export function useMailOutbox(filter: SearchMailOutbox) {
  return useQuery({
    queryKey: systemKeys.mailOutbox(filter),
    queryFn: ({ signal }) => callApi(MAIL_OUTBOX_CALLS.search, filter, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useMailMessage(id: string | undefined) {
  return useQuery({
    queryKey: systemKeys.mailMessage(id ?? ''),
    queryFn: ({ signal }) => callApi(MAIL_OUTBOX_CALLS.get, undefined, { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
  });
}

/** The default two-factor policy (unit null). */
/** The two-factor policy of a unit (its own, or the default it falls back to), or the default one (no unit). */
export function useTwoFaPolicy(unitId: string | null) {
  return useQuery({
    queryKey: [...systemKeys.twoFactorPolicy, unitId],
    queryFn: ({ signal }) => callApi(TWO_FA_CONFIG_CALLS.get, undefined, { signal, query: unitId ? { unitId } : {} }),
  });
}

export const twoFaPolicyApi = {
  save: (body: TwoFaConfigUpdate) => callApi(TWO_FA_CONFIG_CALLS.save, body),
  askStatusChange: (body: TwoFaStatusChange) => callApi(TWO_FA_CONFIG_CALLS.askStatusChange, body),
  verifyStatusChange: (body: TwoFaStatusChange & { code: string }) => callApi(TWO_FA_CONFIG_CALLS.verifyStatusChange, body),
};
