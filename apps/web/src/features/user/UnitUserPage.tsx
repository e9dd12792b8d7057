import { useMemo } from 'react';
import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXTENSION_OPTIONS, unitUserResource, USER_STATUS, USER_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { departmentOptions, positionOptions } from '../../shared/lookups.ts';
import { usePermissions, useProfile } from '../../api/queries.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, FormField, ResourceScreenDefinition, FilterField } from '../../shared/resource/types.ts';
import { accountFormFields, userStatusOptions, userStatusToggle } from './user-fields.ts';
import { AppUsersLink } from '../service-apps/AppUsersLink.tsx';
import { useReportToOptions } from './report-to-options.ts';
import { unitOptions } from './user-options.ts';
import { SignOutEverywhereAction } from './SignOutEverywhereAction.tsx';
import { ResetSecondFactorsAction, SecondFactorTags } from './SecondFactors.tsx';
import { userViewFields } from './user-view.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['user'] as const;

/** /user/user-of-enterprise: a unit's users; platform staff see every unit's, a unit admin their own. */
export default function UnitUserPage() {
  const { t } = useTranslation('user');
  const permissions = usePermissions();
  const platform = useProfile().data?.unitId === null;
  const statusText = useStatusText();

  const definition = useMemo((): ResourceScreenDefinition<typeof unitUserResource> => {
    const statuses = userStatusOptions(statusText);
    // Object.keys widens to string[]; these are EXTENSION_OPTIONS' own keys.
    const extensions = (Object.keys(EXTENSION_OPTIONS) as (keyof typeof EXTENSION_OPTIONS)[]).map((name) => ({
      value: EXTENSION_OPTIONS[name],
      label: t(`extension.${name}`),
    }));

    const form: FormField<typeof unitUserResource>[] = [
      ...(platform ? [{ name: 'unitId', label: t('fields.unit'), input: 'select', options: unitOptions, only: 'create', wide: true } satisfies FormField<typeof unitUserResource>] : []),
      ...accountFormFields(t),
      { name: 'positionCode', label: t('fields.position'), input: 'select', options: positionOptions },
      { name: 'departmentCode', label: t('fields.department'), input: 'select', options: departmentOptions },
      { name: 'reportToId', label: t('fields.reportTo'), input: 'select', options: useReportToOptions },
      { name: 'groupCode', label: t('fields.group'), input: 'text' },
      { name: 'status', label: t('fields.status'), input: 'select', options: statuses },
      { name: 'extensionOption', label: t('fields.extensionOption'), input: 'select', options: extensions },
      { name: 'extensionNumber', label: t('fields.extensionNumber'), input: 'text' },
      { name: 'cucmPassword', label: t('fields.cucmPassword'), input: 'password' },
      { name: 'isAdmin', label: t('fields.isAdmin'), input: 'switch' },
      { name: 'description', label: t('fields.description'), input: 'textarea' },
    ];

    return {
      contract: unitUserResource,
      title: t('unitUsers'),
      columns: [
        { title: t('fields.username'), dataIndex: 'username', key: 'username', fit: 'keep' },
        { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
        { title: t('fields.email'), dataIndex: 'email', key: 'email', fit: 'anywhere' },
        { title: t('fields.mobile'), dataIndex: 'mobile', key: 'mobile', fit: 'keep' },
        ...(platform ? [{ title: t('fields.unit'), dataIndex: 'unitName' as const, key: 'unitName' }] : []),
        {
          title: t('fields.isAdmin'),
          key: 'isAdmin',
          fit: 'keep',
          render: (_v: unknown, record: RecordOf<typeof unitUserResource>) => (
            <>
              {record.isAdmin ? <Tag color="purple">{t('kind.admin')}</Tag> : <Tag>{t('kind.user')}</Tag>}
              {Boolean(record.isLocked) && (
                <Tooltip title={t('locked')}>
                  <LockOutlined aria-label={t('locked')} style={{ color: '#cf1322' }} />
                </Tooltip>
              )}
            </>
          ),
        },
        {
          title: t('secondFactors.column'),
          key: 'secondFactors',
          fit: 'keep',
          render: (_v: unknown, record: RecordOf<typeof unitUserResource>) => <SecondFactorTags record={record} />,
        },
      ],
      form,
      defaults: { status: USER_STATUS.active, extensionOption: EXTENSION_OPTIONS.none, isAdmin: false },
      filters: [
        ...(platform ? ([{ name: 'unitId', label: t('fields.unit'), options: unitOptions }] satisfies FilterField<typeof unitUserResource>[]) : []),
        { name: 'status', label: t('fields.status'), options: statuses },
      ],
      view: userViewFields(t, statusText),
      status: userStatusToggle(t),
      deleteQuestion: (record) => t('deleteQuestion', { name: record.username }),
      nameOf: (record) => String(record.username),
      rowActions: (record) => (
        <>
          {permissions.has('USER_USERUNIT_EDIT') && (
            <ConfirmedRowAction
              icon={<KeyOutlined />}
              label={t('resetPassword')}
              subject={String(record.username)}
              question={t('resetPasswordQuestion', { name: record.username })}
              onConfirm={() => callApi(USER_CALLS.resetUnitUserPassword, { id: record.id })}
              done={t('passwordReset')}
            />
          )}
          {permissions.has('USER_USERUNIT_EDIT') && <SignOutEverywhereAction record={record} kind="unitUser" />}
          {permissions.has('USER_USERUNIT_EDIT') && <ResetSecondFactorsAction record={record} />}
          <AppUsersLink userId={record.id} username={String(record.username)} />
        </>
      ),
    };
  }, [t, permissions, platform, statusText]);

  return <ResourceScreen definition={definition} />;
}
