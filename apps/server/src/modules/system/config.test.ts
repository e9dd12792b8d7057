import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LOG_ACTION, LOG_OBJECT, LOG_RESULT, SYSTEM_SETTINGS } from '@portal/contracts';
import { actionLogs } from '../../db/schema/index.ts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { readNumberSetting, readSetting } from '../../platform/settings.ts';

type Setting = { id: string; key: string; value: string; valueType: string; isSystem: boolean };

describe.each(DATABASE_KINDS)('system configuration on %s', (kind) => {
  let t: TestApp;
  let platform: Api;
  let unitAdmin: Api;

  const settingOf = async (key: string, list = 'ConfigData') => {
    const page = await platform.data<{ records: Setting[] }>(platform.post(`/api/${list}/GetAll`, { pageIndex: 1, pageSize: 200, keyword: key }));
    return page.records.find((record) => record.key === key)!;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
  });
  afterAll(() => t.close());

  it('lists the portal’s own settings with their defaults, to platform staff only', async () => {
    const page = await platform.data<{ records: Setting[] }>(platform.post('/api/ConfigData/GetAll', { pageIndex: 1, pageSize: 200 }));
    expect(page.records.filter((r) => r.isSystem).map((r) => r.key).sort()).toEqual(Object.keys(SYSTEM_SETTINGS).sort());
    expect(await settingOf('MAIL_SENDER_NAME')).toMatchObject({ value: 'SSO Portal', valueType: 'text' });
    expect((await unitAdmin.post('/api/ConfigData/GetAll', { pageIndex: 1, pageSize: 20 })).statusCode).toBe(403);
  });

  it('a changed value takes effect at the next read, on another instance too', async () => {
    const attempts = await settingOf('LOCKOUT_MAX_FAILED_ATTEMPTS');
    await platform.data(platform.post('/api/ConfigData/Update', { ...attempts, value: '7' }));
    expect(await readNumberSetting(t.database.db, 'LOCKOUT_MAX_FAILED_ATTEMPTS')).toBe(7);
    // PGlite serves one instance; several share a PostgreSQL server.
    if (kind !== 'postgres') return;
    const other = await t.anotherInstance();
    try {
      const sender = await settingOf('MAIL_SENDER_NAME');
      await platform.data(platform.post('/api/ConfigData/Update', { ...sender, value: 'Cổng SSO' }));
      const seen = await other.app.inject({ method: 'POST', url: '/api/ConfigData/GetAll', headers: (await signInActor(t, 'platformAdmin')).headers, payload: { pageIndex: 1, pageSize: 50, keyword: 'MAIL_SENDER_NAME' } });
      expect(seen.json().data.records[0].value).toBe('Cổng SSO');
    } finally {
      await other.close();
    }
  });

  it('refuses a value that does not fit its type or bounds, naming the field, and keeps the old one', async () => {
    const attempts = await settingOf('LOCKOUT_MAX_FAILED_ATTEMPTS');
    for (const value of ['many', '1000']) {
      const refused = await platform.post('/api/ConfigData/Update', { ...attempts, value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContainEqual(expect.objectContaining({ field: 'body.value' }));
    }
    const email = await settingOf('CUSTOMER_CARE_EMAIL');
    expect((await platform.post('/api/ConfigData/Update', { ...email, value: 'not-an-address' })).statusCode).toBe(400);
    expect((await platform.post('/api/ConfigData/Update', { ...email, valueType: 'text', value: 'x' })).statusCode).toBe(400);
    expect((await settingOf('LOCKOUT_MAX_FAILED_ATTEMPTS')).value).toBe(attempts.value);
  });

  it('keeps the portal’s own keys: no rename, no delete; other keys come and go, unique whatever their case', async () => {
    const sender = await settingOf('MAIL_SENDER_NAME');
    expect((await platform.post('/api/ConfigData/Update', { ...sender, key: 'SENDER' })).json()).toMatchObject({ success: false, errorCode: 3020 });
    expect((await platform.delete(`/api/ConfigData/Delete/${sender.id}`)).json()).toMatchObject({ success: false, errorCode: 3020 });

    const { id } = await platform.data(platform.post('/api/ConfigData/Create', { key: 'SUPPORT_HOTLINE', value: '19001234', valueType: 'text', description: null }));
    const duplicate = await platform.post('/api/ConfigData/Create', { key: 'support_hotline', value: '1', valueType: 'text', description: null });
    expect(duplicate.json()).toMatchObject({ success: false, errorCode: 3101 });
    expect(await platform.data(platform.delete(`/api/ConfigData/Delete/${id}`))).toBe(true);
  });

  it('the sync list restores every setting from its default and adds the missing ones', async () => {
    await platform.data(platform.post('/api/ConfigDataDefault/Create', { key: 'WELCOME_BANNER', value: 'true', valueType: 'boolean', description: 'Show the banner' }));
    const sender = await settingOf('MAIL_SENDER_NAME');
    await platform.data(platform.post('/api/ConfigData/Update', { ...sender, value: 'Đổi tên' }));
    const result = await platform.data(platform.post('/api/ConfigData/SyncFromDefault', {}));
    expect(result.added).toBeGreaterThanOrEqual(1);
    expect(result.restored).toBeGreaterThanOrEqual(1);
    expect(await readSetting(t.database.db, 'MAIL_SENDER_NAME')).toBe('SSO Portal');
    expect(await settingOf('WELCOME_BANNER')).toMatchObject({ value: 'true', valueType: 'boolean', isSystem: false });
    const [logged] = await t.database.db.select().from(actionLogs).where(and(eq(actionLogs.objectCategory, LOG_OBJECT.systemConfig), eq(actionLogs.action, LOG_ACTION.sync)));
    expect(logged).toMatchObject({ result: LOG_RESULT.success, username: 'admin' });
    expect(JSON.parse(logged!.content!)).toEqual(result);
  });
});
