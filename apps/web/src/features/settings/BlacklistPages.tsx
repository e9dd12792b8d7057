import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { blacklistDomainResource, blacklistExceptionResource, blacklistSubdomainResource, STATUS, type BlacklistResource } from '@portal/contracts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';

/** One screen for the three lists sign-up and account changes obey; they differ in their phrases. */
function BlacklistScreen({ contract }: { contract: BlacklistResource }) {
  const { t } = useTranslation('settings');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();
  const kind = contract.kind;
  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition => {
    const statuses = activeStatusOptions(statusText);
    return {
      contract,
      title: screenTitle ?? t(`blacklist.${kind}.title`),
      columns: [
        { title: t(`blacklist.${kind}.value`), dataIndex: 'value', key: 'value' },
        { title: t('blacklist.createdAt'), key: 'createdAt', render: (_v, entry) => formatDate(entry.createdAt as string) },
      ],
      form: [{ name: 'value', label: t(`blacklist.${kind}.value`), input: 'text', wide: true, placeholder: t(`blacklist.${kind}.placeholder`) }],
      filters: [{ name: 'status', label: r('status.label'), options: statuses }],
      view: [
        { label: t(`blacklist.${kind}.value`), render: (entry) => entry.value as string },
        { label: r('status.label'), render: (entry) => statusText(entry.status as number) },
        { label: t('blacklist.createdAt'), render: (entry) => formatDate(entry.createdAt as string) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, entry) => t(status === STATUS.active ? 'blacklist.activate' : 'blacklist.deactivate', { name: entry.value }),
      },
      deleteQuestion: (entry) => t('blacklist.deleteQuestion', { name: entry.value }),
      nameOf: (entry) => entry.value as string,
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
