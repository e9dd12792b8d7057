import { useMemo } from 'react';
import { CloudSyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { integrateDefaultResource, integrateResource, CONFIG_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { resourceKeys } from '../../shared/resource/resource-api.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import type { FormField, RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { useServiceAppOptions } from '../service-apps/service-options.ts';
import { UnitChoiceButton } from '../unit/UnitChoiceButton.tsx';
import { unitOptions } from '../user/user-options.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['system'] as const;

/**
 * /system/integrate (a unit's own settings) and /system/integrate-default (the platform's,
 * which a unit uses until it has its own): how the portal reaches each service's app. The
 * credential is write-only: the list says whether one is stored, a new one replaces it.
 */
/** The per-unit integrations and the platform's defaults share their screen. */
type IntegrationContract = typeof integrateResource | typeof integrateDefaultResource;

function useIntegrationDefinition(contract: IntegrationContract, perUnit: boolean): ResourceScreenDefinition<IntegrationContract> {
  const { t } = useTranslation('system');
  const { t: r } = useTranslation('resource');
  return useMemo((): ResourceScreenDefinition<IntegrationContract> => {
    const yesNo = (value: unknown) => (value ? <Tag color="green">{r('yes')}</Tag> : <Tag>{t('integration.no')}</Tag>);
    const unitField: FormField<IntegrationContract>[] = perUnit ? [{ name: 'unitId', label: t('integration.unit'), input: 'select', options: unitOptions, readOnlyOnEdit: true }] : [];
    return {
      contract,
      title: t(perUnit ? 'integration.title' : 'integration.defaultTitle'),
      columns: [
        { title: t('integration.service'), dataIndex: 'serviceName', key: 'serviceName' },
        ...(perUnit ? [{ title: t('integration.unit'), dataIndex: 'unitName' as const, key: 'unitName' }] : []),
        { title: t('integration.scimEndpoint'), dataIndex: 'scimEndpoint', key: 'scimEndpoint', fit: 'anywhere' },
        { title: t('integration.enabled'), key: 'enabled', fit: 'keep', render: (_v: unknown, row: RecordOf<IntegrationContract>) => yesNo(row.enabled) },
        { title: t('integration.hasCredential'), key: 'hasCredential', fit: 'keep', render: (_v: unknown, row: RecordOf<IntegrationContract>) => yesNo(row.hasCredential) },
        { title: t('integration.updatedAt'), key: 'updatedAt', fit: 'keep', render: (_v: unknown, row: RecordOf<IntegrationContract>) => formatDate(row.updatedAt, true) },
      ],
      form: [
        ...unitField,
        { name: 'serviceId', label: t('integration.service'), input: 'select', options: useServiceAppOptions, readOnlyOnEdit: true },
        { name: 'scimEndpoint', label: t('integration.scimEndpoint'), input: 'text', wide: true, placeholder: 'https://crm.example.com/scim/v2/{tenant}' },
        { name: 'backchannelLogoutUri', label: t('integration.backchannelLogoutUri'), input: 'text', wide: true },
        { name: 'credential', label: t('integration.credential'), input: 'password', placeholder: t('integration.credentialHint'), wide: true },
        { name: 'enabled', label: t('integration.enabled'), input: 'switch' },
      ],
      defaults: { enabled: true },
      filters: [{ name: 'serviceId', label: t('integration.service'), options: useServiceAppOptions }],
      view: [
        { label: t('integration.service'), render: (row) => row.serviceName },
        ...(perUnit ? [{ label: t('integration.unit'), render: (row: RecordOf<IntegrationContract>) => row.unitName }] : []),
        { label: t('integration.scimEndpoint'), render: (row) => row.scimEndpoint },
        { label: t('integration.backchannelLogoutUri'), render: (row) => row.backchannelLogoutUri },
        { label: t('integration.enabled'), render: (row) => yesNo(row.enabled) },
        { label: t('integration.hasCredential'), render: (row) => yesNo(row.hasCredential) },
        { label: t('integration.updatedAt'), render: (row) => formatDate(row.updatedAt, true) },
      ],
      deleteQuestion: (row) => t('integration.deleteQuestion', { name: row.serviceName }),
      nameOf: (row) => (row.unitName ? `${String(row.serviceName)} ${String(row.unitName)}` : String(row.serviceName)),
    };
  }, [contract, perUnit, r, t]);
}

/** "Initialise defaults": a unit gets its own copy of every platform default it lacks. */
function InitialiseDefaultsButton() {
  const { t } = useTranslation('system');
  const queryClient = useQueryClient();
  return (
    <UnitChoiceButton
      icon={<CloudSyncOutlined />}
      label={t('integration.initialise')}
      question={t('integration.initialiseQuestion')}
      unitLabel={t('integration.unit')}
      onChoose={async (unitId) => {
        await callApi(CONFIG_CALLS.createDefaultIntegration, { unitId });
        notifySuccess(t('integration.initialised'));
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all(integrateResource) });
      }}
    />
  );
}

export function IntegratePage() {
  const definition = useIntegrationDefinition(integrateResource, true);
  const canInit = usePermissions().has(integrateResource.permissions.create!);
  return <ResourceScreen definition={definition} toolbarExtra={canInit && <InitialiseDefaultsButton />} />;
}

export function IntegrateDefaultPage() {
  return <ResourceScreen definition={useIntegrationDefinition(integrateDefaultResource, false)} />;
}
