import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUserRecord } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { appUsers, integrations, services, users } from '../../db/schema/index.ts';

// A grant of a service the portal has no integration for: the user signs in to it, but its app
// hears nothing. The list says so (not "synced", not the queue's English reason).
describe.each(DATABASE_KINDS)("a grant's sync state without an integration, on %s", (kind) => {
  let t: TestApp;
  let admin: Api;
  let unitId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const actor = await signInActor(t, 'unitAdminA');
    admin = apiAs(t, actor.headers);
    unitId = actor.unitId!;
  });
  afterAll(() => t.close());

  const search = async () => (await admin.data<{ records: AppUserRecord[] }>(admin.post('/api/AppUser/Search', { pageIndex: 1, pageSize: 100 }))).records;

  it('shows the seeded grants as not connected while their service has no integration', async () => {
    expect(await t.database.db.select().from(integrations)).toEqual([]);
    const records = await search();
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record).toMatchObject({ syncState: 'not_connected', lastError: null });
  });

  it('answers a new grant without a refusal and lists it as not connected, and as not delivered (for a sync to send) once a default integration exists', async () => {
    const { db } = t.database;
    const [crm] = await db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'));
    const granted = await db.select({ userId: appUsers.userId }).from(appUsers).where(eq(appUsers.serviceId, crm!.id));
    const [member] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.unitId, unitId), isNull(users.agencyId)))
      .then((rows) => rows.filter((row) => !granted.some((grant) => grant.userId === row.id)));
    const saved = await admin.data<{ id: string; errorCreateBaseApp: unknown }>(admin.post('/api/AppUser/AddUpdate', { serviceId: crm!.id, userId: member!.id }));
    expect(saved.errorCreateBaseApp).toBeNull();
    expect(await admin.data(admin.get(`/api/AppUser/GetById/${saved.id}`))).toMatchObject({ syncState: 'not_connected', lastError: null });

    // An enabled default integration: what was queued without one now failed to reach the app,
    // because it had none then (a sync sends it).
    await db.insert(integrations).values({ serviceId: crm!.id, unitId: null, enabled: true, scimEndpoint: 'https://crm.example.test/scim/v2' });
    expect(await admin.data(admin.get(`/api/AppUser/GetById/${saved.id}`))).toMatchObject({
      syncState: 'failed',
      lastError: { reason: 'not_configured', status: null, detail: null },
    });
  });
});
