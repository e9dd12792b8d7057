import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/Icon.tsx';
import { SIDEBAR_ID } from './Sidebar.tsx';

/** The header's button that opens the sidebar's drawer on phones; the keyboard comes back to it when the drawer closes. */
export function SidebarToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && document.activeElement?.closest(`#${SIDEBAR_ID}`)) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <button
      ref={button}
      type="button"
      className="button button-text button-icon"
      aria-label={t('sidebar.open')}
      aria-expanded={open}
      aria-controls={SIDEBAR_ID}
      onClick={onToggle}
    >
      <Icon name="menu" />
    </button>
  );
}
