import { KeyOutlined } from '@ant-design/icons';
import { App, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serviceResource, UNIT_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { usePermissions } from '../../api/queries.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { resourceKeys } from '../../shared/resource/resource-api.ts';

/**
 * A new client secret for a service that is an OIDC client (it has a redirect link), after
 * confirmation. The server keeps only its sealed form, so the value is shown here once.
 */
export function RotateSecretAction({ record }: { record: { id: string; name: string; clientId: string | null } }) {
  const { t } = useTranslation('commerce');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  if (!usePermissions().has(serviceResource.permissions.update!) || !record.clientId) return null;
  const name = record.name;
  return (
    <ConfirmedRowAction
      icon={<KeyOutlined />}
      label={t('service.rotate')}
      subject={name}
      question={t('service.rotateQuestion', { name })}
      onConfirm={async () => {
        const { clientId, clientSecret } = await callApi(UNIT_CALLS.rotateServiceSecret, { id: record.id });
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all(serviceResource) });
        modal.info({
          title: t('service.rotated', { name }),
          width: 560,
          content: (
            <>
              <Typography.Paragraph>
                {t('service.clientId')}: <Typography.Text code>{clientId}</Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph copyable={{ text: clientSecret }}>
                {t('service.clientSecret')}: <Typography.Text code>{clientSecret}</Typography.Text>
              </Typography.Paragraph>
              <Typography.Paragraph type="warning">{t('service.shownOnce')}</Typography.Paragraph>
            </>
          ),
        });
      }}
    />
  );
}
