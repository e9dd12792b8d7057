import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailTemplateResource, LANGUAGES, STATUS, EMAIL_TEMPLATE_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { activeStatusOptions, useStatusText } from '../../shared/resource/status.ts';
import type { Option, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { EmailPreviewButton } from './EmailPreviewButton.tsx';
import { LazyRichTextEditor } from './LazyRichTextEditor.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['settings'] as const;

/** The system types, named in the user's language. */
function useTemplateTypes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['resource', emailTemplateResource.name, 'types', i18n.language],
    queryFn: ({ signal }) => callApi(EMAIL_TEMPLATE_CALLS.types, undefined, { signal }),
    staleTime: Infinity,
  });
}

function useTemplateTypeOptions(): { options: Option[]; loading: boolean } {
  const types = useTemplateTypes();
  return { options: (types.data ?? []).map((type) => ({ value: type.type, label: type.name })), loading: types.isPending };
}

/** /system/template-email: one template per system type and language, and templates without a type. */
export default function EmailTemplatePage() {
  const { t } = useTranslation('settings');
  const { t: r } = useTranslation('resource');
  const statusText = useStatusText();
  const types = useTemplateTypes();

  const definition = useMemo((): ResourceScreenDefinition<typeof emailTemplateResource> => {
    const typeName = (type: unknown) => (type ? (types.data?.find((info) => info.type === type)?.name ?? String(type)) : t('template.noType'));
    const languages = LANGUAGES.map((value) => ({ value, label: t(`template.languages.${value}`) }));
    const statuses = activeStatusOptions(statusText);
    return {
      contract: emailTemplateResource,
      title: t('template.title'),
      columns: [
        { title: t('template.name'), dataIndex: 'name', key: 'name' },
        { title: t('template.systemType'), key: 'systemType', render: (_v, row) => typeName(row.systemType) },
        { title: t('template.language'), key: 'language', fit: 'keep', render: (_v, row) => t(`template.languages.${row.language}`) },
        { title: t('template.subject'), dataIndex: 'subject', key: 'subject' },
        { title: t('template.updatedAt'), key: 'updatedAt', fit: 'keep', render: (_v, row) => formatDate(row.updatedAt, true) },
      ],
      form: [
        { name: 'name', label: t('template.name'), input: 'text' },
        { name: 'systemType', label: t('template.systemType'), input: 'select', options: useTemplateTypeOptions },
        { name: 'language', label: t('template.language'), input: 'select', options: languages },
        { name: 'subject', label: t('template.subject'), input: 'text', wide: true },
        { name: 'content', label: t('template.content'), input: 'custom', component: LazyRichTextEditor, wide: true },
      ],
      defaults: { language: 'vi' },
      filters: [
        { name: 'systemType', label: t('template.systemType'), options: useTemplateTypeOptions },
        { name: 'language', label: t('template.language'), options: languages },
        { name: 'status', label: r('status.label'), options: statuses },
      ],
      status: {
        on: STATUS.active,
        off: STATUS.inactive,
        question: (status, row) => t(status === STATUS.active ? 'template.activate' : 'template.deactivate', { name: row.name }),
      },
      deleteQuestion: (row) => t('template.deleteQuestion', { name: row.name }),
      rowActions: (row) => <EmailPreviewButton template={row} />,
    };
  }, [r, statusText, t, types.data]);

  return <ResourceScreen definition={definition} />;
}
