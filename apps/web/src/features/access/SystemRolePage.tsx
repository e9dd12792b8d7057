import { useMemo } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleResource, STATUS, ROUTES } from '@portal/contracts';
import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['access'] as const;

/** /system/role-system: the roles platform staff hold. */
export default function SystemRolePage() {
  const { t } = useTranslation('access');
  const { t: r } = useTranslation('resource');
  const permissions = usePermissions();
  const statusText = useStatusText();

  const definition = useMemo(
    (): ResourceScreenDefinition<typeof roleResource> => ({
      contract: roleResource,
      title: t('roles'),
      columns: [
        { title: t('fields.name'), dataIndex: 'name', key: 'name', render: (name: string, role) => (role.isBuiltIn ? <>{name} <Tag>{t('fields.builtIn')}</Tag></> : name) },
        { title: t('fields.description'), dataIndex: 'description', key: 'description' },
        { title: t('fields.userCount'), dataIndex: 'userCount', key: 'userCount', fit: 'keep', align: 'right' },
        { title: t('fields.createdAt'), key: 'createdAt', fit: 'keep', render: (_v, role) => formatDate(role.createdAt) },
      ],
      form: [
        { name: 'name', label: t('fields.name'), input: 'text', wide: true },
        { name: 'description', label: t('fields.description'), input: 'textarea' },
      ],
      filters: [
        {
          name: 'status',
          label: r('status.label'),
          options: activeStatusOptions(statusText),
        },
      ],
      view: [
        { label: t('fields.name'), render: (role) => role.name },
        { label: t('fields.description'), render: (role) => role.description },
        { label: t('fields.userCount'), render: (role) => role.userCount },
        { label: t('fields.createdAt'), render: (role) => formatDate(role.createdAt) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, role) => t(status === STATUS.active ? 'statusQuestion.on' : 'statusQuestion.off', { name: role.name }),
      },
      deleteQuestion: (role) => t('deleteQuestion', { name: role.name }),
      rowActions: (role) =>
        permissions.has('SYSTEM_PERMISSIONIAM_LIST') && (
          <Tooltip title={t('permissionsOf')}>
            <Link to={`${ROUTES.systemPermissions}?roleId=${role.id}`}>
              <Button type="text" icon={<SafetyOutlined />} aria-label={`${t('permissionsOf')} ${role.name}`} />
            </Link>
          </Tooltip>
        ),
    }),
    [t, r, permissions, statusText],
  );

  return <ResourceScreen definition={definition} />;
}
