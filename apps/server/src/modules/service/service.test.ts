import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, LOG_OBJECT } from '@portal/contracts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { bearer, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { actionLogs, services } from '../../db/schema/index.ts';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe.each(DATABASE_KINDS)('services (/api/Channel) on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  let adminBrowser: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const session = await signIn(t.app, TEST_ADMIN);
    admin = apiAs(t, bearer(session.access_token));
    adminBrowser = session.browser;
  });
  afterAll(() => t.close());

  const newService = (code: string) => ({
    name: `Kế toán ${code}`,
    code,
    groupCode: 'BUSINESS',
    link: `https://${code.toLowerCase()}.example.test/`,
    redirectLink: `https://${code.toLowerCase()}.example.test/cb`,
    keepResourceDays: 30,
    sendMailTo: 'admin',
  });

  it('creates a service and answers the saved object under result; it is an OIDC client named by its code', async () => {
    const created = await admin.data(admin.post('/api/Channel/CreateChannel', newService('ACC')));
    expect(created.result).toMatchObject({ id: created.id, code: 'ACC', clientId: 'ACC', hasClientSecret: false, keepResourceDays: 30, sendMailTo: 'admin', status: 1 });
    expect(await admin.data(admin.get(`/api/Channel/GetById/${created.id}`))).toEqual(created.result);
    // A public client until a secret is rotated: the code flow starts for it.
    const { response } = await startAuthorization(new TestBrowser(t.app), { clientId: 'ACC', redirectUri: 'https://acc.example.test/cb' });
    expect(response.statusCode).toBe(303);
  });

  it('refuses a duplicate code, a bad link and a negative keep-resource time, naming the field', async () => {
    await admin.data(admin.post('/api/Channel/CreateChannel', newService('DUP')));
    const duplicate = (await admin.post('/api/Channel/CreateChannel', newService('DUP'))).json();
    expect(duplicate).toMatchObject({ success: false, errors: [{ field: 'body.code' }] });
    const badLink = await admin.post('/api/Channel/CreateChannel', { ...newService('BADLINK'), redirectLink: 'ftp://x' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().errors[0].field).toBe('body.redirectLink');
    const negative = await admin.post('/api/Channel/CreateChannel', { ...newService('NEG'), keepResourceDays: -1 });
    expect(negative.statusCode).toBe(400);
    expect(await t.database.db.select().from(services).where(eq(services.code, 'NEG'))).toEqual([]);
  });

  it('deletes by ?id= and keeps the suite’s own services', async () => {
    const { id } = await admin.data(admin.post('/api/Channel/CreateChannel', newService('GONE')));
    expect(await admin.data(admin.delete(`/api/Channel/DeleteChannel?id=${id}`))).toBe(true);
    expect(await t.database.db.select().from(services).where(eq(services.id, id))).toEqual([]);
    const [crm] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'));
    expect((await admin.delete(`/api/Channel/DeleteChannel?id=${crm!.id}`)).json()).toMatchObject({ success: false, errorCode: 9160 });
  });

  it('rotates the client secret: shown once, never in the log, the old one stops working', async () => {
    const { id } = await admin.data(admin.post('/api/Channel/CreateChannel', newService('SECRET')));
    const first = await admin.data(admin.post('/api/Channel/RotateClientSecret', { id }));
    expect(first).toMatchObject({ clientId: 'SECRET' });
    expect(first.clientSecret.length).toBeGreaterThanOrEqual(40);
    const record = await admin.data(admin.get(`/api/Channel/GetById/${id}`));
    expect(record).toMatchObject({ hasClientSecret: true });
    expect(JSON.stringify(record)).not.toContain(first.clientSecret);
    const [row] = await t.database.db.select().from(services).where(eq(services.id, id));
    expect(row!.clientSecretSealed).not.toContain(first.clientSecret);
    const logs = await t.database.db.select().from(actionLogs).where(and(eq(actionLogs.objectId, id), eq(actionLogs.objectCategory, LOG_OBJECT.service), eq(actionLogs.action, LOG_ACTION.edit)));
    expect(logs.length).toBe(1);
    expect(JSON.stringify(logs)).not.toContain(first.clientSecret);

    const second = await admin.data(admin.post('/api/Channel/RotateClientSecret', { id }));
    expect(second.clientSecret).not.toBe(first.clientSecret);
    // Client authentication at the token endpoint: the old secret is refused as invalid_client,
    // the new one passes it (and then fails on the made-up code, invalid_grant).
    const tokenWith = (secret: string) =>
      adminBrowser.request('POST', '/oidc/token', {
        form: { grant_type: 'authorization_code', code: 'no-such-code', code_verifier: 'x'.repeat(43), redirect_uri: 'https://secret.example.test/cb' },
        headers: { authorization: basic('SECRET', secret) },
      });
    expect((await tokenWith(first.clientSecret)).json().error).toBe('invalid_client');
    expect((await tokenWith(second.clientSecret)).json().error).toBe('invalid_grant');
  });

  it('refuses rotation for a service without a redirect link', async () => {
    const { id } = await admin.data(admin.post('/api/Channel/CreateChannel', { ...newService('NOLINK'), redirectLink: '' }));
    expect((await admin.post('/api/Channel/RotateClientSecret', { id })).json()).toMatchObject({ success: false, errorCode: 9161 });
  });
});
