import { useTranslation } from 'react-i18next';
import { EXTRA_ROUTES, MENU_CATALOGUE, ROUTES, sectionOfPath, type MenuDetail, type PermissionName } from '@portal/contracts';
import type menu from '../i18n/vi/menu.ts';

export type MenuPhraseKey = keyof typeof menu;

/** Every screen route with the menu code that titles it and the permission that opens it. */
export interface ScreenRoute {
  route: string;
  code: MenuPhraseKey;
  permission?: PermissionName | undefined;
}

const EXTRA_CODES: Record<string, MenuPhraseKey> = {
  [ROUTES.permissionManage]: 'PERMISSION_MANAGE',
  [ROUTES.workScreen]: 'WORK_SCREEN',
  [ROUTES.appUser]: 'USER_APP_USER',
  [ROUTES.upgrade]: 'PACKAGE_UPGRADE',
  // Every signed-in user's app list (its route is not a menu screen, but the header names it).
  [ROUTES.listBaseApp]: 'LIST_BASE_APP',
};

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  ...MENU_CATALOGUE.flatMap((section) =>
    section.items.length === 0
      ? [{ route: section.route, code: section.code as MenuPhraseKey, permission: section.permission }]
      : section.items.map((item) => ({ route: item.route, code: item.code as MenuPhraseKey, permission: item.permission })),
  ),
  ...EXTRA_ROUTES.map((extra) => ({ route: extra.route, code: EXTRA_CODES[extra.route]!, permission: extra.permission })),
];

/** Sections that group screens: visiting one opens its first permitted screen. */
export const SECTION_ROUTES = MENU_CATALOGUE.filter((section) => section.items.length > 0);

/** The first screen of the user's menu, where a bare visit lands. */
export function firstPermittedRoute(menuDetails: readonly MenuDetail[]): string | undefined {
  const first = menuDetails[0];
  if (!first) return undefined;
  return first.children[0]?.route ?? first.menuParent;
}

/** The title code of the section a path belongs to, for the header. */
export function sectionCodeOf(path: string): MenuPhraseKey | undefined {
  const extra = EXTRA_CODES[path];
  if (extra) return extra;
  return sectionOfPath(path)?.code as MenuPhraseKey | undefined;
}

/** Titles of menu entries in the current language. */
export function useMenuTitle(): (code: string) => string {
  const { t } = useTranslation('menu');
  return (code) => t(code as MenuPhraseKey);
}
