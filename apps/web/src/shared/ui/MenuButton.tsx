import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { usePopup } from './use-popup.ts';
import './popup.css';

export type MenuEntry =
  | { key: string; label: string; icon?: ReactNode; danger?: boolean; /** The current choice (the language in use). */ checked?: boolean }
  | { key: string; divider: true };

interface MenuButtonProps {
  /**
   * What the menu is about: the menu's accessible name, and the start of the button's, which
   * goes on with what the button shows (WCAG 2.5.3: a name contains the visible label).
   */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  items: readonly MenuEntry[];
  onSelect: (key: string) => void;
  className?: string;
}

/**
 * A button opening a menu of actions (WAI-ARIA menu button): click, Enter, Space or ArrowDown
 * open it on the first entry (ArrowUp on the last), the arrow keys, Home and End move, Escape
 * closes it and returns to the button, Tab or a click outside closes it.
 */
export function MenuButton({ label, children, items, onSelect, className = 'button button-text' }: MenuButtonProps) {
  const { open, setOpen, close, popupId, anchorProps, triggerProps } = usePopup('menu');
  const menuRef = useRef<HTMLDivElement>(null);
  const startAt = useRef<'first' | 'last'>('first');

  const entries = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (open) (startAt.current === 'last' ? entries().at(-1) : entries()[0])?.focus();
  }, [open]);

  function openAt(where: 'first' | 'last') {
    startAt.current = where;
    setOpen(true);
  }

  function onTriggerKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowUp' ? 'last' : 'first');
  }

  function onMenuKey(event: KeyboardEvent) {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const target = { ArrowDown: (at + 1) % all.length, ArrowUp: (at - 1 + all.length) % all.length, Home: 0, End: all.length - 1 }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      all[target]?.focus();
    } else if (event.key === 'Tab') close(false);
  }

  return (
    <div className="popup-anchor" {...anchorProps}>
      <button
        {...triggerProps}
        className={className}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onTriggerKey}
      >
        <span className="visually-hidden">{label}: </span>
        {children}
      </button>
      {open && (
        <div ref={menuRef} id={popupId} role="menu" aria-label={label} className="popup menu" onKeyDown={onMenuKey}>
          {items.map((item) =>
            'divider' in item ? (
              <div key={item.key} role="separator" className="menu-divider" />
            ) : (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-current={item.checked || undefined}
                className={`menu-item${item.danger ? ' menu-item-danger' : ''}${item.checked ? ' menu-item-checked' : ''}`}
                onClick={() => {
                  close(true);
                  onSelect(item.key);
                }}
              >
                {item.icon}
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
