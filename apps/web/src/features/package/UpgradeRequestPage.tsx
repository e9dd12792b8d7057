import { useMemo } from 'react';
import { CheckCircleOutlined, PhoneOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPGRADE_REQUEST_STATE, upgradeRequestResource, UNIT_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['commerce'] as const;

const STATE_COLOURS: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'green' };
/** The phrase of each state, by its number. */
const STATE_KEYS: Record<number, keyof typeof UPGRADE_REQUEST_STATE> = {
  [UPGRADE_REQUEST_STATE.new]: 'new',
  [UPGRADE_REQUEST_STATE.contacted]: 'contacted',
  [UPGRADE_REQUEST_STATE.done]: 'done',
};

/** /package/upgrade-request: units' upgrade requests; platform staff mark them contacted, then done. */
export default function UpgradeRequestPage() {
  const { t } = useTranslation('commerce');
  const permissions = usePermissions();
  const queryClient = useQueryClient();

  const definition = useMemo((): ResourceScreenDefinition<typeof upgradeRequestResource> => {
    const state = (r: RecordOf<typeof upgradeRequestResource>) => <Tag color={STATE_COLOURS[r.state]}>{t(`request.states.${STATE_KEYS[r.state]!}`)}</Tag>;
    const mark = (record: RecordOf<typeof upgradeRequestResource>, next: (typeof UPGRADE_REQUEST_STATE)['contacted' | 'done'], icon: React.ReactNode, label: string, question: string) => (
      <ConfirmedRowAction
        icon={icon}
        label={label}
        subject={String(record.unitName)}
        question={question}
        done={t('request.marked')}
        onConfirm={async () => {
          await callApi(UNIT_CALLS.confirmUpgrade, { id: record.id, state: next });
          await queryClient.invalidateQueries({ queryKey: ['resource', upgradeRequestResource.name] });
        }}
      />
    );
    // Object.entries widens keys to string; these are UPGRADE_REQUEST_STATE's own, each with a phrase.
    const states = Object.entries(UPGRADE_REQUEST_STATE).map(([key, value]) => ({ value, label: t(`request.states.${key as keyof typeof UPGRADE_REQUEST_STATE}`) }));
    return {
      contract: upgradeRequestResource,
      title: t('request.title'),
      columns: [
        { title: t('request.createdAt'), key: 'createdAt', fit: 'keep', render: (_v, r) => formatDate(r.createdAt, true) },
        { title: t('access.unit'), dataIndex: 'unitName', key: 'unitName' },
        { title: t('request.requester'), dataIndex: 'requesterName', key: 'requesterName' },
        { title: t('pack.name'), dataIndex: 'packageName', key: 'packageName' },
        { title: t('access.service'), dataIndex: 'serviceName', key: 'serviceName' },
        { title: t('upgrade.note'), dataIndex: 'note', key: 'note' },
        { title: t('request.state'), key: 'state', fit: 'keep', render: (_v, r) => state(r) },
      ],
      filters: [{ name: 'state', label: t('request.state'), options: states }],
      view: [
        { label: t('access.unit'), render: (r) => r.unitName },
        { label: t('request.requester'), render: (r) => r.requesterName },
        { label: t('pack.name'), render: (r) => r.packageName },
        { label: t('access.service'), render: (r) => r.serviceName },
        { label: t('upgrade.note'), render: (r) => r.note },
        { label: t('request.state'), render: state },
        { label: t('request.handledBy'), render: (r) => (r.handledBy ? `${r.handledBy} – ${formatDate(r.handledAt, true)}` : '') },
      ],
      rowActions: (record) =>
        permissions.has('PACKAGE_SERVICEPACKAGE_EDIT') && (
          <>
            {record.state === UPGRADE_REQUEST_STATE.new &&
              mark(record, UPGRADE_REQUEST_STATE.contacted, <PhoneOutlined />, t('request.contacted'), t('request.contactedQuestion', { unit: record.unitName }))}
            {record.state !== UPGRADE_REQUEST_STATE.done &&
              mark(record, UPGRADE_REQUEST_STATE.done, <CheckCircleOutlined />, t('request.done'), t('request.doneQuestion', { unit: record.unitName }))}
          </>
        ),
    };
  }, [permissions, queryClient, t]);

  return <ResourceScreen definition={definition} />;
}
