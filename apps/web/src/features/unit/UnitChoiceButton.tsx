import { useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitOptions } from '../user/user-options.ts';
import { RemoteSelect } from '../../shared/resource/RemoteSelect.tsx';

interface Props {
  icon: ReactNode;
  /** The button's text, also the dialog's title and its confirm button (with `subject`, the accessible name). */
  label: string;
  subject?: string;
  /** What happens once a unit is chosen, said in the dialog. */
  question: string;
  unitLabel: string;
  /** Does it for the chosen unit; the dialog closes once it resolves and stays open if it throws. */
  onChoose: (unitId: string) => Promise<unknown>;
  /** A row action shows only its icon. */
  iconOnly?: boolean;
}

/** A button that asks which unit, then acts on it (initialise a unit's integrations, push a template). */
export function UnitChoiceButton({ icon, label, subject, question, unitLabel, onChoose, iconOnly }: Props) {
  const { t } = useTranslation('resource');
  const [open, setOpen] = useState(false);
  const [unitId, setUnitId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const choose = async () => {
    if (!unitId) return;
    setBusy(true);
    try {
      await onChoose(unitId);
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type={iconOnly ? 'text' : 'default'} icon={icon} aria-label={subject ? `${label} ${subject}` : undefined} title={iconOnly ? label : undefined} onClick={() => setOpen(true)}>
        {iconOnly ? null : label}
      </Button>
      <Modal
        open={open}
        title={label}
        okText={label}
        cancelText={t('cancel')}
        okButtonProps={{ disabled: !unitId, loading: busy }}
        onOk={() => void choose()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{question}</p>
        <RemoteSelect source={unitOptions} aria-label={unitLabel} style={{ width: '100%' }} value={unitId} onChange={(next) => setUnitId(typeof next === 'string' ? next : undefined)} />
      </Modal>
    </>
  );
}
