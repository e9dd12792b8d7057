import { useQuery } from '@tanstack/react-query';
import type { CodeSent, MailOutboxItem, MailOutboxMessage, PageResult, SearchMailOutbox, TwoFaConfig, TwoFaConfigUpdate, TwoFaStatusChange } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';

export const systemKeys = {
  mailOutbox: (filter: SearchMailOutbox) => ['system', 'mail-outbox', filter] as const,
  mailMessage: (id: string) => ['system', 'mail-outbox', 'message', id] as const,
  twoFactorPolicy: ['system', 'two-factor-policy'] as const,
};

export function useMailOutbox(filter: SearchMailOutbox) {
  return useQuery({
    queryKey: systemKeys.mailOutbox(filter),
    queryFn: ({ signal }) => apiRequest<PageResult<MailOutboxItem>>('/MailOutbox/Search', { body: filter, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useMailMessage(id: string | undefined) {
  return useQuery({
    queryKey: systemKeys.mailMessage(id ?? ''),
    queryFn: ({ signal }) => apiRequest<MailOutboxMessage>(`/MailOutbox/GetById/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** The default two-factor policy (unit null). */
export function useDefaultTwoFaPolicy() {
  return useQuery({
    queryKey: systemKeys.twoFactorPolicy,
    queryFn: ({ signal }) => apiRequest<TwoFaConfig>('/TwoFAConfig/GetConfig', { signal }),
  });
}

export const twoFaPolicyApi = {
  save: (body: TwoFaConfigUpdate) => apiRequest<TwoFaConfig>('/TwoFAConfig/AddUpdate', { body }),
  askStatusChange: (body: TwoFaStatusChange) => apiRequest<CodeSent>('/TwoFAConfig/UpdateStatus', { body }),
  verifyStatusChange: (body: TwoFaStatusChange & { code: string }) => apiRequest<TwoFaConfig>('/TwoFAConfig/VerifyUpdate', { body }),
};
