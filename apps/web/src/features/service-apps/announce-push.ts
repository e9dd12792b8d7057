import type { AppPushResult, DeliveryFailure } from '@portal/contracts';
import { notifyError, notifySuccess } from '../../shared/notify.ts';

/**
 * Says how a push into the apps ended: success, or each service whose app did not take it and
 * why (`failureText`: useDeliveryFailureText()).
 */
export function announcePush(result: AppPushResult, succeeded: string, failed: (list: string) => string, failureText: (failure: DeliveryFailure) => string): void {
  if (result.failures.length === 0) notifySuccess(succeeded);
  else notifyError(failed(result.failures.map((failure) => `${failure.serviceName}: ${failureText(failure.error)}`).join('; ')));
}
