import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryFailure } from '@portal/contracts';

/**
 * Says why a delivery to a service's app failed, in the portal's words and the user's language:
 * the reason, the app's HTTP status, and a SCIM error's own detail when the app gave one.
 */
export function useDeliveryFailureText(): (failure: DeliveryFailure) => string {
  const { t } = useTranslation('serviceApps');
  return useCallback(
    (failure: DeliveryFailure) => {
      const reason = t(`failure.${failure.reason}`);
      const withStatus = failure.status === null ? reason : t('failure.withStatus', { reason, status: failure.status });
      return failure.detail ? t('failure.withDetail', { reason: withStatus, detail: failure.detail }) : withStatus;
    },
    [t],
  );
}
