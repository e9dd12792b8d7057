import { useEffect, useMemo, useRef, useState } from 'react';
import { DeleteOutlined, EditOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import { App, Button, Card, Grid, Space, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { sortableFields, type PermissionName, type ResourceContract } from '@portal/contracts';
import { usePermissions, useProfile } from '../../api/queries.ts';
import { notifySuccess } from '../notify.ts';
import { formatCount } from '../format.ts';
import { ExportButton } from './ExportButton.tsx';
import { resourceApi, resourceKeys } from './resource-api.ts';
import { listAddress, rememberFirstList } from './first-list.ts';
import { ResourceFormModal } from './ResourceFormModal.tsx';
import { ResourceToolbar } from './ResourceToolbar.tsx';
import { ResourceViewModal } from './ResourceViewModal.tsx';
import { useStatusText } from './status.ts';
import { sortableColumn, sortFrom } from './sorting.ts';
import { treeRows } from './tree-rows.ts';
import { useFocusableScroll } from './focusable-scroll.ts';
import { fittedColumn } from './column-fit.ts';
import './resource-table.css';
import type { AnyRecord, GenericDefinition, ResourceScreenDefinition } from './types.ts';

const FIRST_PAGE = { pageIndex: 1, pageSize: 20 };
/** How often a list showing settling rows (ResourceScreenDefinition.settling) is read again. */
const SETTLING_REFRESH_MS = 3000;

/**
 * The standard screen of a resource: search, filters and paging on the server, status toggle
 * and delete with confirmation, add/edit dialog validated by the contract, view, export.
 * Buttons the user's permissions would not allow are not shown (the server refuses anyway).
 */
export function ResourceScreen<C extends ResourceContract>({ definition: typed, toolbarExtra }: { definition: ResourceScreenDefinition<C>; toolbarExtra?: React.ReactNode }) {
  // The definition was checked against its own contract where it was written; the generic
  // screen below reads any record, so it sees the definition with the record's type erased.
  const definition = typed as unknown as GenericDefinition;
  const { contract } = definition;
  const { t, i18n } = useTranslation('resource');
  const { modal } = App.useApp();
  const permissions = usePermissions();
  const statusText = useStatusText();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const api = useMemo(() => resourceApi<ResourceContract, AnyRecord>(contract), [contract]);
  const [query, setQuery] = useState<Record<string, unknown>>({ ...FIRST_PAGE, pageSize: definition.pageSize ?? FIRST_PAGE.pageSize, ...definition.initialFilters, ...definition.fixedQuery });
  const [editing, setEditing] = useState<{ record?: AnyRecord } | null>(null);
  const [viewing, setViewing] = useState<AnyRecord | null>(null);
  // A tree screen opens with every parent expanded; the user folds some.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());

  const can = (operation: keyof typeof contract.permissions) => {
    const permission: PermissionName | undefined = contract.permissions[operation];
    return permission !== undefined && permissions.has(permission);
  };
  const canSave = (record?: AnyRecord) => (record ? can('update') : can('create')) && Boolean(contract.paths.save ?? contract.paths[record ? 'update' : 'create']);

  const list = useQuery({
    queryKey: resourceKeys.search(contract, query),
    queryFn: ({ signal }) => api.search(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (definition.settling && current.state.data?.records.some(definition.settling) ? SETTLING_REFRESH_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(contract) });
  const { pathname, search } = useLocation();
  const searchPath = contract.paths.search;
  useEffect(() => {
    if (searchPath) rememberFirstList(listAddress(pathname, search), { key: resourceKeys.search(contract, query), path: searchPath, body: query });
    // The list this address opens with: the queries that follow are the user's own (filters, pages).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);

  const remove = useMutation({ mutationFn: api.remove, onSuccess: () => (notifySuccess(t('deleted')), refresh()) });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: number }) => api.setStatus(id, status),
    onSuccess: () => (notifySuccess(t('statusChanged')), refresh()),
  });

  const nameOf = definition.nameOf ?? ((record: AnyRecord) => String(record.name ?? record.username ?? ''));
  // Nobody locks or deletes their own account from a list (the server refuses it too).
  const isSelf = (record: AnyRecord) => record.id === profile.data?.id;
  const isBuiltIn = definition.builtIn ?? ((record: AnyRecord) => record.isBuiltIn === true || record.isSystem === true);
  // On a desktop the status and the actions stay in view at the right however wide the row;
  // on a phone nothing is pinned (a pinned column would take most of the screen).
  const wide = Grid.useBreakpoint().md === true;
  const pinned = wide ? ('right' as const) : undefined;
  const tableRef = useRef<HTMLDivElement>(null);
  // The columns the contract lets the server sort by (its search schema's whitelist).
  const sortable = useMemo(() => new Set(sortableFields(contract.search)), [contract]);
  useFocusableScroll(tableRef, definition.title);

  function confirmDelete(record: AnyRecord) {
    modal.confirm({
      title: `${t('delete')} ${nameOf(record)}`,
      content: definition.deleteQuestion?.(record) ?? t('confirmDelete'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      // A refusal is already told (toast); the dialog closes without an uncaught rejection.
      onOk: () => remove.mutateAsync(record.id).catch(() => undefined),
    });
  }

  function confirmStatus(record: AnyRecord, status: number) {
    modal.confirm({
      title: t('confirmTitle'),
      content: definition.status?.question(status, record) ?? t('confirmStatus'),
      okText: t('save'),
      cancelText: t('cancel'),
      onOk: () => setStatus.mutateAsync({ id: record.id, status }).catch(() => undefined),
    });
  }

  const columns: TableColumnsType<AnyRecord> = [
    {
      title: t('index'),
      key: 'index',
      // A tree's children are numbered after the expander and an indent: room for two digits there.
      width: definition.tree ? 96 : 64,
      render: (_value, _record, index) => (Number(query.pageIndex) - 1) * Number(query.pageSize) + index + 1,
    },
    ...definition.columns.map((column) => sortableColumn(column.key === 'status' ? { ...fittedColumn(column), fixed: pinned, className: 'resource-status' } : fittedColumn(column), sortable, query.sort)),
  ];
  const toggle = definition.status;
  if (toggle) {
    columns.push({
      title: t('status.label'),
      key: 'status',
      fixed: pinned,
      className: 'resource-status',
      ...sortableColumn({}, sortable, query.sort, 'status'),
      render: (_value, record) => (
        <Switch
          checked={record.status === toggle.on}
          disabled={!can('status') || isSelf(record)}
          aria-label={`${t('status.label')} ${nameOf(record)}`}
          checkedChildren={statusText(toggle.on)}
          unCheckedChildren={statusText(toggle.off)}
          onChange={(checked) => confirmStatus(record, checked ? toggle.on : toggle.off)}
        />
      ),
    });
  }
  // A read-only list (a report) has no actions column at all.
  const hasActions = Boolean(definition.view || definition.form || contract.paths.delete || definition.rowActions);
  if (hasActions) columns.push({
    title: t('actions'),
    key: 'actions',
    fixed: pinned,
    className: 'resource-actions',
    render: (_value, record) => (
      <Space size={0}>
        {definition.view && (
          <Tooltip title={t('view')}>
            <Button type="text" icon={<EyeOutlined />} aria-label={`${t('view')} ${nameOf(record)}`} onClick={() => setViewing(record)} />
          </Tooltip>
        )}
        {definition.form && canSave(record) && (definition.canEdit?.(record) ?? true) && (
          <Tooltip title={t('edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={`${t('edit')} ${nameOf(record)}`} onClick={() => setEditing({ record })} />
          </Tooltip>
        )}
        {contract.paths.delete && can('delete') && isBuiltIn(record) && (
          <Tooltip title={t('builtInNoDelete')}>
            <span className="resource-built-in" role="img" tabIndex={0} aria-label={`${t('builtInNoDelete')}: ${nameOf(record)}`}>
              <LockOutlined />
            </span>
          </Tooltip>
        )}
        {contract.paths.delete && can('delete') && !isSelf(record) && !isBuiltIn(record) && (definition.canDelete?.(record) ?? true) && (
          <Tooltip title={t('delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('delete')} ${nameOf(record)}`} onClick={() => confirmDelete(record)} />
          </Tooltip>
        )}
        {definition.rowActions?.(record)}
      </Space>
    ),
  });

  const records = list.data?.records;
  const rows = useMemo(() => (definition.tree ? treeRows(records ?? [], definition.tree) : (records ?? [])), [records, definition.tree]);
  const expandable = definition.tree && {
    expandedRowKeys: rows.filter((row) => row.children && !folded.has(row.id)).map((row) => row.id),
    onExpand: (expanded: boolean, row: AnyRecord) =>
      setFolded((current) => {
        const next = new Set(current);
        if (expanded) next.delete(row.id);
        else next.add(row.id);
        return next;
      }),
  };

  return (
    <Card title={definition.title}>
      <ResourceToolbar
        filters={definition.filters ?? []}
        values={query}
        onSearch={(keyword) => setQuery((current) => ({ ...current, keyword, pageIndex: 1 }))}
        onFilter={(values) =>
          setQuery((current) => {
            const next: Record<string, unknown> = { ...current, pageIndex: 1 };
            for (const [name, value] of Object.entries(values)) next[name] = value === '' || value === null ? undefined : value;
            return next;
          })
        }
        onAdd={definition.form && canSave() ? () => setEditing({}) : undefined}
        extra={
          <>
            {toolbarExtra}
            {profile.data?.allowExport && (
              <ExportButton fileName={`${contract.name}.xlsx`} load={() => api.export({ ...query, pageIndex: 1 })} />
            )}
          </>
        }
      />
      {definition.summary && list.data && definition.summary(list.data)}
      <div ref={tableRef}>
        <Table<AnyRecord>
          className="resource-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          {...(expandable ? { expandable } : {})}
          loading={list.isFetching}
          // On a desktop the table is as wide as its card and long texts wrap as their columns
          // allow (ResourceColumn.fit), so no column lies under the pinned status and actions
          // (antd's sticky columns overlap whatever scrolls beneath them); only a table whose
          // columns cannot shrink that far still scrolls. On a phone each row keeps its natural
          // width and the table scrolls inside its card.
          scroll={wide ? { x: true } : { x: 'max-content' }}
          tableLayout={wide ? 'auto' : undefined}
          // A new sort is asked of the server from the first page; paging keeps it (it stays in the query).
          onChange={(_pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') setQuery((current) => ({ ...current, sort: sortFrom(sorter), pageIndex: 1 }));
          }}
          locale={{ emptyText: t('empty') }}
          pagination={{
            current: Number(query.pageIndex),
            pageSize: Number(query.pageSize),
            total: list.data?.totalRecord ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            // `count` picks the plural ("1 record"); `total` is the figure in the screen's language.
            showTotal: (total) => t(list.data?.totalCapped ? 'totalAbout' : 'total', { count: total, total: formatCount(total, i18n.language) }),
            onChange: (pageIndex, pageSize) => setQuery((current) => ({ ...current, pageIndex, pageSize })),
          }}
        />
      </div>
      {editing && (
        <ResourceFormModal
          definition={definition}
          api={api}
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {viewing && <ResourceViewModal definition={definition} record={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
