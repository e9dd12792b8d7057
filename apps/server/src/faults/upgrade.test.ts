import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/oidc-client.ts';
import { DATABASE_KINDS, freshDatabase, type DatabaseKind } from '../../test/databases.ts';
import { startTestAppOn, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { loadProviderKeys } from '../identity/keys.ts';

/**
 * Upgrades keep data. The fixture is a database the previous release made (its migrations,
 * demo data, two signed-in accounts, an audited change), dumped as SQL by
 * scripts/upgrade-fixture/make.ts. Today's server starts on it, migrates forward, and every
 * row is still there and usable.
 */
const FIXTURE = new URL('../../test/fixtures/previous-release/', import.meta.url);
const dump = await readFile(new URL('dump.sql', FIXTURE), 'utf8');
const release = JSON.parse(await readFile(new URL('release.json', FIXTURE), 'utf8')) as {
  commit: string;
  admin: { username: string; password: string; accessToken: string };
  user: { username: string; password: string; accessToken: string };
};

const KEPT_TABLES = ['units', 'users', 'roles', 'user_roles', 'role_permissions', 'service_packages', 'unit_packages', 'services', 'action_logs', 'oidc_keys', 'oidc_payloads', 'user_devices'];

/** `count(*)` of one query; the result's shape differs between the two drivers' typings. */
async function count(db: Database, query: ReturnType<typeof sql.raw>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of KEPT_TABLES) {
    counts[table] = await count(db, sql.raw(`select count(*)::int as n from ${table}`));
  }
  return counts;
}

/** Runs the dump as one script: PGlite's exec, or node-postgres's simple query protocol. */
async function load(db: Database, kind: DatabaseKind): Promise<void> {
  const client = (db as unknown as { $client: { exec?: (text: string) => Promise<unknown>; query: (text: string) => Promise<unknown> } }).$client;
  await (kind === 'pglite' ? client.exec!(dump) : client.query(dump));
}

describe.each(DATABASE_KINDS)(`upgrade from the previous release (${release.commit}) on %s`, (kind) => {
  let t: TestApp;
  let before: Record<string, number>;

  beforeAll(async () => {
    const target = await freshDatabase(kind);
    const handle = await target.open();
    await load(handle.db, kind);
    before = await rowCounts(handle.db);
    // The test app opens the database itself: hand it the loaded one (PGlite lives in memory).
    t = await startTestAppOn({ open: async () => handle, drop: target.drop }, { DEMO_DATA: '0' });
  });
  afterAll(() => t?.close());

  it('migrates forward and keeps every row', async () => {
    expect(before.users).toBeGreaterThan(0);
    expect(before.action_logs).toBeGreaterThan(0);
    // The permission catalogue is synchronised at every start (the super-admin role gets the
    // new release's permissions): the only table whose count may change.
    expect(await rowCounts(t.database.db)).toEqual({ ...before, role_permissions: expect.any(Number) });
    // The previous release had applied four migrations; today's are applied after them.
    expect(await count(t.database.db, sql.raw('select count(*)::int as n from drizzle.__drizzle_migrations'))).toBeGreaterThan(4);
  });

  it('old passwords still sign in and their accounts work', async () => {
    for (const account of [release.admin, release.user]) {
      const tokens = await signIn(t.app, account);
      const me = await t.app.inject({ url: '/api/User/GetListMenus', headers: bearer(tokens.access_token) });
      expect(me.json(), account.username).toMatchObject({ success: true });
    }
    const admin = await signIn(t.app, release.admin);
    const units = await t.app.inject({ method: 'POST', url: '/api/Unit/Search', headers: bearer(admin.access_token), payload: { pageIndex: 1, pageSize: 50 } });
    expect(units.json().data.totalRecord).toBe(before.units!);
    const log = await t.app.inject({ method: 'POST', url: '/api/ActionLog/SearchActionLog', headers: bearer(admin.access_token), payload: { pageIndex: 1, pageSize: 50 } });
    expect(log.json()).toMatchObject({ success: true });
    expect(log.json().data.totalRecord).toBeGreaterThanOrEqual(before.action_logs!);
  });

  it('tokens the previous release signed still verify with the stored keys', async () => {
    const jwks = createLocalJWKSet((await t.app.inject('/oidc/jwks')).json());
    for (const token of [release.admin.accessToken, release.user.accessToken]) {
      const { iat } = decodeJwt(token);
      // Signed then, checked as of then: the key is the point, not the 15-minute lifetime.
      const { payload } = await jwtVerify(token, jwks, { issuer: `${TEST_PUBLIC_URL}/oidc`, currentDate: new Date(iat! * 1000) });
      expect(payload.sub).toBeTruthy();
    }
  });

  it("keeps the release's RSA key and adds one EC key for the portal's own tokens, once", async () => {
    const published = (await t.app.inject('/oidc/jwks')).json().keys as { kid: string; alg: string }[];
    expect(published.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    // Back to the release's key set, then two instances upgrading it at once: one EC key between them.
    const { db } = t.database;
    await db.execute(sql`update oidc_keys set value = (select jsonb_agg(key) from jsonb_array_elements(value) key where key->>'alg' = 'RS256') where kind = 'signing'`);
    const [first, second] = await Promise.all([loadProviderKeys(db), loadProviderKeys(db)]);
    expect(first!.signing.map((key) => key.alg)).toEqual(['RS256', 'ES256']);
    expect(second!.signing.map((key) => key.kid)).toEqual(first!.signing.map((key) => key.kid));
    expect(first!.signing[0]!.kid).toBe(published.find((key) => key.alg === 'RS256')!.kid);
  });
});
