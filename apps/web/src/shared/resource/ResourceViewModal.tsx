import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnyRecord, GenericDefinition } from './types.ts';

/** The read-only view of a record. */
export function ResourceViewModal({ definition, record, onClose }: { definition: GenericDefinition; record: AnyRecord; onClose: () => void }) {
  const { t } = useTranslation('resource');
  const items = (definition.view ?? []).map((field, index) => ({ key: index, label: field.label, children: field.render(record) }));
  return (
    <Modal open title={`${t('view')} – ${definition.title}`} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Descriptions bordered column={1} size="small" items={items} />
    </Modal>
  );
}
