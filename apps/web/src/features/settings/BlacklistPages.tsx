import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { blacklistDomainResource, blacklistExceptionResource, blacklistSubdomainResource, STATUS, type BlacklistResource } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['settings'] as const;

/** One screen for the three lists sign-up and account changes obey; they differ in their phrases. */
function BlacklistScreen({ contract }: { contract: BlacklistResource }) {
  const { t } = useTranslation('settings');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();
  const kind = contract.kind;
  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition<BlacklistResource> => {
    const statuses = activeStatusOptions(statusText);
    return {
      contract,
      title: screenTitle ?? t(`blacklist.${kind}.title`),
      columns: [
        { title: t(`blacklist.${kind}.value`), dataIndex: 'value', key: 'value', fit: 'anywhere' },
        { title: t('blacklist.createdAt'), key: 'createdAt', fit: 'keep', render: (_v, entry) => formatDate(entry.createdAt) },
      ],
      form: [{ name: 'value', label: t(`blacklist.${kind}.value`), input: 'text', wide: true, placeholder: t(`blacklist.${kind}.placeholder`) }],
      filters: [{ name: 'status', label: r('status.label'), options: statuses }],
      view: [
        { label: t(`blacklist.${kind}.value`), render: (entry) => entry.value },
        { label: r('status.label'), render: (entry) => statusText(entry.status) },
        { label: t('blacklist.createdAt'), render: (entry) => formatDate(entry.createdAt) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, entry) => t(status === STATUS.active ? 'blacklist.activate' : 'blacklist.deactivate', { name: entry.value }),
      },
      deleteQuestion: (entry) => t('blacklist.deleteQuestion', { name: entry.value }),
      nameOf: (entry) => entry.value,
    };
  }, [contract, kind, r, statusText, t, screenTitle]);
  return <ResourceScreen definition={definition} />;
}

/** /system/blacklist */
export const BlacklistDomainPage = () => <BlacklistScreen contract={blacklistDomainResource} />;
/** /system/blacklist-sub-domain */
export const BlacklistSubdomainPage = () => <BlacklistScreen contract={blacklistSubdomainResource} />;
/** /system/blacklist-exception */
export const BlacklistExceptionPage = () => <BlacklistScreen contract={blacklistExceptionResource} />;
