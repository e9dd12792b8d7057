import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { unitAdminResource } from '@portal/contracts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useStatusText } from '../../shared/resource/status.ts';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { unitOptions } from './user-options.ts';
import { userViewFields } from './user-view.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['user'] as const;

/** /user/user-manage: every unit's administrators, for platform staff. */
export default function UnitAdminPage() {
  const { t } = useTranslation('user');
  const statusText = useStatusText();

  const definition = useMemo(
    (): ResourceScreenDefinition<typeof unitAdminResource> => ({
      contract: unitAdminResource,
      title: t('unitAdmins'),
      fixedQuery: { isAdmin: true },
      columns: [
        { title: t('fields.username'), dataIndex: 'username', key: 'username', fit: 'keep' },
        { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
        { title: t('fields.email'), dataIndex: 'email', key: 'email', fit: 'anywhere' },
        { title: t('fields.mobile'), dataIndex: 'mobile', key: 'mobile', fit: 'keep' },
        { title: t('fields.unit'), dataIndex: 'unitName', key: 'unitName' },
        { title: t('fields.status'), key: 'status', render: (_v, record) => statusText(record.status) },
      ],
      form: [
        { name: 'email', label: t('fields.email'), input: 'text', wide: true },
        { name: 'lastName', label: t('fields.lastName'), input: 'text' },
        { name: 'firstName', label: t('fields.firstName'), input: 'text' },
        { name: 'mobile', label: t('fields.mobile'), input: 'text' },
        { name: 'description', label: t('fields.description'), input: 'textarea' },
        // The administrator then exports their own unit's lists (the server keeps them to it).
        { name: 'allowExport', label: t('fields.allowExport'), input: 'switch' },
      ],
      filters: [{ name: 'unitId', label: t('fields.unit'), options: unitOptions }],
      view: userViewFields(t, statusText),
      nameOf: (record) => String(record.username),
    }),
    [t, statusText],
  );

  return <ResourceScreen definition={definition} />;
}
