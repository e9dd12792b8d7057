import { SafetyOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FACTOR_ADMIN_CALLS, unitUserResource } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { resourceKeys } from '../../shared/resource/resource-api.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';

type WithFactors = { id: string; username: string; passkeyCount: number; hasApp: boolean };

/** A unit user's second factors as tags of the list (from the list's own data). */
export function SecondFactorTags({ record }: { record: WithFactors }) {
  const { t } = useTranslation('user');
  if (!record.passkeyCount && !record.hasApp) return <Typography.Text type="secondary">{t('secondFactors.none')}</Typography.Text>;
  // Short tags, the column sits beside the table's fixed ones; the full words in the tooltip.
  return (
    <Space size={4} wrap>
      {record.passkeyCount > 0 && (
        <Tooltip title={t('secondFactors.passkeysLong', { count: record.passkeyCount })}>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('secondFactors.passkeys', { count: record.passkeyCount })}
          </Tag>
        </Tooltip>
      )}
      {record.hasApp && (
        <Tooltip title={t('secondFactors.appLong')}>
          <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
            {t('secondFactors.app')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/**
 * "Reset second factors" (a lost phone or key), asked first: the user's passkeys and app go;
 * the server logs it and tells the user by mail. The list is read again to show it.
 */
export function ResetSecondFactorsAction({ record }: { record: WithFactors }) {
  const { t } = useTranslation('user');
  const client = useQueryClient();
  if (!record.passkeyCount && !record.hasApp) return null;
  return (
    <ConfirmedRowAction
      icon={<SafetyOutlined />}
      label={t('secondFactors.reset')}
      subject={record.username}
      question={t('secondFactors.resetQuestion', { name: record.username })}
      confirmLabel={t('secondFactors.resetConfirm')}
      onConfirm={async () => {
        await callApi(FACTOR_ADMIN_CALLS.reset, { userId: record.id, passkeys: record.passkeyCount > 0, app: record.hasApp });
        await client.invalidateQueries({ queryKey: resourceKeys.all(unitUserResource) });
      }}
      done={t('secondFactors.resetDone', { name: record.username })}
    />
  );
}
