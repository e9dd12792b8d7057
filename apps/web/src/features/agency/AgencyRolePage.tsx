import { useMemo, useState } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { agencyRoleResource, PERMISSION_MATRIX_CALLS } from '@portal/contracts';
import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, activeStatusToggle, useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, FormField, ResourceScreenDefinition, FilterField } from '../../shared/resource/types.ts';
import { RoleMatrix, type MatrixCalls } from '../access/PermissionMatrixPage.tsx';
import { agencyOptions, useIsAgencyUser } from './agency-options.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['agency'] as const;

const AGENCY_MATRIX: MatrixCalls = { resource: 'AgencyRole', calls: PERMISSION_MATRIX_CALLS.agency };

/** /agency-crm/agency-role: each agency's roles, with the permission matrix of system roles (agency-level permissions). */
export default function AgencyRolePage() {
  const { t } = useTranslation('agency');
  const permissions = usePermissions();
  const agencyUser = useIsAgencyUser();
  const statusText = useStatusText();
  const [matrixOf, setMatrixOf] = useState<RecordOf<typeof agencyRoleResource> | null>(null);

  const definition = useMemo((): ResourceScreenDefinition<typeof agencyRoleResource> => {
    const agencyField: FormField<typeof agencyRoleResource> = { name: 'agencyId', label: t('fields.agency'), input: 'select', options: agencyOptions, only: 'create', wide: true };
    return {
      contract: agencyRoleResource,
      title: t('roles'),
      columns: [
        { title: t('fields.roleName'), dataIndex: 'name', key: 'name' },
        ...(agencyUser ? [] : [{ title: t('fields.agency'), dataIndex: 'agencyName' as const, key: 'agencyName' }]),
        { title: t('fields.description'), dataIndex: 'description', key: 'description' },
        { title: t('fields.userCount'), dataIndex: 'userCount', key: 'userCount', fit: 'keep', align: 'right' as const },
      ],
      form: [
        ...(agencyUser ? [] : [agencyField]),
        { name: 'name', label: t('fields.roleName'), input: 'text', wide: true },
        { name: 'description', label: t('fields.description'), input: 'textarea' },
      ],
      filters: [
        ...(agencyUser ? [] : ([{ name: 'agencyId', label: t('fields.agency'), options: agencyOptions }] satisfies FilterField<typeof agencyRoleResource>[])),
        { name: 'status', label: t('fields.status'), options: activeStatusOptions(statusText) },
      ],
      view: [
        { label: t('fields.roleName'), render: (role) => role.name },
        { label: t('fields.agency'), render: (role) => role.agencyName },
        { label: t('fields.description'), render: (role) => role.description },
        { label: t('fields.userCount'), render: (role) => role.userCount },
        { label: t('fields.createdAt'), render: (role) => formatDate(role.createdAt) },
      ],
      status: activeStatusToggle((activate, role) => t(activate ? 'role.statusQuestion.on' : 'role.statusQuestion.off', { name: role.name })),
      deleteQuestion: (role) => t('role.deleteQuestion', { name: role.name }),
      rowActions: (role) =>
        permissions.has('AGENCY_ROLE_VIEW') && (
          <Tooltip title={t('role.permissions')}>
            <Button type="text" icon={<SafetyOutlined />} aria-label={`${t('role.permissions')} ${role.name}`} onClick={() => setMatrixOf(role)} />
          </Tooltip>
        ),
    };
  }, [t, permissions, agencyUser, statusText]);

  return (
    <>
      <ResourceScreen definition={definition} />
      <Modal open={matrixOf !== null} title={`${t('role.permissions')}: ${String(matrixOf?.name ?? '')}`} footer={null} width={960} onCancel={() => setMatrixOf(null)} destroyOnHidden>
        {matrixOf && <RoleMatrix roleId={matrixOf.id} calls={AGENCY_MATRIX} readOnly={!permissions.has('AGENCY_ROLE_EDIT')} />}
      </Modal>
    </>
  );
}
