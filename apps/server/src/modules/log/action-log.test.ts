import { count, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, LOG_OBJECT, LOG_RESULT, type ActionLogRecord } from '@portal/contracts';
import { signInActors, UNIT_A, UNIT_B, unitIdOf, type ActorKey, type TestActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { watchActionLog } from '../../../test/db-state.ts';
import { ResourceFixtures } from '../../../test/resource-fixtures.ts';
import { adminAccountSample, SAMPLE_PASSWORD, unitSample, unitUserSample } from '../../../test/samples.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { actionLogs, mailOutbox, users } from '../../db/schema/index.ts';

type Page = { records: ActionLogRecord[]; totalRecord: number };

describe.each(DATABASE_KINDS)('the action log on %s', (kind) => {
  let t: TestApp;
  let actors: Record<ActorKey, TestActor>;
  let platform: Api;
  let unitAdmin: Api;
  let fixtures: ResourceFixtures;
  let unitA: string;

  const search = (api: Api, body: object = {}) => api.data<Page>(api.post('/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 200, ...body }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = await signInActors(t);
    platform = apiAs(t, actors.platformAdmin.headers);
    unitAdmin = apiAs(t, actors.unitAdminA.headers);
    fixtures = await ResourceFixtures.create(t, actors.platformAdmin.headers);
    unitA = fixtures.context.unitId;
    // Something logged in unit B too, so that a unit's view has something to leave out.
    const userOfB = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, `chi.${UNIT_B}`)))[0]!.id;
    await apiAs(t, actors.unitAdminB.headers).data(apiAs(t, actors.unitAdminB.headers).post('/api/User/ResetPasswordUser', { id: userOfB }));
  });
  afterAll(() => t.close());

  it('records a change with who, where, what and when, and keeps secrets out of its content', async () => {
    const watch = await watchActionLog(t.database.db);
    const input = { ...unitUserSample.create(fixtures.context), cucmPassword: 'Cucm#Secret1' };
    const { id } = await unitAdmin.data<{ id: string }>(unitAdmin.post('/api/User/AddUpdateUser', input));
    const [row] = await watch.added();
    expect(row).toMatchObject({
      objectCategory: LOG_OBJECT.userByUnit,
      action: LOG_ACTION.add,
      result: LOG_RESULT.success,
      userId: actors.unitAdminA.userId,
      username: `admin.${UNIT_A}`,
      unitId: unitA,
      objectId: id,
      objectName: input.username,
      ipAddress: expect.any(String),
    });
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(row!.content).toContain(input.email);
    expect(row!.content).not.toContain(SAMPLE_PASSWORD);
    expect(row!.content).not.toContain('Cucm#Secret1');
    // Codes that are data, not secrets, stay readable.
    expect(JSON.parse(row!.content!)).toMatchObject({ positionCode: input.positionCode, departmentCode: input.departmentCode });

    const viewed = await unitAdmin.data<ActionLogRecord>(unitAdmin.get(`/api/ActionLog/GetById/${row!.id}`));
    expect(viewed).toEqual({
      id: row!.id,
      objectCategory: LOG_OBJECT.userByUnit,
      action: LOG_ACTION.add,
      result: LOG_RESULT.success,
      username: `admin.${UNIT_A}`,
      unitId: unitA,
      unitName: 'Công ty TNHH Minh Phát',
      objectId: id,
      objectName: input.username,
      content: row!.content,
      ipAddress: row!.ipAddress,
      createdAt: row!.createdAt.toISOString(),
    });
  });

  it('keeps nothing of a change that fails halfway, only its failure row', async () => {
    const users0 = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const watch = await watchActionLog(t.database.db);
    // The account is inserted before its roles are checked; the unknown role undoes it all.
    const input = { ...adminAccountSample.create(fixtures.context), roleIds: [fixtures.context.platformRoleId, '00000000-0000-4000-8000-000000000000'] };
    const response = await platform.post('/api/User/AddUpdateUserWebPortal', input);
    expect(response.statusCode).toBe(400);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(users0);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, input.email))).toEqual([]);
    const rows = await watch.added();
    expect(rows).toEqual([expect.objectContaining({ objectCategory: LOG_OBJECT.user, action: LOG_ACTION.add, result: LOG_RESULT.failure, username: 'admin' })]);
    expect(rows[0]!.content).toMatch(/^request\.bad_request /);
    expect(rows[0]!.content).toContain(input.username);
  });

  it('logs a business refusal as a failure with its reason', async () => {
    const watch = await watchActionLog(t.database.db);
    const taken = { ...unitSample.create(fixtures.context), adminUsername: `admin.${UNIT_B}` };
    expect((await platform.post('/api/Unit/Create', taken)).json()).toMatchObject({ success: false, errorCode: 11 });
    expect(await watch.added()).toEqual([
      expect.objectContaining({ objectCategory: LOG_OBJECT.unit, action: LOG_ACTION.add, result: LOG_RESULT.failure, content: expect.stringMatching(/^account\.username_exists /) }),
    ]);
  });

  it("shows a unit administrator their unit's rows only", async () => {
    const own = await search(unitAdmin);
    const [{ n }] = (await t.database.db.select({ n: count() }).from(actionLogs).where(eq(actionLogs.unitId, unitA))) as [{ n: number }];
    expect(own.totalRecord).toBe(n);
    expect(new Set(own.records.map((r) => r.unitId))).toEqual(new Set([unitA]));
    const [ofB] = await t.database.db.select({ id: actionLogs.id }).from(actionLogs).where(eq(actionLogs.unitId, await unitIdOf(t, UNIT_B)));
    expect((await unitAdmin.get(`/api/ActionLog/GetById/${ofB!.id}`)).statusCode).toBe(404);
    expect((await platform.get(`/api/ActionLog/GetById/${ofB!.id}`)).statusCode).toBe(200);
    expect(new Set((await search(platform)).records.map((r) => r.unitId)).size).toBeGreaterThan(2);
  });

  it('filters by module, action, result, content keyword and date range', async () => {
    const role = await fixtures.fresh('Role');
    await platform.data(platform.post('/api/Role/AddUpdateRole', { id: role.id, name: `${String(role.record.name)} quý hiếm`, description: null }));
    const roles = await search(platform, { objectCategory: LOG_OBJECT.role });
    expect(roles.records.length).toBeGreaterThanOrEqual(2);
    expect(roles.records.every((r) => r.objectCategory === LOG_OBJECT.role)).toBe(true);
    expect((await search(platform, { objectCategory: LOG_OBJECT.role, action: LOG_ACTION.edit })).records.map((r) => r.objectId)).toEqual([role.id]);
    expect((await search(platform, { keyword: 'QUÝ HIẾM' })).records.map((r) => r.objectId)).toEqual([role.id]);
    expect((await search(platform, { result: LOG_RESULT.failure })).records.every((r) => r.result === LOG_RESULT.failure)).toBe(true);

    const hour = 60 * 60 * 1000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    const all = (await search(platform)).totalRecord;
    expect((await search(platform, { fromDate: iso(-hour), toDate: iso(hour) })).totalRecord).toBe(all);
    expect((await search(platform, { fromDate: iso(-2 * hour), toDate: iso(-hour) })).totalRecord).toBe(0);
    expect((await search(platform, { fromDate: iso(hour) })).totalRecord).toBe(0);
    const reversed = await platform.post('/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 20, fromDate: iso(hour), toDate: iso(-hour) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([expect.objectContaining({ field: 'body.toDate' })]);
  });

  it('pages newest first, with the total of every matching row', async () => {
    const total = (await search(platform)).totalRecord;
    const first = await search(platform, { pageSize: 2 });
    const second = await search(platform, { pageIndex: 2, pageSize: 2 });
    expect(first.totalRecord).toBe(total);
    const dates = [...first.records, ...second.records].map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.records, ...second.records].map((r) => r.id)).size).toBe(4);
    const [{ newest }] = (await t.database.db.select({ newest: max(actionLogs.createdAt) }).from(actionLogs)) as [{ newest: Date }];
    expect(first.records[0]!.createdAt).toBe(newest.toISOString());
    expect(await search(platform, { pageIndex: 1000, pageSize: 200 })).toEqual({ records: [], totalRecord: total });
  });
});
