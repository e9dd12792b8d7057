import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { integrations, services } from '../../db/schema/index.ts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { integrationFor } from '../provisioning/deliver.ts';

type Integration = { id: string; serviceId: string; unitId: string | null; scimEndpoint: string | null; enabled: boolean; hasCredential: boolean } & Record<string, unknown>;

describe.each(DATABASE_KINDS)('integrations on %s', (kind) => {
  let t: TestApp;
  let platform: Api;
  let unitAdmin: Api;
  let unitId: string;
  let crm: string;
  let ic: string;

  const storedCredential = async (id: string) => {
    const [row] = await t.database.db.select({ cipher: integrations.credentialCipher }).from(integrations).where(eq(integrations.id, id));
    return row?.cipher ? createSecretBox(t.config).open(row.cipher) : null;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') });
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    const admin = await signInActor(t, 'unitAdminA');
    unitAdmin = apiAs(t, admin.headers);
    unitId = admin.unitId!;
    const rows = await t.database.db.select({ id: services.id, code: services.code }).from(services);
    crm = rows.find((row) => row.code === 'CRM')!.id;
    ic = rows.find((row) => row.code === 'IC')!.id;
  });
  afterAll(() => t.close());

  it('keeps a default’s credential sealed, never answers it, and keeps it through a get → update round trip', async () => {
    const { id } = await platform.data<{ id: string }>(
      platform.post('/api/IntegrateDefault/Create', { serviceId: crm, scimEndpoint: 'https://crm.example.test/scim/v2/{tenant}', backchannelLogoutUri: 'https://crm.example.test/bcl', enabled: true, credential: 'secret-token-1' }),
    );
    const [row] = await t.database.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row!.credentialCipher).not.toContain('secret-token-1');
    expect(await storedCredential(id)).toBe('secret-token-1');

    const read = await platform.get(`/api/IntegrateDefault/GetById/${id}`);
    expect(read.body).not.toContain('secret-token-1');
    expect(read.body).not.toContain(row!.credentialCipher!);
    const record = read.json().data as Integration;
    expect(record).toMatchObject({ serviceId: crm, unitId: null, hasCredential: true, enabled: true });
    expect(record).not.toHaveProperty('credential');
    const list = await platform.post('/api/IntegrateDefault/GetAll', { pageIndex: 1, pageSize: 50 });
    expect(list.body).not.toContain('secret-token-1');

    // The record as answered goes back unchanged: the credential stays.
    await platform.data(platform.post('/api/IntegrateDefault/Update', { ...record, enabled: false }));
    expect(await storedCredential(id)).toBe('secret-token-1');
    // A new one replaces it.
    await platform.data(platform.post('/api/IntegrateDefault/Update', { ...record, credential: 'secret-token-2' }));
    expect(await storedCredential(id)).toBe('secret-token-2');
    expect((await platform.data<Integration>(platform.get(`/api/IntegrateDefault/GetById/${id}`))).enabled).toBe(true);
  });

  it('refuses a second default for a service, an endpoint that is not a URL, and an unknown service', async () => {
    const again = await platform.post('/api/IntegrateDefault/Create', { serviceId: crm, enabled: true });
    expect(again.json()).toMatchObject({ success: false });
    const bad = await platform.post('/api/IntegrateDefault/Create', { serviceId: ic, scimEndpoint: 'not a url', enabled: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(expect.objectContaining({ field: 'body.scimEndpoint' }));
    const unknown = await platform.post('/api/IntegrateDefault/Create', { serviceId: '00000000-0000-4000-8000-000000000000', enabled: true });
    expect(unknown.json()).toMatchObject({ success: false });
  });

  it('initialising defaults copies each default the unit lacks, credential included, and keeps the unit’s own', async () => {
    const own = await platform.data<{ id: string }>(
      platform.post('/api/Integrate/Create', { unitId, serviceId: ic, scimEndpoint: 'https://ic-a.example.test/scim', enabled: true, credential: 'unit-a-ic' }),
    );
    expect(await platform.data(platform.post('/api/Integrate/CreateDefaultConfigData', { unitId }))).toEqual({ created: 1 });
    expect(await platform.data(platform.post('/api/Integrate/CreateDefaultConfigData', { unitId }))).toEqual({ created: 0 });

    const page = await platform.data<{ records: Integration[] }>(platform.post('/api/Integrate/GetAll', { pageIndex: 1, pageSize: 50, unitId }));
    expect(page.records.map((r) => r.serviceId).sort()).toEqual([crm, ic].sort());
    const copied = page.records.find((r) => r.serviceId === crm)!;
    expect(copied).toMatchObject({ unitId, hasCredential: true, scimEndpoint: 'https://crm.example.test/scim/v2/{tenant}' });
    expect(await storedCredential(copied.id)).toBe('secret-token-2');
    expect(await storedCredential(own.id)).toBe('unit-a-ic');
    // Delivery uses the unit's own integration before the default.
    expect((await integrationFor(t.database.db, unitId, ic))?.id).toBe(own.id);
    // The defaults list holds no unit's integration, and the other way round.
    const defaults = await platform.data<{ records: Integration[] }>(platform.post('/api/IntegrateDefault/GetAll', { pageIndex: 1, pageSize: 50 }));
    expect(defaults.records.every((r) => r.unitId === null)).toBe(true);
    expect((await platform.get(`/api/IntegrateDefault/GetById/${own.id}`)).statusCode).not.toBe(200);
  });

  it('is platform staff’s only: a unit admin reaches neither list nor initialisation', async () => {
    expect((await unitAdmin.post('/api/Integrate/GetAll', { pageIndex: 1, pageSize: 20 })).statusCode).toBe(403);
    expect((await unitAdmin.post('/api/IntegrateDefault/GetAll', { pageIndex: 1, pageSize: 20 })).statusCode).toBe(403);
    expect((await unitAdmin.post('/api/Integrate/CreateDefaultConfigData', { unitId })).statusCode).toBe(403);
  });
});
