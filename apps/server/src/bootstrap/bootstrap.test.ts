import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts';
import { DATABASE_KINDS, disposableDatabases } from '../../test/databases.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { categories, rolePermissions, roles, services, units, users } from '../db/schema/index.ts';
import { loadProviderKeys } from '../identity/keys.ts';
import { prepareDatabase } from './index.ts';

const databases = disposableDatabases();
afterEach(() => databases.cleanup());
const fresh = databases.create;

async function countOf(handle: DatabaseHandle, table: typeof users | typeof units | typeof services | typeof categories) {
  const [row] = await handle.db.select({ n: count() }).from(table);
  return row!.n;
}

describe.each(DATABASE_KINDS)('first and later starts on %s', (kind) => {
  it('creates the administrator and reference data once, with a generated password shown once', async () => {
    const handle = await (await fresh(kind)).open();
    const config = loadConfig({});
    const first = await prepareDatabase(handle, config);
    expect(first.admin?.username).toBe('admin');
    expect(first.admin?.generatedPassword).toMatch(/^.{16}$/);
    expect(first.demo).toBeUndefined();

    const second = await prepareDatabase(handle, config);
    expect(second.admin).toBeUndefined();
    expect(await countOf(handle, users)).toBe(1);
    expect(await countOf(handle, services)).toBe(6);
    expect(await countOf(handle, categories)).toBeGreaterThan(5);

    const [superAdmin] = await handle.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'SUPER_ADMIN'));
    const [held] = await handle.db.select({ n: count() }).from(rolePermissions).where(eq(rolePermissions.roleId, superAdmin!.id));
    expect(held!.n).toBe(PERMISSIONS.length);
  });

  it('keeps the signing keys, so tokens stay valid across restarts', async () => {
    const handle = await (await fresh(kind)).open();
    await prepareDatabase(handle, loadConfig({}));
    const before = await loadProviderKeys(handle.db);
    const after = await loadProviderKeys(handle.db);
    expect(after.signing[0]!.kid).toBe(before.signing[0]!.kid);
    expect(after.cookies).toEqual(before.cookies);
  });

  it('seeds the demo data once', async () => {
    const handle = await (await fresh(kind)).open();
    const config = loadConfig({ DEMO_DATA: '1', PORTAL_ADMIN_PASSWORD: 'Test#Admin2026' });
    const first = await prepareDatabase(handle, config);
    expect(first.admin?.generatedPassword).toBeUndefined();
    expect(first.demo?.unitAdmins).toEqual(['admin.minhphat', 'admin.saoviet', 'admin.hoanglong']);
    await prepareDatabase(handle, config);
    expect(await countOf(handle, units)).toBe(3);
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('instances starting together on PostgreSQL', () => {
  it('take turns: migrations and seed run once, nobody fails', async () => {
    const target = await fresh('postgres');
    const instances = await Promise.all([target.open(), target.open(), target.open()]);
    const config = loadConfig({ DEMO_DATA: '1' });
    const results = await Promise.all(instances.map((handle) => prepareDatabase(handle, config)));
    expect(results.filter((r) => r.admin).length).toBe(1);
    expect(results.filter((r) => r.demo).length).toBe(1);
    expect(await countOf(instances[0]!, units)).toBe(3);
    const keys = await Promise.all(instances.map((handle) => loadProviderKeys(handle.db)));
    expect(new Set(keys.map((k) => k.signing[0]!.kid)).size).toBe(1);
  });
});
