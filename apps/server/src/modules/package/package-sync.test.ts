import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppPushResult, UnitPackageRecord } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import type { ScimApp } from '../../../test/scim-app.ts';
import { serveScimApp } from '../../../test/scim-service.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { units } from '../../db/schema/index.ts';

describe.each(DATABASE_KINDS)('pushing what a unit bought into its apps on %s', (kind) => {
  let t: TestApp;
  let scim: ScimApp;
  let closeScim: () => void;
  let platform: Api;
  let unitAdmin: Api;
  let held: UnitPackageRecord;
  let tenant: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') });
    ({ scim, close: closeScim } = await serveScimApp(t, 'package-sync-token'));
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    const admin = await signInActor(t, 'unitAdminA');
    unitAdmin = apiAs(t, admin.headers);
    [{ tenantId: tenant }] = (await t.database.db.select({ tenantId: units.tenantId }).from(units).where(eq(units.id, admin.unitId!))) as [{ tenantId: string }];
    const { records } = await platform.data(platform.post('/api/PackageServiceChannel/Search', { pageIndex: 1, pageSize: 20, unitId: admin.unitId }));
    held = (records as UnitPackageRecord[]).find((record) => record.serviceNames.includes('CRM'))!;
  });
  afterAll(async () => {
    await t.close();
    closeScim();
  });

  it('the CRM app receives the pack (seats, validity, features); services without an integration are named with the reason', async () => {
    const result: AppPushResult = await platform.data(platform.post(`/api/PackageServiceChannel/SyncBaseApp/${held.id}`, {}));
    expect(result.queued).toBe(held.serviceNames.length);
    expect(result.delivered).toBe(1);
    expect(result.failures.map((failure) => failure.serviceName).sort()).toEqual(held.serviceNames.filter((name) => name !== 'CRM').sort());
    for (const failure of result.failures) expect(failure.error).toEqual({ reason: 'not_configured', status: null, detail: null });

    const [subscription] = scim.resources(tenant, 'Subscriptions');
    expect(subscription).toMatchObject({
      schemas: ['urn:sso-portal:scim:schemas:1.0:Subscription'],
      externalId: held.id,
      packageName: held.packageName,
      level: held.level,
      seats: held.seats,
      isTrial: held.isTrial,
      active: true,
      endsAt: held.endsAt && new Date(held.endsAt).toISOString(),
    });
    expect(Array.isArray(subscription!.features)).toBe(true);
  });

  it('a second push replaces the same resource in the app (keyed by the unit’s pack)', async () => {
    await platform.data(platform.post(`/api/PackageServiceChannel/SyncBaseApp/${held.id}`, {}));
    expect(scim.resources(tenant, 'Subscriptions')).toHaveLength(1);
    expect(scim.received.filter((request) => request.type === 'Subscriptions').map((request) => request.method)).toEqual(['POST', 'PUT']);
  });

  it('only platform staff push it, and an unknown pack is not found', async () => {
    expect((await unitAdmin.post(`/api/PackageServiceChannel/SyncBaseApp/${held.id}`, {})).statusCode).toBe(403);
    expect((await platform.post(`/api/PackageServiceChannel/SyncBaseApp/${randomUUID()}`, {})).statusCode).toBe(404);
  });
});
