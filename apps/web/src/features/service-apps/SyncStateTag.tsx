import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncState } from '@portal/contracts';

const COLOR: Record<SyncState, string> = { synced: 'green', pending: 'gold', failed: 'red' };

/** Where the service app stands with an object; the last delivery error on hover (and for screen readers). */
export function SyncStateTag({ state, error }: { state: SyncState; error: string | null }) {
  const { t } = useTranslation('serviceApps');
  const tag = (
    <Tag color={COLOR[state]} aria-label={error ? `${t(`sync.${state}`)}: ${error}` : undefined}>
      {t(`sync.${state}`)}
    </Tag>
  );
  return error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}
