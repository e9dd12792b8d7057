import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppPushResult, BusinessTemplateRecord } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import type { ScimApp } from '../../../test/scim-app.ts';
import { serveScimApp } from '../../../test/scim-service.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { units } from '../../db/schema/index.ts';

describe.each(DATABASE_KINDS)('business-information templates on %s', (kind) => {
  let t: TestApp;
  let scim: ScimApp;
  let closeScim: () => void;
  let platform: Api;
  let unitAdmin: Api;
  let crm: string;
  let unitId: string;
  let tenant: string;

  const save = (body: object) => platform.data(platform.post('/api/TemplateClone/Update', body)) as Promise<{ id: string }>;
  const get = (id: string) => platform.data(platform.get(`/api/TemplateClone/GetById/${id}`)) as Promise<BusinessTemplateRecord>;

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') });
    ({ scim, crm, close: closeScim } = await serveScimApp(t, 'template-token'));
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    const admin = await signInActor(t, 'unitAdminA');
    unitAdmin = apiAs(t, admin.headers);
    unitId = admin.unitId!;
    [{ tenantId: tenant }] = (await t.database.db.select({ tenantId: units.tenantId }).from(units).where(eq(units.id, unitId))) as [{ tenantId: string }];
  });
  afterAll(async () => {
    await t.close();
    closeScim();
  });

  it('one default per service: saving another as the default takes the place of the first', async () => {
    const retail = await save({ serviceId: crm, name: 'Bán lẻ', description: null, content: '{"pipelines":["Bán lẻ"]}', isDefault: true });
    const services = await save({ serviceId: crm, name: 'Dịch vụ', description: 'Công ty dịch vụ', content: '{"pipelines":["Hợp đồng"]}', isDefault: false });
    expect((await get(retail.id)).isDefault).toBe(true);
    await save({ ...(await get(services.id)), isDefault: true });
    expect((await get(retail.id)).isDefault).toBe(false);
    expect((await get(services.id)).isDefault).toBe(true);
    const { records } = await platform.data(platform.post('/api/TemplateClone/Search', { pageIndex: 1, pageSize: 20, serviceId: crm }));
    expect((records as BusinessTemplateRecord[]).filter((r) => r.isDefault).map((r) => r.name)).toEqual(['Dịch vụ']);
  });

  it('pushes a template into a unit’s app of its service as a BusinessTemplate resource', async () => {
    const { id } = await save({ serviceId: crm, name: 'Phân phối', description: null, content: '{"pipelines":["Đại lý"]}', isDefault: false });
    const result: AppPushResult = await platform.data(platform.post(`/api/TemplateClone/SyncBaseApp/${id}`, { unitId }));
    expect(result).toEqual({ queued: 1, delivered: 1, failures: [] });
    expect(scim.resources(tenant, 'BusinessTemplates')).toEqual([
      expect.objectContaining({ schemas: ['urn:sso-portal:scim:schemas:1.0:BusinessTemplate'], externalId: id, name: 'Phân phối', content: '{"pipelines":["Đại lý"]}' }),
    ]);
  });

  it('a unit’s administrator neither reads nor pushes templates', async () => {
    expect((await unitAdmin.post('/api/TemplateClone/Search', { pageIndex: 1, pageSize: 20 })).statusCode).toBe(403);
    const { id } = await save({ serviceId: crm, name: 'Khác', description: null, content: '{}', isDefault: false });
    expect((await unitAdmin.post(`/api/TemplateClone/SyncBaseApp/${id}`, { unitId })).statusCode).toBe(403);
  });
});
