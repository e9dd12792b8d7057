import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, errorKeyOfCode, errorMessage } from './errors.ts';
import { EXTRA_ROUTES, MENU_CATALOGUE } from './menus.ts';
import { isPermissionName, PERMISSION_NAMES, UNIT_ADMIN_PERMISSIONS, UNIT_USER_PERMISSIONS } from './permissions.ts';

describe('error catalogue', () => {
  it('gives every entry a distinct code and both languages', () => {
    const entries = Object.values(ERROR_CATALOGUE);
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry.vi.trim()).not.toBe('');
      expect(entry.en.trim()).not.toBe('');
    }
  });

  it('keeps the account codes of the specification (1 to 17)', () => {
    expect(ERROR_CATALOGUE['account.invalid_credentials'].code).toBe(2);
    expect(ERROR_CATALOGUE['account.email_exists'].code).toBe(8);
    expect(ERROR_CATALOGUE['account.username_exists'].code).toBe(11);
    expect(ERROR_CATALOGUE['account.locked'].code).toBe(17);
    expect(errorKeyOfCode(14)).toBe('account.reset_already_requested');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(errorMessage('service.license_expired', 'en', { product: 'CRM' })).toBe(
      'CRM service has expired license. Please contact customer service',
    );
    expect(errorMessage('service.license_expired', 'en')).toContain('{product}');
  });
});

describe('menu catalogue', () => {
  const items = MENU_CATALOGUE.flatMap((section) => section.items);

  it('names only permissions of the permission catalogue', () => {
    for (const permission of [...items.map((i) => i.permission), ...MENU_CATALOGUE.map((s) => s.permission)]) {
      if (permission) expect(isPermissionName(permission)).toBe(true);
    }
  });

  it('gives every screen of the specification exactly one route', () => {
    const routes = [...MENU_CATALOGUE.map((s) => s.route), ...items.map((i) => i.route), ...EXTRA_ROUTES.map((r) => r.route)];
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes).toEqual(expect.arrayContaining(['/dashboard', '/system/two-factor', '/agency-crm/agency-user', '/work-screen']));
    expect(new Set(items.map((i) => i.code)).size).toBe(items.length);
  });
});

describe('permission catalogue', () => {
  it('names permissions MODULE_FEATURE_ACTION without duplicates', () => {
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
    for (const name of PERMISSION_NAMES) expect(name).toMatch(/^[A-Z]+_[A-Z]+_(ADD|VIEW|EDIT|UPDATE|DELETE|LIST|UPDATESTATUS|SEND|ACCESS)$/);
  });

  it('keeps unit roles within unit-level permissions', () => {
    expect(UNIT_ADMIN_PERMISSIONS).toContain('USER_USERUNIT_ADD');
    expect(UNIT_ADMIN_PERMISSIONS).not.toContain('UNIT_ENTERPRISE_LIST');
    for (const name of UNIT_USER_PERMISSIONS) expect(UNIT_ADMIN_PERMISSIONS).toContain(name);
  });
});
