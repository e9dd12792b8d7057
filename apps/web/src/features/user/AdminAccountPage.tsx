import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminAccountResource, USER_STATUS } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { accountFormFields, userStatusOptions, userStatusToggle } from './user-fields.ts';
import { systemRoleOptions } from './user-options.ts';
import { usePermissions } from '../../api/queries.ts';
import { SignOutEverywhereAction } from './SignOutEverywhereAction.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['user'] as const;

const roleTags = (record: RecordOf<typeof adminAccountResource>) => (record.roleNames).map((name) => <Tag key={name}>{name}</Tag>);

/** /system/admin-account: the platform's staff accounts and their system roles. */
export default function AdminAccountPage() {
  const { t } = useTranslation('user');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();
  const permissions = usePermissions();

  const definition = useMemo((): ResourceScreenDefinition<typeof adminAccountResource> => {
    const statuses = userStatusOptions(statusText);
    const yesNo = (value: unknown) => (value ? r('yes') : r('no'));
    return {
      contract: adminAccountResource,
      title: t('adminAccounts'),
      columns: [
        { title: t('fields.username'), dataIndex: 'username', key: 'username', fit: 'keep' },
        { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
        { title: t('fields.email'), dataIndex: 'email', key: 'email', fit: 'anywhere' },
        { title: t('fields.roles'), key: 'roles', render: (_v, record) => roleTags(record) },
        { title: t('fields.allowExport'), key: 'allowExport', fit: 'keep', render: (_v, record) => yesNo(record.allowExport) },
      ],
      form: [
        ...accountFormFields(t),
        { name: 'status', label: t('fields.status'), input: 'select', options: statuses },
        { name: 'roleIds', label: t('fields.roles'), input: 'multiselect', options: systemRoleOptions, wide: true },
        { name: 'allowExport', label: t('fields.allowExport'), input: 'switch' },
      ],
      defaults: { status: USER_STATUS.active, allowExport: false },
      filters: [
        { name: 'status', label: t('fields.status'), options: statuses },
        { name: 'roleId', label: t('fields.roles'), options: systemRoleOptions },
      ],
      view: [
        { label: t('fields.username'), render: (u) => u.username },
        { label: t('fields.fullName'), render: (u) => u.fullName },
        { label: t('fields.email'), render: (u) => u.email },
        { label: t('fields.mobile'), render: (u) => u.mobile },
        { label: t('fields.roles'), render: roleTags },
        { label: t('fields.allowExport'), render: (u) => yesNo(u.allowExport) },
        { label: t('fields.status'), render: (u) => statusText(u.status) },
        { label: t('fields.lastLogin'), render: (u) => formatDate(u.lastLoginAt, true) },
      ],
      status: userStatusToggle(t),
      deleteQuestion: (record) => t('deleteQuestion', { name: record.username }),
      nameOf: (record) => String(record.username),
      rowActions: (record) => (permissions.has('SYSTEM_ADMINACCOUNT_EDIT') ? <SignOutEverywhereAction record={record} kind="adminAccount" /> : null),
    };
  }, [t, r, statusText, permissions]);

  return <ResourceScreen definition={definition} />;
}
