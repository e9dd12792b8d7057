import { useMemo } from 'react';
import { MailOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { STATUS, unitResource, USER_COUNT_BANDS, UNIT_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useStatusText } from '../../shared/resource/status.ts';
import type { RecordOf, FormField, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { agencyOptions } from '../agency/agency-options.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['unit'] as const;

/** /enterprise/enterprise-manage: the units (businesses) of the platform. */
export default function UnitManagePage() {
  const { t } = useTranslation('unit');
  const permissions = usePermissions();
  const statusText = useStatusText();

  const screenTitle = useScreenTitle();
  const definition = useMemo((): ResourceScreenDefinition<typeof unitResource> => {
    const type = (record: RecordOf<typeof unitResource>) => (record.isTrial ? <Tag color="orange">{t('type.trial')}</Tag> : <Tag color="blue">{t('type.official')}</Tag>);
    const bands = USER_COUNT_BANDS.map((band) => ({ value: band, label: band }));
    // Who brought the unit: shown to, and set by, those who may see the agencies.
    const agencies = permissions.has('AGENCY_AGENCY_LIST');
    const agencyField: FormField<typeof unitResource> = { name: 'agencyId', label: t('fields.agency'), input: 'select', options: agencyOptions, wide: true };

    return {
      contract: unitResource,
      title: screenTitle ?? t('title'),
      columns: [
        { title: t('fields.name'), dataIndex: 'name', key: 'name' },
        { title: t('fields.businessCode'), dataIndex: 'businessCode', key: 'businessCode', fit: 'keep' },
        { title: t('fields.adminUnit'), dataIndex: 'adminUsername', key: 'adminUsername', fit: 'keep' },
        ...(agencies ? [{ title: t('fields.agency'), dataIndex: 'agencyName' as const, key: 'agencyName' }] : []),
        { title: t('fields.numberOfEmployees'), dataIndex: 'numberOfEmployees', key: 'numberOfEmployees', fit: 'keep' },
        { title: t('fields.isTrial'), key: 'isTrial', fit: 'keep', render: (_v, record) => type(record) },
        { title: t('fields.expiryDate'), key: 'expiryDate', fit: 'keep', render: (_v, record) => formatDate(record.expiryDate) },
        { title: t('fields.registrationDate'), key: 'registrationDate', fit: 'keep', render: (_v, record) => formatDate(record.registrationDate) },
      ],
      form: [
        { name: 'name', label: t('fields.name'), input: 'text', wide: true },
        { name: 'businessCode', label: t('fields.businessCode'), input: 'text' },
        { name: 'numberOfEmployees', label: t('fields.numberOfEmployees'), input: 'select', options: bands },
        { name: 'shortName', label: t('fields.shortName'), input: 'text' },
        { name: 'tenantId', label: t('fields.tenantId'), input: 'text', only: 'create' },
        { name: 'address', label: t('fields.address'), input: 'text', wide: true },
        { name: 'expiryDate', label: t('fields.expiryDate'), input: 'date' },
        { name: 'isTrial', label: t('fields.isTrial'), input: 'switch' },
        { name: 'adminUsername', label: t('fields.adminUsername'), input: 'text', only: 'create' },
        { name: 'adminEmail', label: t('fields.adminEmail'), input: 'text', only: 'create' },
        { name: 'adminPassword', label: t('fields.adminPassword'), input: 'password', only: 'create', wide: true },
        ...(agencies ? [agencyField] : []),
      ],
      defaults: { isTrial: false },
      filters: [
        {
          name: 'status',
          label: t('fields.status'),
          options: [
            { value: STATUS.active, label: statusText(STATUS.active) },
            { value: STATUS.inactive, label: statusText(STATUS.inactive) },
          ],
        },
        {
          name: 'isTrial',
          label: t('fields.isTrial'),
          options: [
            { value: true, label: t('type.trial') },
            { value: false, label: t('type.official') },
          ],
        },
      ],
      view: [
        { label: t('fields.name'), render: (u) => u.name },
        { label: t('fields.businessCode'), render: (u) => u.businessCode },
        { label: t('fields.shortName'), render: (u) => u.shortName },
        { label: t('fields.tenantId'), render: (u) => u.tenantId },
        { label: t('fields.numberOfEmployees'), render: (u) => u.numberOfEmployees },
        { label: t('fields.address'), render: (u) => u.address },
        { label: t('fields.adminUnit'), render: (u) => `${u.adminUsername ?? ''} ${u.adminEmail ? `(${u.adminEmail})` : ''}` },
        { label: t('fields.userCount'), render: (u) => u.userCount },
        { label: t('fields.agency'), render: (u) => u.agencyName },
        { label: t('fields.isTrial'), render: type },
        { label: t('fields.status'), render: (u) => statusText(u.status) },
        { label: t('fields.expiryDate'), render: (u) => formatDate(u.expiryDate) },
        { label: t('fields.registrationDate'), render: (u) => formatDate(u.registrationDate) },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, record) => t(status === STATUS.active ? 'statusQuestion.on' : 'statusQuestion.off', { name: record.name }),
      },
      deleteQuestion: (record) => t('deleteQuestion', { name: record.name }),
      rowActions: (record) =>
        permissions.has('UNIT_ENTERPRISE_SEND') && (
          <ConfirmedRowAction
            icon={<MailOutlined />}
            label={t('sendElearning')}
            subject={String(record.name)}
            question={t('sendElearningQuestion', { name: record.name })}
            onConfirm={() => callApi(UNIT_CALLS.sendMailElearning, { id: record.id })}
            done={t('sent')}
          />
        ),
    };
  }, [t, permissions, statusText, screenTitle]);

  return <ResourceScreen definition={definition} />;
}
