import { useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sectionOfPath, STORAGE_KEYS, type MenuDetail } from '@portal/contracts';
import { appSettings } from '../settings.ts';
import { useMenuTitle } from '../menu-model.ts';
import { menuIcon } from './menu-icons.tsx';

/** The collapsible sidebar, built from the server's menu; it follows the URL to its section. */
export function Sidebar({ menuDetails }: { menuDetails: readonly MenuDetail[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = useMenuTitle();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === '1');
  const section = sectionOfPath(pathname)?.route;
  const [openKeys, setOpenKeys] = useState<string[]>(section ? [section] : []);
  // Following the URL: when it enters another section, that section opens (adjusted during render).
  const [followedSection, setFollowedSection] = useState(section);
  if (section !== followedSection) {
    setFollowedSection(section);
    if (section && !openKeys.includes(section)) setOpenKeys([...openKeys, section]);
  }

  function toggle(next: boolean) {
    setCollapsed(next);
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, next ? '1' : '0');
  }

  const items: MenuProps['items'] = menuDetails.map((detail) =>
    detail.children.length === 0
      ? { key: detail.menuParent, icon: menuIcon(detail.iconActive), label: <Link to={detail.menuParent}>{title(detail.hashCode)}</Link> }
      : {
          key: detail.menuParent,
          icon: menuIcon(detail.iconActive),
          label: title(detail.hashCode),
          children: detail.children.map((child) => ({
            key: child.route,
            label: <Link to={child.route}>{title(child.hashCode)}</Link>,
          })),
        },
  );

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={toggle}
      width={256}
      theme="light"
      className="shell-sider"
      trigger={<span aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}>{collapsed ? '»' : '«'}</span>}
    >
      <div className="shell-brand">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
        {!collapsed && <span>{t('appName')}</span>}
      </div>
      <nav aria-label={t('appName')}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={setOpenKeys}
        />
      </nav>
      {!collapsed && (
        <span className="shell-version">
          {t('version', { version: appSettings().version.version })}
        </span>
      )}
    </Layout.Sider>
  );
}
