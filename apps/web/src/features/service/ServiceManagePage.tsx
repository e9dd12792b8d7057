import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { serviceResource, STATUS } from '@portal/contracts';
import { activeServicesKey } from '../../shared/lookups.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { RotateSecretAction } from './RotateSecretAction.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['commerce'] as const;

/**
 * /service/service-manage: the suite's services, every field of the specification's section 3.
 * A service with a redirect link is an OIDC client of the portal (client id = its code): the
 * screen shows its client id and redirect URI and issues a new client secret, shown once.
 */
export default function ServiceManagePage() {
  const { t } = useTranslation('commerce');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();
  const queryClient = useQueryClient();

  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition<typeof serviceResource> => {
    const yesNo = (value: unknown) => t(value ? 'service.yes' : 'service.no');
    const sendMailTo = [
      { value: 'admin', label: t('service.sendMailToAdmin') },
      { value: 'user', label: t('service.sendMailToUser') },
    ];
    const secret = (s: RecordOf<typeof serviceResource>) => (s.hasClientSecret ? t('service.secretSince', { date: formatDate(s.clientSecretRotatedAt) }) : t('service.secretNone'));
    const statuses = activeStatusOptions(statusText);
    return {
      contract: serviceResource,
      title: screenTitle ?? t('service.title'),
      columns: [
        { title: t('service.code'), dataIndex: 'code', key: 'code', fit: 'keep' },
        { title: t('service.name'), dataIndex: 'name', key: 'name' },
        { title: t('service.link'), dataIndex: 'link', key: 'link', fit: 'anywhere' },
        { title: t('service.clientId'), dataIndex: 'clientId', key: 'clientId', fit: 'anywhere' },
        { title: t('service.allowTrial'), key: 'allowTrial', render: (_, s) => yesNo(s.allowTrial) },
      ],
      form: [
        { name: 'name', label: t('service.name'), input: 'text' },
        // The code is the OIDC client id its app signs in with: renaming it would cut the app off.
        { name: 'code', label: t('service.code'), input: 'text', readOnlyOnEdit: true },
        { name: 'groupCode', label: t('service.groupCode'), input: 'text' },
        { name: 'sortOrder', label: t('service.sortOrder'), input: 'number' },
        { name: 'link', label: t('service.link'), input: 'text', wide: true },
        { name: 'redirectLink', label: t('service.redirectLink'), input: 'text', wide: true },
        { name: 'syncName', label: t('service.syncName'), input: 'text' },
        { name: 'syncId', label: t('service.syncId'), input: 'text' },
        { name: 'idMapping', label: t('service.idMapping'), input: 'text' },
        { name: 'keepResourceDays', label: t('service.keepResourceDays'), input: 'number' },
        { name: 'sendMailTo', label: t('service.sendMailTo'), input: 'select', options: sendMailTo },
        { name: 'isDefaultRedirect', label: t('service.isDefaultRedirect'), input: 'switch' },
        { name: 'allowTrial', label: t('service.allowTrial'), input: 'switch' },
        { name: 'hidePrice', label: t('service.hidePrice'), input: 'switch' },
        { name: 'isDefault', label: t('service.isDefault'), input: 'switch' },
      ],
      filters: [{ name: 'status', label: r('status.label'), options: statuses }],
      view: [
        { label: t('service.name'), render: (s) => s.name },
        { label: t('service.code'), render: (s) => s.code },
        { label: t('service.groupCode'), render: (s) => s.groupCode },
        { label: t('service.link'), render: (s) => s.link },
        { label: t('service.clientId'), render: (s) => s.clientId },
        { label: t('service.redirectUris'), render: (s) => s.redirectLink },
        { label: t('service.clientSecret'), render: (s) => (s.clientId ? secret(s) : null) },
        { label: t('service.syncName'), render: (s) => s.syncName },
        { label: t('service.syncId'), render: (s) => s.syncId },
        { label: t('service.idMapping'), render: (s) => s.idMapping },
        { label: t('service.isDefaultRedirect'), render: (s) => yesNo(s.isDefaultRedirect) },
        { label: t('service.allowTrial'), render: (s) => yesNo(s.allowTrial) },
        { label: t('service.hidePrice'), render: (s) => yesNo(s.hidePrice) },
        { label: t('service.keepResourceDays'), render: (s) => s.keepResourceDays },
        { label: t('service.sendMailTo'), render: (s) => sendMailTo.find((o) => o.value === s.sendMailTo)?.label ?? null },
        { label: t('service.isDefault'), render: (s) => yesNo(s.isDefault) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, s) => t(status === STATUS.active ? 'service.activate' : 'service.deactivate', { name: s.name }),
      },
      deleteQuestion: (s) => t('service.deleteQuestion', { name: s.name }),
      nameOf: (s) => String(s.name),
      rowActions: (s) => <RotateSecretAction record={s} />,
      // The other screens' service pickers read the active services once: a new one shows there at once.
      afterSave: () => void queryClient.invalidateQueries({ queryKey: activeServicesKey }),
    };
  }, [queryClient, r, statusText, t, screenTitle]);

  return <ResourceScreen definition={definition} />;
}
