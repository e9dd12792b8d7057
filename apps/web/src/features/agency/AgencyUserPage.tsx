import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { agencyUserResource, USER_STATUS } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, FormField, ResourceScreenDefinition, FilterField } from '../../shared/resource/types.ts';
import { accountFormFields, userStatusOptions, userStatusToggle } from '../user/user-fields.ts';
import { agencyOptions, useAgencyRoleOptions, useIsAgencyUser } from './agency-options.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['agency', 'user'] as const;

/** /agency-crm/agency-user: each agency's agent and agent users, with the agency's roles. */
export default function AgencyUserPage() {
  const { t } = useTranslation('agency');
  const { t: u } = useTranslation('user');
  const agencyUser = useIsAgencyUser();
  const statusText = useStatusText();

  const definition = useMemo((): ResourceScreenDefinition<typeof agencyUserResource> => {
    const statuses = userStatusOptions(statusText);
    const kind = (user: RecordOf<typeof agencyUserResource>) => (user.isAgent ? <Tag color="purple">{t('kind.agent')}</Tag> : <Tag>{t('kind.agentUser')}</Tag>);
    const roleTags = (user: RecordOf<typeof agencyUserResource>) => (user.roleNames).map((name) => <Tag key={name}>{name}</Tag>);
    const agencyField: FormField<typeof agencyUserResource> = { name: 'agencyId', label: t('fields.agency'), input: 'select', options: agencyOptions, only: 'create', wide: true };
    return {
      contract: agencyUserResource,
      title: t('users'),
      columns: [
        { title: u('fields.username'), dataIndex: 'username', key: 'username', fit: 'keep' },
        { title: u('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
        { title: u('fields.email'), dataIndex: 'email', key: 'email', fit: 'anywhere' },
        ...(agencyUser ? [] : [{ title: t('fields.agency'), dataIndex: 'agencyName' as const, key: 'agencyName' }]),
        { title: t('fields.isAgent'), key: 'isAgent', fit: 'keep', render: (_v: unknown, user: RecordOf<typeof agencyUserResource>) => kind(user) },
        { title: t('fields.roles'), key: 'roles', render: (_v: unknown, user: RecordOf<typeof agencyUserResource>) => roleTags(user) },
      ],
      form: [
        ...(agencyUser ? [] : [agencyField]),
        ...accountFormFields(u),
        { name: 'status', label: u('fields.status'), input: 'select', options: statuses },
        { name: 'isAgent', label: t('kind.agent'), input: 'switch' },
        { name: 'roleIds', label: t('fields.roles'), input: 'multiselect', options: useAgencyRoleOptions, wide: true },
        // Platform staff give the export option (the account then exports its own agency's lists).
        ...(agencyUser ? [] : ([{ name: 'allowExport', label: u('fields.allowExport'), input: 'switch' }] satisfies FormField<typeof agencyUserResource>[])),
      ],
      defaults: { status: USER_STATUS.active, isAgent: false, allowExport: false },
      filters: [
        ...(agencyUser ? [] : ([{ name: 'agencyId', label: t('fields.agency'), options: agencyOptions }] satisfies FilterField<typeof agencyUserResource>[])),
        { name: 'status', label: u('fields.status'), options: statuses },
      ],
      view: [
        { label: u('fields.username'), render: (x) => x.username },
        { label: u('fields.fullName'), render: (x) => x.fullName },
        { label: u('fields.email'), render: (x) => x.email },
        { label: u('fields.mobile'), render: (x) => x.mobile },
        { label: t('fields.agency'), render: (x) => x.agencyName },
        { label: t('fields.isAgent'), render: kind },
        { label: t('fields.roles'), render: roleTags },
        { label: u('fields.status'), render: (x) => statusText(x.status) },
        { label: u('fields.lastLogin'), render: (x) => formatDate(x.lastLoginAt, true) },
      ],
      status: userStatusToggle(u),
      deleteQuestion: (user) => t('user.deleteQuestion', { name: user.username }),
      nameOf: (user) => String(user.username),
    };
  }, [t, u, agencyUser, statusText]);

  return <ResourceScreen definition={definition} />;
}
