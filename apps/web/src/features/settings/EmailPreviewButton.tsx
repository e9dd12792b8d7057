import { EMAIL_TEMPLATE_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { useState } from 'react';
import { FileSearchOutlined } from '@ant-design/icons';
import { Button, Modal, Spin, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import type { EmailTemplateRecord } from '@portal/contracts';

/**
 * Shows a template as its recipient would get it, with the type's sample values. The server
 * answers sanitised HTML; it is purified once more and shown in a sandboxed frame, where
 * nothing can run whatever got through.
 */
export function EmailPreviewButton({ template }: { template: EmailTemplateRecord }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const preview = useQuery({
    queryKey: ['resource', 'EmailTemplate', 'preview', template.id, template.updatedAt],
    queryFn: () =>
      callApi(EMAIL_TEMPLATE_CALLS.preview, { systemType: template.systemType, language: template.language, subject: template.subject, content: template.content }),
    enabled: open,
  });
  return (
    <>
      <Tooltip title={t('template.preview')}>
        <Button type="text" icon={<FileSearchOutlined />} aria-label={`${t('template.preview')} ${template.name}`} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && (
        <Modal open title={t('template.previewTitle', { name: template.name })} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
          {preview.data ? (
            <>
              <Typography.Title level={5} aria-label={t('template.subject')}>
                {preview.data.subject}
              </Typography.Title>
              <iframe
                title={t('template.preview')}
                sandbox=""
                srcDoc={DOMPurify.sanitize(preview.data.html, { WHOLE_DOCUMENT: true })}
                style={{ width: '100%', height: 420, border: '1px solid #f0f0f0' }}
              />
            </>
          ) : (
            <Spin />
          )}
        </Modal>
      )}
    </>
  );
}
