import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { agencyUserResource, USER_STATUS } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useStatusText } from '../../shared/resource/status.ts';
import type { AnyRecord, FormField, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { accountFormFields, userStatusOptions, userStatusToggle } from '../user/user-fields.ts';
import { useAgencyOptions, useAgencyRoleOptions, useIsAgencyUser } from './agency-options.ts';

/** /agency-crm/agency-user: each agency's agent and agent users, with the agency's roles. */
export default function AgencyUserPage() {
  const { t } = useTranslation('agency');
  const { t: u } = useTranslation('user');
  const agencyUser = useIsAgencyUser();
  const statusText = useStatusText();

  const definition = useMemo((): ResourceScreenDefinition => {
    const statuses = userStatusOptions(statusText);
    const kind = (user: AnyRecord) => (user.isAgent ? <Tag color="purple">{t('kind.agent')}</Tag> : <Tag>{t('kind.agentUser')}</Tag>);
    const roleTags = (user: AnyRecord) => (user.roleNames as string[]).map((name) => <Tag key={name}>{name}</Tag>);
    const agencyField = { name: 'agencyId', label: t('fields.agency'), input: 'select', options: useAgencyOptions, only: 'create', wide: true } as FormField;
    return {
      contract: agencyUserResource,
      title: t('users'),
      columns: [
        { title: u('fields.username'), dataIndex: 'username', key: 'username' },
        { title: u('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
        { title: u('fields.email'), dataIndex: 'email', key: 'email' },
        ...(agencyUser ? [] : [{ title: t('fields.agency'), dataIndex: 'agencyName', key: 'agencyName' }]),
        { title: t('fields.isAgent'), key: 'isAgent', render: (_v: unknown, user: AnyRecord) => kind(user) },
        { title: t('fields.roles'), key: 'roles', render: (_v: unknown, user: AnyRecord) => roleTags(user) },
      ],
      form: [
        ...(agencyUser ? [] : [agencyField]),
        ...accountFormFields(u),
        { name: 'status', label: u('fields.status'), input: 'select', options: statuses },
        { name: 'isAgent', label: t('kind.agent'), input: 'switch' },
        { name: 'roleIds', label: t('fields.roles'), input: 'multiselect', options: useAgencyRoleOptions, wide: true },
      ],
      defaults: { status: USER_STATUS.active, isAgent: false },
      filters: [
        ...(agencyUser ? [] : [{ name: 'agencyId', label: t('fields.agency'), options: useAgencyOptions }]),
        { name: 'status', label: u('fields.status'), options: statuses },
      ],
      view: [
        { label: u('fields.username'), render: (x) => x.username as string },
        { label: u('fields.fullName'), render: (x) => x.fullName as string },
        { label: u('fields.email'), render: (x) => x.email as string },
        { label: u('fields.mobile'), render: (x) => x.mobile as string },
        { label: t('fields.agency'), render: (x) => x.agencyName as string },
        { label: t('fields.isAgent'), render: kind },
        { label: t('fields.roles'), render: roleTags },
        { label: u('fields.status'), render: (x) => statusText(x.status as number) },
        { label: u('fields.lastLogin'), render: (x) => formatDate(x.lastLoginAt as string | null, true) },
      ],
      status: userStatusToggle(u),
      deleteQuestion: (user) => t('user.deleteQuestion', { name: user.username }),
      nameOf: (user) => String(user.username),
    };
  }, [t, u, agencyUser, statusText]);

  return <ResourceScreen definition={definition} />;
}
