import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncState } from '@portal/contracts';

const COLOR: Record<SyncState, string> = { synced: 'green', pending: 'gold', failed: 'red', not_connected: 'default' };

/**
 * Where the service app stands with a user, in the user's language: the state, what it means
 * for them and who can fix it (shown on hover and focus, and read with the state); the app's own
 * words, when it refused, follow as a detail.
 */
export function SyncStateTag({ state, error }: { state: SyncState; error: string | null }) {
  const { t } = useTranslation('serviceApps');
  const meaning = t(`sync.meaning.${state}`);
  const detail = error ? t('sync.appSaid', { error }) : '';
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
