import { describe, expect, it } from 'vitest';
import { firstPermittedRoute, SCREEN_ROUTES, sectionCodeOf } from './menu-model.ts';
import menuVi from '../i18n/vi/menu.ts';
import { SCREENS } from './screens.ts';

describe('menu model', () => {
  it('has a screen for every route of the menu (the router has no empty page to fall back on)', () => {
    expect(SCREEN_ROUTES.filter((screen) => !SCREENS[screen.code]).map((screen) => screen.code)).toEqual([]);
  });


  it('opens the first screen of the first section the user sees', () => {
    expect(firstPermittedRoute([])).toBeUndefined();
    expect(
      firstPermittedRoute([{ menuParent: '/dashboard', hashCode: 'DASHBOARD', iconActive: '', iconInActive: '', children: [] }]),
    ).toBe('/dashboard');
    expect(
      firstPermittedRoute([
        {
          menuParent: '/system',
          hashCode: 'SYSTEM',
          iconActive: '',
          iconInActive: '',
          children: [{ route: '/system/category', hashCode: 'SYSTEM_CATEGORY', permission: 'SYSTEM_CATEGORY_LIST' }],
        },
      ]),
    ).toBe('/system/category');
  });

  it('titles the header with the section of the path', () => {
    expect(sectionCodeOf('/system/role-system')).toBe('SYSTEM');
    expect(sectionCodeOf('/permission-manage')).toBe('PERMISSION_MANAGE');
    expect(sectionCodeOf('/nowhere')).toBeUndefined();
  });

  it('has a title phrase for every screen route', () => {
    for (const screen of SCREEN_ROUTES) expect(menuVi[screen.code]).toBeTruthy();
  });
});
