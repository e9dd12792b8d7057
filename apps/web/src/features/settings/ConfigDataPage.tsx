import { useMemo } from 'react';
import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Tabs, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configDataDefaultResource, configDataResource, SETTING_VALUE_TYPES, type ConfigResource, CONFIG_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { resourceKeys } from '../../shared/resource/resource-api.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['settings'] as const;

function useConfigDefinition(contract: ConfigResource, title: string): ResourceScreenDefinition<ConfigResource> {
  const { t } = useTranslation('settings');
  return useMemo((): ResourceScreenDefinition<ConfigResource> => {
    const types = SETTING_VALUE_TYPES.map((value) => ({ value, label: t(`config.types.${value}`) }));
    return {
      contract,
      title,
      columns: [
        { title: t('config.key'), dataIndex: 'key', key: 'key', fit: 'keep', render: (key: string, row) => (row.isSystem ? <>{key} <Tag color="blue">{t('config.system')}</Tag></> : key) },
        { title: t('config.value'), dataIndex: 'value', key: 'value', fit: 'anywhere' },
        { title: t('config.valueType'), dataIndex: 'valueType', key: 'valueType', fit: 'keep', render: (_v, row) => t(`config.types.${row.valueType}`) },
        { title: t('config.description'), dataIndex: 'description', key: 'description' },
        { title: t('config.updatedAt'), key: 'updatedAt', fit: 'keep', render: (_v, row) => formatDate(row.updatedAt, true) },
      ],
      form: [
        { name: 'key', label: t('config.key'), input: 'text', readOnlyOnEdit: true },
        { name: 'valueType', label: t('config.valueType'), input: 'select', options: types },
        { name: 'value', label: t('config.value'), input: 'text', wide: true },
        { name: 'description', label: t('config.description'), input: 'textarea' },
      ],
      defaults: { valueType: 'text', value: '' },
      filters: [{ name: 'valueType', label: t('config.valueType'), options: types }],
      view: [
        { label: t('config.key'), render: (row) => row.key },
        { label: t('config.value'), render: (row) => row.value },
        { label: t('config.valueType'), render: (row) => t(`config.types.${row.valueType}`) },
        { label: t('config.description'), render: (row) => row.description },
        { label: t('config.updatedAt'), render: (row) => formatDate(row.updatedAt, true) },
      ],
      // The portal's own settings cannot be deleted; their values can be changed.
      canDelete: (row) => !row.isSystem,
      deleteQuestion: (row) => t('config.deleteQuestion', { name: row.key }),
      nameOf: (row) => row.key,
    };
  }, [contract, t, title]);
}

/** Restores every setting that has a default to it, after confirmation ("sync list"). */
function SyncButton() {
  const { t } = useTranslation('settings');
  const { t: r } = useTranslation('resource');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => callApi(CONFIG_CALLS.syncFromDefault, undefined),
    onSuccess: () => {
      notifySuccess(t('config.synced'));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(configDataResource) });
    },
  });
  return (
    <Button
      icon={<SyncOutlined />}
      loading={sync.isPending}
      onClick={() =>
        modal.confirm({ title: t('config.sync'), content: t('config.syncQuestion'), okText: t('config.sync'), cancelText: r('cancel'), onOk: () => sync.mutateAsync().catch(() => undefined) })
      }
    >
      {t('config.sync')}
    </Button>
  );
}

/** /system/config-data-manage: the settings in force, their defaults, and the sync list. */
export default function ConfigDataPage() {
  const { t } = useTranslation('settings');
  const permissions = usePermissions();
  const settings = useConfigDefinition(configDataResource, t('config.title'));
  const defaults = useConfigDefinition(configDataDefaultResource, t('config.defaultsTitle'));
  const update = configDataResource.permissions.update;
  const canSync = update !== undefined && permissions.has(update);
  return (
    <Tabs
      items={[
        {
          key: 'settings',
          label: t('config.settingsTab'),
          children: <ResourceScreen definition={settings} toolbarExtra={canSync && <SyncButton />} />,
        },
        { key: 'defaults', label: t('config.defaultsTab'), children: <ResourceScreen definition={defaults} /> },
      ]}
    />
  );
}
