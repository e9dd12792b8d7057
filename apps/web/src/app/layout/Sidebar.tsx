import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { sectionOfPath, STORAGE_KEYS, type MenuDetail } from '@portal/contracts';
import { appSettings } from '../../api/settings.ts';
import { useMenuTitle } from '../menu-model.ts';
import { Icon } from '../../shared/ui/Icon.tsx';
import { menuIcon } from './menu-icons.tsx';
import './sidebar.css';

/** On phones the sidebar is a drawer over the page, opened from the header. */
export interface SidebarDrawer {
  open: boolean;
  onClose: () => void;
}

/** The id the header's menu button controls. */
export const SIDEBAR_ID = 'portal-sidebar';

/**
 * The collapsible sidebar, built from the server's menu: sections open and close, the current
 * screen is marked, and entering another section (by the URL) opens it. Collapsed, it shows
 * the icons; a click on a section expands it again on that section. As a `drawer` (phones) it
 * is never collapsed, stays out of view and of the keyboard's way until opened, and closes on
 * Escape, on its close button and when a screen is chosen.
 */
export function Sidebar({ menuDetails, drawer }: { menuDetails: readonly MenuDetail[]; drawer?: SidebarDrawer | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = useMenuTitle();
  const [collapsedByUser, setCollapsed] = useState(() => localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === '1');
  const collapsed = collapsedByUser && !drawer;
  const aside = useRef<HTMLElement>(null);
  const drawerOpen = drawer?.open ?? false;
  const onClose = drawer?.onClose;
  useEffect(() => {
    if (!drawerOpen || !onClose) return;
    // Opened, the keyboard starts in the menu (once the drawer is drawn: a hidden entry takes no focus).
    const frame = requestAnimationFrame(() => aside.current?.querySelector<HTMLElement>('.sider-nav .nav-item')?.focus());
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
    };
  }, [drawerOpen, onClose]);
  const section = sectionOfPath(pathname)?.route;
  const [openSections, setOpenSections] = useState<readonly string[]>(section ? [section] : []);
  // Following the URL: when it enters another section, that section opens (adjusted during render).
  const [followedSection, setFollowedSection] = useState(section);
  if (section !== followedSection) {
    setFollowedSection(section);
    if (section && !openSections.includes(section)) setOpenSections([...openSections, section]);
  }

  function collapse(next: boolean) {
    setCollapsed(next);
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, next ? '1' : '0');
  }

  function toggleSection(route: string) {
    if (collapsed) {
      collapse(false);
      if (!openSections.includes(route)) setOpenSections([...openSections, route]);
      return;
    }
    setOpenSections(openSections.includes(route) ? openSections.filter((open) => open !== route) : [...openSections, route]);
  }

  const className = drawer ? `sider sider-drawer${drawer.open ? ' sider-drawer-open' : ''}` : collapsed ? 'sider sider-collapsed' : 'sider';
  return (
    <aside ref={aside} id={SIDEBAR_ID} className={className}>
      <div className="sider-brand">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
        {!collapsed && <span>{t('appName')}</span>}
        {drawer && (
          <button type="button" className="button button-text button-icon sider-close" aria-label={t('sidebar.close')} onClick={drawer.onClose}>
            <Icon name="close" />
          </button>
        )}
      </div>
      <nav aria-label={t('appName')} className="sider-nav">
        <ul>
          {menuDetails.map((detail) => {
            const label = title(detail.hashCode);
            const icon = menuIcon(detail.iconActive);
            if (detail.children.length === 0) {
              return (
                <li key={detail.menuParent}>
                  <NavLink end to={detail.menuParent} className="nav-item" title={collapsed ? label : undefined} onClick={onClose}>
                    {icon}
                    <span className="nav-label">{label}</span>
                  </NavLink>
                </li>
              );
            }
            const open = !collapsed && openSections.includes(detail.menuParent);
            const listId = `nav-${detail.menuParent.replace(/\W/g, '')}`;
            return (
              <li key={detail.menuParent}>
                <button
                  type="button"
                  className={section === detail.menuParent ? 'nav-item nav-section nav-section-current' : 'nav-item nav-section'}
                  aria-expanded={open}
                  aria-controls={open ? listId : undefined}
                  title={collapsed ? label : undefined}
                  onClick={() => toggleSection(detail.menuParent)}
                >
                  {icon}
                  <span className="nav-label">{label}</span>
                  <span className="nav-arrow" aria-hidden />
                </button>
                {open && (
                  <ul id={listId}>
                    {detail.children.map((child) => (
                      <li key={child.route}>
                        <NavLink end to={child.route} className="nav-item nav-child" onClick={onClose}>
                          <span className="nav-label">{title(child.hashCode)}</span>
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {!collapsed && <span className="sider-version">{t('version', { version: appSettings().version.version })}</span>}
      {!drawer && (
        <button type="button" className="sider-trigger" aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')} onClick={() => collapse(!collapsed)}>
          {collapsed ? '»' : '«'}
        </button>
      )}
    </aside>
  );
}
