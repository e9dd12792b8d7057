import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryFailure, SyncState } from '@portal/contracts';
import { useDeliveryFailureText } from './delivery-failure.ts';

const COLOR: Record<SyncState, string> = { synced: 'green', pending: 'gold', failed: 'red' };

/** Where the service app stands with an object; why its last delivery failed on hover (and for screen readers). */
export function SyncStateTag({ state, failure }: { state: SyncState; failure: DeliveryFailure | null }) {
  const { t } = useTranslation('serviceApps');
  const failureText = useDeliveryFailureText();
  const error = failure ? failureText(failure) : null;
  const tag = (
    <Tag color={COLOR[state]} aria-label={error ? `${t(`sync.${state}`)}: ${error}` : undefined}>
      {t(`sync.${state}`)}
    </Tag>
  );
  return error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}
