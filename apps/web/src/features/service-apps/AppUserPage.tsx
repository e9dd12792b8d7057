import { useMemo } from 'react';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { useSearchParams } from 'react-router';
import { appUserResource, STATUS, SERVICE_APP_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { usePermissions, useProfile } from '../../api/queries.ts';
import { notifyError } from '../../shared/notify.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, ResourceScreenDefinition, FormField } from '../../shared/resource/types.ts';
import { useReportToOptions } from '../user/report-to-options.ts';
import { unitOptions } from '../user/user-options.ts';
import { useAppGroupOptions, useAppProfileOptions, useAppRoleOptions } from './app-object-options.ts';
import { useServiceAppOptions } from './service-options.ts';
import { SyncAction } from './SyncAction.tsx';
import { SyncStateTag } from './SyncStateTag.tsx';
import { useDeliveryFailureText } from './delivery-failure.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['serviceApps', 'user'] as const;

/**
 * /user/app-user: who is a user of which service's app, with role, profile and group there,
 * and whether the app has caught up (?userId= shows one person's, from the unit's user list).
 */
export default function AppUserPage() {
  const { t } = useTranslation('serviceApps');
  const failureText = useDeliveryFailureText();
  // The reset replaces the person's portal password: the unit-user screen's words.
  const { t: u } = useTranslation('user');
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? undefined;
  const platform = useProfile().data?.unitId === null;
  const permissions = usePermissions();
  const statusText = useStatusText();

  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition<typeof appUserResource> => {
    const rowActions = (record: RecordOf<typeof appUserResource>) =>
      permissions.has('USER_USERUNIT_EDIT') && (
        <>
          <ConfirmedRowAction
            icon={<KeyOutlined />}
            label={u('resetPassword')}
            subject={String(record.username)}
            question={u('resetPasswordQuestion', { name: record.username })}
            onConfirm={() => callApi(SERVICE_APP_CALLS.resetAppUserPassword, { id: record.id })}
            done={u('passwordReset')}
          />
          <SyncAction name={appUserResource.name} record={record} subject={String(record.username)} platform={platform} />
        </>
      );
    return {
      contract: appUserResource,
      title: screenTitle ?? t('appUser.title'),
      columns: [
        { title: t('appUser.user'), dataIndex: 'username', key: 'username', fit: 'keep' },
        { title: t('appUser.fullName'), dataIndex: 'fullName', key: 'fullName' },
        { title: t('fields.service'), dataIndex: 'serviceName', key: 'serviceName' },
        { title: t('role.name'), dataIndex: 'roleName', key: 'roleName' },
        { title: t('profile.name'), dataIndex: 'profileName', key: 'profileName' },
        { title: t('group.name'), dataIndex: 'groupName', key: 'groupName' },
        ...(platform ? [{ title: t('fields.unit'), dataIndex: 'unitName' as const, key: 'unitName' }] : []),
        {
          title: t('sync.label'),
          key: 'syncState',
          fit: 'keep',
          render: (_v: unknown, record: RecordOf<typeof appUserResource>) => <SyncStateTag state={record.syncState} failure={record.lastError} />,
        },
      ],
      form: [
        // Platform staff choose the unit first: the users offered are that unit's (a unit's administrator gets their own).
        ...(platform ? ([{ name: 'unitId', label: t('fields.unit'), input: 'select', options: unitOptions, readOnlyOnEdit: true }] satisfies FormField<typeof appUserResource>[]) : []),
        { name: 'userId', label: t('appUser.user'), input: 'select', options: useReportToOptions, readOnlyOnEdit: true },
        { name: 'serviceId', label: t('fields.service'), input: 'select', options: useServiceAppOptions, readOnlyOnEdit: true },
        { name: 'roleId', label: t('role.name'), input: 'select', options: useAppRoleOptions },
        { name: 'profileId', label: t('profile.name'), input: 'select', options: useAppProfileOptions },
        { name: 'groupId', label: t('group.name'), input: 'select', options: useAppGroupOptions },
      ],
      defaults: userId ? { userId } : {},
      fixedQuery: userId ? { userId } : {},
      filters: [
        { name: 'serviceId', label: t('fields.service'), options: useServiceAppOptions },
        { name: 'status', label: t('fields.status'), options: activeStatusOptions(statusText) },
      ],
      view: [
        { label: t('appUser.user'), render: (u) => `${String(u.fullName)} (${String(u.username)})` },
        { label: t('fields.service'), render: (u) => u.serviceName },
        { label: t('role.name'), render: (u) => u.roleName },
        { label: t('profile.name'), render: (u) => u.profileName },
        { label: t('group.name'), render: (u) => u.groupName },
        { label: t('sync.label'), render: (u) => <SyncStateTag state={u.syncState} failure={u.lastError} /> },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, u) => t(status === STATUS.active ? 'appUser.activate' : 'appUser.deactivate', { name: u.username, service: u.serviceName }),
      },
      deleteQuestion: (u) => t('appUser.deleteQuestion', { name: u.username, service: u.serviceName }),
      nameOf: (u) => `${String(u.serviceName)} ${String(u.username)}`,
      rowActions,
      // A pending delivery turns synced, or shows its error, without the admin reloading.
      settling: (u) => u.syncState === 'pending',
      // Saved in the portal either way; the app's refusal is said at once (the row shows it too).
      afterSave: (reply) => {
        if (reply.errorCreateBaseApp) notifyError(t('appUser.refused', { reason: failureText(reply.errorCreateBaseApp) }));
      },
    };
  }, [failureText, permissions, platform, statusText, t, u, userId, screenTitle]);

  return <ResourceScreen key={userId ?? 'all'} definition={definition} />;
}
