import type { ReactNode } from 'react';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../notify.ts';

interface Props {
  icon: ReactNode;
  /** What the button does, e.g. "Reset password"; also its accessible name with `subject`. */
  label: string;
  subject: string;
  question: string;
  onConfirm: () => Promise<unknown>;
  /** Toast once it is done (none when what follows tells the outcome itself). */
  done?: string;
  /** The confirming button's text when "Save" would not say what happens (e.g. "Sign out"). */
  confirmLabel?: string;
}

/** A hand-written row action that asks before it acts (resource screens' `rowActions`). */
export function ConfirmedRowAction({ icon, label, subject, question, onConfirm, done, confirmLabel }: Props) {
  const { t } = useTranslation('resource');
  const { modal } = App.useApp();
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={icon}
        aria-label={`${label} ${subject}`}
        onClick={() =>
          modal.confirm({
            title: label,
            content: question,
            okText: confirmLabel ?? t('save'),
            cancelText: t('cancel'),
            onOk: async () => {
              // A refusal is already told (toast): the dialog closes without an uncaught rejection.
              const confirmed = await onConfirm().then(() => true, () => false);
              if (confirmed && done) notifySuccess(done);
            },
          })
        }
      />
    </Tooltip>
  );
}
