import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { unitAdminResource } from '@portal/contracts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useStatusText } from '../../shared/resource/status.ts';
import type { ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { useUnitOptions } from './user-options.ts';
import { userViewFields } from './user-view.tsx';

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
        { title: t('fields.username'), dataIndex: 'username', key: 'username' },
        { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
        { title: t('fields.email'), dataIndex: 'email', key: 'email' },
        { title: t('fields.mobile'), dataIndex: 'mobile', key: 'mobile' },
        { title: t('fields.unit'), dataIndex: 'unitName', key: 'unitName' },
        { title: t('fields.status'), key: 'status', render: (_v, record) => statusText(record.status) },
      ],
      form: [
        { name: 'email', label: t('fields.email'), input: 'text', wide: true },
        { name: 'lastName', label: t('fields.lastName'), input: 'text' },
        { name: 'firstName', label: t('fields.firstName'), input: 'text' },
        { name: 'mobile', label: t('fields.mobile'), input: 'text' },
        { name: 'description', label: t('fields.description'), input: 'textarea' },
      ],
      filters: [{ name: 'unitId', label: t('fields.unit'), options: useUnitOptions }],
      view: userViewFields(t, statusText),
      nameOf: (record) => String(record.username),
    }),
    [t, statusText],
  );

  return <ResourceScreen definition={definition} />;
}
