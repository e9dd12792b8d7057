import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Space, Table, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ACTIONS, BUILT_IN_ROLES, PERMISSION_MATRIX_CALLS, roleResource, type PermissionMatrix, type PermissionMatrixCalls } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { usePermissions } from '../../api/queries.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { RemoteSelect } from '../../shared/resource/RemoteSelect.tsx';
import { recordKey, resourceOptions } from '../../shared/resource/remote-options.ts';
import { resourceApi } from '../../shared/resource/resource-api.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['access'] as const;

interface Row {
  key: string;
  module: string;
  feature: string;
  /** How many rows the module cell spans (0 for the module's later rows). */
  moduleSpan: number;
  actions: Map<string, string>;
}

function rowsOf(matrix: PermissionMatrix): Row[] {
  return matrix.modules.flatMap((module) =>
    module.features.map((feature, index) => ({
      key: `${module.module}_${feature.feature}`,
      module: module.module,
      feature: feature.feature,
      moduleSpan: index === 0 ? module.features.length : 0,
      actions: new Map(feature.actions.map((a) => [a.action, a.permission])),
    })),
  );
}

/** Where a role's matrix is read and saved: the system roles' calls or the agency roles' ones. */
export interface MatrixCalls {
  /** Query-key root of the roles listed (their cache is refreshed after a save). */
  resource: string;
  /** The matrix's get and save calls. */
  calls: PermissionMatrixCalls;
}

export const SYSTEM_MATRIX: MatrixCalls = { resource: 'Role', calls: PERMISSION_MATRIX_CALLS.system };

/** The permission matrix of one role: modules × features × actions, ticked and saved at once. */
export function RoleMatrix({ roleId, calls, readOnly, toolbar }: { roleId: string; calls: MatrixCalls; readOnly: boolean; toolbar?: ReactNode }) {
  const { t } = useTranslation('access');
  const { t: r } = useTranslation('resource');
  const queryClient = useQueryClient();
  const [granted, setGranted] = useState<{ roleId: string; names: Set<string> } | null>(null);

  const matrix = useQuery({
    queryKey: ['resource', calls.resource, 'matrix', roleId],
    queryFn: ({ signal }) => callApi(calls.calls.get, undefined, { query: { roleId }, signal }),
  });
  // What the screen shows ticked: the user's edits, else what the role holds.
  const held = new Set(matrix.data?.modules.flatMap((m) => m.features.flatMap((f) => f.actions.filter((a) => a.granted).map((a) => a.permission))));
  const ticked = granted && granted.roleId === roleId ? granted.names : held;

  const save = useMutation({
    mutationFn: () => callApi(calls.calls.save, { roleId, permissions: [...ticked] }),
    onSuccess: async () => {
      notifySuccess(t('saved'));
      setGranted(null);
      await queryClient.invalidateQueries({ queryKey: ['resource', calls.resource] });
      await queryClient.invalidateQueries({ queryKey: ['user', 'menus'] });
    },
  });

  function toggle(permission: string, on: boolean) {
    const next = new Set(ticked);
    if (on) next.add(permission);
    else next.delete(permission);
    setGranted({ roleId, names: next });
  }

  const featureNames = t('features', { returnObjects: true });
  const featureLabel = (row: Row) => featureNames[row.key] ?? row.feature;

  const columns: TableColumnsType<Row> = [
    {
      title: t('module'),
      dataIndex: 'module',
      key: 'module',
      onCell: (row) => ({ rowSpan: row.moduleSpan }),
      // A phrase key built from data: typed keys cannot follow a template (the phrase files hold one per value). An unknown module shows its code.
      render: (module: string) => <strong>{t(`modules.${module}` as 'modules.UNIT', { defaultValue: module })}</strong>,
    },
    { title: t('feature'), key: 'feature', render: (_v, row) => featureLabel(row) },
    ...ACTIONS.map((action) => ({
      title: t(`actions.${action}`),
      key: action,
      align: 'center' as const,
      render: (_v: unknown, row: Row) => {
        const permission = row.actions.get(action);
        if (!permission) return null;
        return (
          <Checkbox
            checked={ticked.has(permission)}
            disabled={readOnly}
            aria-label={`${featureLabel(row)}: ${t(`actions.${action}`)}`}
            onChange={(event) => toggle(permission, event.target.checked)}
          />
        );
      },
    })),
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        {toolbar}
        {!readOnly && (
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
            {r('save')}
          </Button>
        )}
      </Space>
      <Table<Row> rowKey="key" size="small" bordered pagination={false} loading={matrix.isFetching} columns={columns} dataSource={matrix.data ? rowsOf(matrix.data) : []} scroll={{ x: 'max-content' }} />
    </>
  );
}

/** /system/permission-manage: the matrix of the system role chosen (or a built-in unit role). */
export default function PermissionMatrixPage() {
  const { t } = useTranslation('access');
  const permissions = usePermissions();
  const [params, setParams] = useSearchParams();
  const roleId = params.get('roleId') ?? undefined;

  // Every role, platform and unit alike, searched on the server: the list has no end.
  const roleOptions = useMemo(() => resourceOptions(roleResource, (role) => `${role.name} (${t(`scope.${role.scope}`)})`, { filters: { scope: 'all' } }), [t]);
  const role = useQuery({
    queryKey: recordKey(roleResource, roleId),
    queryFn: () => resourceApi(roleResource).get(roleId!),
    enabled: roleId !== undefined,
  }).data;
  const readOnly = !permissions.has('SYSTEM_PERMISSIONIAM_UPDATE') || role?.code === BUILT_IN_ROLES.superAdmin;

  const chooser = (
    <RemoteSelect
      source={roleOptions}
      aria-label={t('chooseRole')}
      placeholder={t('chooseRole')}
      style={{ minWidth: 320 }}
      value={roleId}
      onChange={(value) => setParams(typeof value === 'string' ? { roleId: value } : {})}
    />
  );

  return (
    <Card title={t('matrix')}>
      {role?.code === BUILT_IN_ROLES.superAdmin && <Alert type="info" showIcon title={t('superAdminNote')} style={{ marginBottom: 16 }} />}
      {roleId ? (
        <RoleMatrix roleId={roleId} calls={SYSTEM_MATRIX} readOnly={readOnly} toolbar={chooser} />
      ) : (
        <>
          <Space style={{ marginBottom: 16 }}>{chooser}</Space>
          <Empty description={t('chooseRole')} />
        </>
      )}
    </Card>
  );
}
