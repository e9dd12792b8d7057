import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionLogResource, LOG_ACTION, LOG_OBJECT, LOG_RESULT } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import type { RecordOf, ResourceScreenDefinition, FilterField } from '../../shared/resource/types.ts';
import { unitOptions } from '../user/user-options.ts';
import { LogContent } from './LogContent.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['log'] as const;

/** /log/action: who changed what and when; a unit's users see their unit only. */
export default function ActionLogPage() {
  const { t } = useTranslation('log');
  const platform = useProfile().data?.unitId === null;

  const definition = useMemo((): ResourceScreenDefinition<typeof actionLogResource> => {
    const objects = t('objects', { returnObjects: true });
    const actions = t('actions', { returnObjects: true });
    const results = t('results', { returnObjects: true });
    const result = (log: RecordOf<typeof actionLogResource>) =>
      log.result === LOG_RESULT.success ? <Tag color="green">{results[LOG_RESULT.success]}</Tag> : <Tag color="red">{results[LOG_RESULT.failure]}</Tag>;
    return {
      contract: actionLogResource,
      title: t('title'),
      columns: [
        { title: t('fields.date'), key: 'createdAt', fit: 'keep', render: (_v, log) => formatDate(log.createdAt, true) },
        { title: t('fields.module'), key: 'module', render: (_v, log) => objects[log.objectCategory] },
        { title: t('fields.action'), key: 'action', render: (_v, log) => actions[log.action] },
        { title: t('fields.result'), key: 'result', fit: 'keep', render: (_v, log) => result(log) },
        { title: t('fields.user'), dataIndex: 'username', key: 'username', fit: 'keep' },
        ...(platform ? [{ title: t('fields.unit'), dataIndex: 'unitName' as const, key: 'unitName' }] : []),
        { title: t('fields.object'), dataIndex: 'objectName', key: 'objectName' },
      ],
      filters: [
        { name: 'objectCategory', label: t('fields.module'), options: Object.values(LOG_OBJECT).map((value) => ({ value, label: objects[value]! })) },
        { name: 'action', label: t('fields.action'), options: Object.values(LOG_ACTION).map((value) => ({ value, label: actions[value]! })) },
        { name: 'result', label: t('fields.result'), options: Object.values(LOG_RESULT).map((value) => ({ value, label: results[value]! })) },
        ...(platform ? ([{ name: 'unitId', label: t('fields.unit'), options: unitOptions }] satisfies FilterField<typeof actionLogResource>[]) : []),
        { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: t('fields.dateRange') },
      ],
      view: [
        { label: t('fields.date'), render: (log) => formatDate(log.createdAt, true) },
        { label: t('fields.module'), render: (log) => objects[log.objectCategory] },
        { label: t('fields.action'), render: (log) => actions[log.action] },
        { label: t('fields.result'), render: result },
        { label: t('fields.user'), render: (log) => log.username },
        { label: t('fields.unit'), render: (log) => log.unitName },
        { label: t('fields.object'), render: (log) => log.objectName },
        { label: t('fields.ip'), render: (log) => log.ipAddress },
        { label: t('fields.content'), render: (log) => <LogContent log={log} /> },
      ],
      nameOf: (log) => String(log.objectName ?? ''),
    };
  }, [t, platform]);

  return <ResourceScreen definition={definition} />;
}
