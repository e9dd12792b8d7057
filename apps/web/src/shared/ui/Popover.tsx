import type { ReactNode } from 'react';
import { usePopup } from './use-popup.ts';
import './popup.css';

interface PopoverProps {
  /** The button's accessible name. */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  /** The panel's heading (and name). */
  title: string;
  /** The panel's content, rendered only while open (so it unmounts on close); `close` shuts it. */
  children: (close: () => void) => ReactNode;
  className?: string;
}

/**
 * A button showing a panel below it (a non-modal dialog): the same open and close rules as
 * the menu button; focus stays on the button and Tab continues into the panel.
 */
export function Popover({ label, trigger, title, children, className = 'button button-text button-icon' }: PopoverProps) {
  const { open, setOpen, close, popupId, anchorProps, triggerProps } = usePopup('dialog');
  return (
    <div className="popup-anchor" {...anchorProps}>
      <button {...triggerProps} className={className} aria-label={label} onClick={() => setOpen(!open)}>
        {trigger}
      </button>
      {open && (
        <div id={popupId} role="dialog" aria-labelledby={`${popupId}-title`} className="popup popover">
          <div id={`${popupId}-title`} className="popover-title">
            {title}
          </div>
          {children(() => close(false))}
        </div>
      )}
    </div>
  );
}
