import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  GiftOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons of the menu sections, by the icon name the server menu carries. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  enterprise: <BankOutlined />,
  service: <AppstoreOutlined />,
  user: <TeamOutlined />,
  package: <GiftOutlined />,
  system: <SettingOutlined />,
  log: <FileSearchOutlined />,
  report: <BarChartOutlined />,
  agency: <ShopOutlined />,
};

export function menuIcon(name: string): ReactNode {
  return ICONS[name] ?? <AppstoreOutlined />;
}
