import { Icon, type IconName } from '../../shared/ui/Icon.tsx';

/** Icons of the menu sections, by the icon name the server menu carries. */
const ICONS: Record<string, IconName> = {
  dashboard: 'dashboard',
  enterprise: 'bank',
  service: 'appstore',
  user: 'team',
  package: 'gift',
  system: 'setting',
  log: 'fileSearch',
  report: 'barChart',
  agency: 'shop',
};

export function menuIcon(name: string) {
  return <Icon name={ICONS[name] ?? 'appstore'} />;
}
