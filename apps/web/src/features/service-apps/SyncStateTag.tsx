import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryFailure, SyncState } from '@portal/contracts';
import { useDeliveryFailureText } from './delivery-failure.ts';

const COLOR: Record<SyncState, string> = { synced: 'green', pending: 'gold', failed: 'red', not_connected: 'default' };

/**
 * Where the service app stands with a user, in the user's language: the state, what it means
 * for them and who can fix it (shown on hover and focus, and read with the state); why the last
 * delivery failed, in the portal's words, follows as a detail.
 */
export function SyncStateTag({ state, failure }: { state: SyncState; failure: DeliveryFailure | null }) {
  const { t } = useTranslation('serviceApps');
  const failureText = useDeliveryFailureText();
  const meaning = t(`sync.meaning.${state}`);
  const detail = failure ? failureText(failure) : '';
  return (
    <Tooltip
      title={
        <>
          {meaning}
          {detail && <div>{detail}</div>}
        </>
      }
    >
      <Tag color={COLOR[state]} tabIndex={0} aria-label={`${t(`sync.${state}`)}: ${meaning}${detail ? ` ${detail}` : ''}`}>
        {t(`sync.${state}`)}
      </Tag>
    </Tooltip>
  );
}
