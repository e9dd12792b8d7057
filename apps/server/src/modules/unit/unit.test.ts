import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { OTHER_PASSWORD } from '../../../test/samples.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { actionLogs, mailOutbox, users } from '../../db/schema/index.ts';

describe.each(DATABASE_KINDS)('units on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const post = (url: string, payload: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...headers, ...extra } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    headers = bearer((await signIn(t.app, TEST_ADMIN)).access_token);
  });
  afterAll(() => t.close());

  const newUnit = {
    name: 'Công ty Cổ phần Ánh Dương',
    businessCode: '0101234567',
    numberOfEmployees: '21-100',
    shortName: 'Ánh Dương',
    address: 'Đà Nẵng',
    adminUsername: 'admin.anhduong',
    adminEmail: 'admin@anhduong.example.com',
  };

  it('creates a unit with its administrator, who can sign in with the mailed password', async () => {
    const created = await post('/api/Unit/Create', newUnit);
    expect(created.json()).toMatchObject({ success: true, data: { id: expect.any(String) } });
    const id = created.json().data.id;

    const unit = (await t.app.inject({ url: `/api/Unit/GetById/${id}`, headers })).json().data;
    expect(unit).toMatchObject({ name: newUnit.name, tenantId: 'anhduong', adminUsername: 'admin.anhduong', userCount: 1, status: 1 });

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, newUnit.adminEmail));
    const password = /Mật khẩu: (\S+)/.exec(mail!.textBody)![1]!;
    // A generated password: a new one of their own is set at the first sign-in.
    const { access_token } = await signIn(t.app, { username: 'admin.anhduong', password, newPassword: OTHER_PASSWORD });
    const profile = (await t.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: bearer(access_token) })).json().data;
    expect(profile).toMatchObject({ unitId: id, isAdminUnit: true });

    const [log] = await t.database.db.select().from(actionLogs).where(eq(actionLogs.objectId, id));
    expect(log).toMatchObject({ objectCategory: 1, action: 1, result: 1, username: TEST_ADMIN.username, objectName: newUnit.name });
  });

  it("hands back its administrator's record as both user screens' updates accept it unchanged (no name was asked)", async () => {
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, newUnit.adminUsername));
    const record = (await t.app.inject({ url: `/api/User/GetById/${admin!.id}`, headers })).json().data;
    expect(record).toMatchObject({ firstName: newUnit.adminUsername, lastName: '' });
    for (const path of ['/api/User/UpdateUserAdminUnit', '/api/User/AddUpdateUser']) {
      expect((await post(path, record)).json(), path).toMatchObject({ success: true });
    }
  });

  it('takes a Vietnamese enterprise code only: 10 digits, or 10, "-" and 3 for a branch', async () => {
    for (const businessCode of ['0312345', '03123456789', 'MST-0312345678', '0312345678-01', '0312345678 001']) {
      const refused = await post('/api/Unit/Create', { ...newUnit, businessCode, adminUsername: 'admin.code', adminEmail: 'admin@code.example.com' });
      expect(refused.statusCode, businessCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'body.businessCode', message: 'business_code_invalid' }]);
    }
    const branch = await post('/api/Unit/Create', { ...newUnit, name: 'Chi nhánh Ánh Dương', businessCode: '0101234567-001', adminUsername: 'admin.branch', adminEmail: 'admin@branch.example.com' });
    expect(branch.json()).toMatchObject({ success: true });
    // Not kept: the tests below count the units.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Unit/Delete/${branch.json().data.id}`, headers })).json()).toMatchObject({ success: true });
  });

  it('refuses a taken administrator username or e-mail, and logs the failure', async () => {
    const sameUser = await post('/api/Unit/Create', { ...newUnit, businessCode: '0101234568', adminEmail: 'x@y.example.com' });
    expect(sameUser.json()).toMatchObject({ success: false, errorCode: 11 });
    const sameMail = await post('/api/Unit/Create', { ...newUnit, businessCode: '0101234569', adminUsername: 'other.admin' });
    expect(sameMail.json()).toMatchObject({ success: false, errorCode: 8 });
    const failures = await t.database.db.select().from(actionLogs).where(eq(actionLogs.result, 0));
    expect(failures.map((f) => f.content)).toEqual(expect.arrayContaining([expect.stringContaining('account.username_exists')]));
  });

  it('searches with keyword, filters and paging', async () => {
    const all = (await post('/api/Unit/Search', { pageIndex: 1, pageSize: 2 })).json().data;
    expect(all.totalRecord).toBe(4);
    expect(all.records).toHaveLength(2);
    const page3 = (await post('/api/Unit/Search', { pageIndex: 3, pageSize: 2 })).json().data;
    expect(page3).toEqual({ records: [], totalRecord: 4 });
    const trial = (await post('/api/Unit/Search', { pageIndex: 1, pageSize: 20, isTrial: true })).json().data;
    expect(trial.records.map((u: { tenantId: string }) => u.tenantId)).toEqual(['hoanglong']);
    const keyword = (await post('/api/Unit/Search', { pageIndex: 1, pageSize: 20, keyword: 'minh phát' })).json().data;
    expect(keyword.records.map((u: { tenantId: string }) => u.tenantId)).toEqual(['minhphat']);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await post('/api/Unit/Search', { pageIndex: 1, pageSize: 1 })).json().data.totalRecord;
    for (const [body, field] of [
      [{ ...newUnit, name: '' }, 'body.name'],
      [{ ...newUnit, name: 'x'.repeat(256) }, 'body.name'],
      [{ ...newUnit, adminEmail: 'nope' }, 'body.adminEmail'],
      [{ ...newUnit, numberOfEmployees: '7' }, 'body.numberOfEmployees'],
      [{ ...newUnit, unknown: true }, 'body.unknown'],
    ] as const) {
      const response = await post('/api/Unit/Create', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    for (const paging of [{ pageIndex: 0, pageSize: 20 }, { pageIndex: 1, pageSize: 100000 }, { pageIndex: -1, pageSize: -5 }, { pageIndex: '1', pageSize: 20 }]) {
      expect((await post('/api/Unit/Search', paging)).statusCode).toBe(400);
    }
    expect((await post('/api/Unit/Search', { pageIndex: 1, pageSize: 1 })).json().data.totalRecord).toBe(before);
  });

  it('exports every matching unit to .xlsx with the specified sheet and headers', async () => {
    const response = await post('/api/Unit/Search', { pageIndex: 1, pageSize: 1, isExport: true });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Report')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Tên doanh nghiệp');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBe(40);
    expect(sheet.getColumn(2).width).toBe(20);
    expect(sheet.rowCount).toBe(5);
  });

  it('updates, changes status and deletes a unit with its users', async () => {
    const { records } = (await post('/api/Unit/Search', { pageIndex: 1, pageSize: 20, keyword: 'anhduong' })).json().data;
    const unit = records[0];
    const updated = await post('/api/Unit/Update', { id: unit.id, name: 'Ánh Dương Group', businessCode: unit.businessCode, numberOfEmployees: '101-500', isTrial: false });
    expect(updated.json()).toMatchObject({ success: true });
    expect((await t.app.inject({ url: `/api/Unit/GetById/${unit.id}`, headers })).json().data).toMatchObject({ name: 'Ánh Dương Group', numberOfEmployees: '101-500' });

    expect((await post('/api/Unit/UpdateStatus', { id: unit.id, status: 0 })).json()).toEqual({ success: true, data: true });
    expect((await post('/api/Unit/UpdateStatus', { id: unit.id, status: 7 })).statusCode).toBe(400);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/Unit/Delete/${unit.id}`, headers });
    expect(removed.json()).toEqual({ success: true, data: true });
    expect(await t.database.db.select().from(users).where(eq(users.unitId, unit.id))).toEqual([]);
    const gone = await t.app.inject({ url: `/api/Unit/GetById/${unit.id}`, headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, errorCode: 2001 });
  });

  it("deactivating a unit signs its people out and keeps them out until it is active again", async () => {
    const member = { username: 'binh.hoanglong', password: 'Demo@2026' };
    const tokens = await signIn(t.app, member);
    const profile = () => t.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: bearer(tokens.access_token) });
    const unitId = (await profile()).json().data.unitId as string;

    expect((await post('/api/Unit/UpdateStatus', { id: unitId, status: 0 })).json()).toEqual({ success: true, data: true });
    expect((await profile()).statusCode).toBe(401);
    await expect(signIn(t.app, member)).rejects.toThrow();

    await post('/api/Unit/UpdateStatus', { id: unitId, status: 1 });
    expect((await signIn(t.app, member)).access_token).toBeTruthy();
  });
});
