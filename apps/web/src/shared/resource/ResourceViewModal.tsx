import { Descriptions, Modal } from 'antd';
import { useDialogTitle } from './dialog-title.ts';
import type { AnyRecord, GenericDefinition } from './types.ts';

/** The read-only view of a record. */
export function ResourceViewModal({ definition, record, onClose }: { definition: GenericDefinition; record: AnyRecord; onClose: () => void }) {
  const title = useDialogTitle(definition);
  const items = (definition.view ?? []).map((field, index) => ({ key: index, label: field.label, children: field.render(record) }));
  return (
    <Modal open title={title('viewEntity')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Descriptions bordered column={1} size="small" items={items} />
    </Modal>
  );
}
