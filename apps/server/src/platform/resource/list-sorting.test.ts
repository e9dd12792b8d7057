import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS, type AccountSortField, type ActionLogSortField, type ConfigSortField, type UserDeviceSortField } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { contractOf, ResourceFixtures } from '../../../test/resource-fixtures.ts';
import { lower, sortedLists, type Row } from '../../../test/sorted-lists.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { actionLogs, userDevices } from '../../db/schema/index.ts';

/**
 * The lists of accounts, of settings and the two logs sort by the columns their contract declares,
 * on the server, page after page: the value (names and keys without case), then the id; an
 * undeclared column is refused. What the sorted list answers is taken back by the update call.
 */
describe.each(DATABASE_KINDS)('sorted lists of accounts, settings and logs on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  let fixtures: ResourceFixtures;
  const unitUserIds: string[] = [];
  let allPages: ReturnType<typeof sortedLists>['allPages'];
  let expectSorted: ReturnType<typeof sortedLists>['expectSorted'];
  let takenBack: ReturnType<typeof sortedLists>['takenBack'];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const actor = await signInActor(t, 'platformAdmin');
    admin = apiAs(t, actor.headers);
    fixtures = await ResourceFixtures.create(t, actor.headers);
    ({ allPages, expectSorted, takenBack } = sortedLists(admin));
  });
  afterAll(() => t?.close());

  const accountKeys = {
    username: lower('username'),
    fullName: lower('fullName'),
    email: lower('email'),
    createdAt: (row: Row) => String(row.createdAt),
    status: (row: Row) => Number(row.status),
  } satisfies Record<AccountSortField, unknown>;

  for (const [resource, tag] of [
    ['UnitUser', 'unit'],
    ['AdminAccount', 'staff'],
    ['AgencyUser', 'agency'],
  ] as const) {
    it(`${resource}: by each declared column, names without case, ties by id; the records go back unchanged`, async () => {
      // Two people share a name and two a status; 'an' sorts first only when case is ignored.
      const people = [
        { letter: 'c', lastName: 'Cuong', status: USER_STATUS.active },
        { letter: 'a', lastName: 'an', status: USER_STATUS.lock },
        { letter: 'd', lastName: 'Binh', status: USER_STATUS.active },
        { letter: 'b', lastName: 'an', status: USER_STATUS.lock },
      ];
      for (const person of people) {
        const created = await fixtures.fresh(resource, { username: `zsort.${tag}.${person.letter}`, firstName: 'Sort', lastName: person.lastName, status: person.status });
        if (resource === 'UnitUser') unitUserIds.push(created.id);
      }
      const path = contractOf(resource).paths.search!;
      const rows = await expectSorted(path, `zsort.${tag}.`, accountKeys);
      expect(rows).toHaveLength(4);
      const byName = await allPages(path, { keyword: `zsort.${tag}.`, sort: { field: 'fullName', order: 'ascend' } });
      expect(byName.map((row) => row.fullName)).toEqual(['an Sort', 'an Sort', 'Binh Sort', 'Cuong Sort']);
      await takenBack(resource, `zsort.${tag}.`, { field: 'fullName', order: 'descend' });
    });
  }

  it('settings: by key without case, type and last change; the records go back unchanged', async () => {
    for (const [key, valueType, value] of [['ZSORT_B', 'number', '1'], ['zsort_a', 'text', 'x'], ['ZSORT_C', 'text', 'y'], ['zsort_d', 'number', '2']] as const) {
      await fixtures.fresh('ConfigData', { key, valueType, value });
    }
    const keys = { key: (row: Row) => String(row.key).toUpperCase(), valueType: (row: Row) => String(row.valueType), updatedAt: (row: Row) => String(row.updatedAt) } satisfies Record<ConfigSortField, unknown>;
    const path = contractOf('ConfigData').paths.search!;
    await expectSorted(path, 'zsort_', keys);
    const byKey = await allPages(path, { keyword: 'zsort_', sort: { field: 'key', order: 'ascend' } });
    expect(byKey.map((row) => row.key)).toEqual(['zsort_a', 'ZSORT_B', 'ZSORT_C', 'zsort_d']);
    await takenBack('ConfigData', 'zsort_', { field: 'key', order: 'descend' });
  });

  it("the action log: by time, and by user with each user's entries in time order", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 8, minute));
    await t.database.db.insert(actionLogs).values(
      (
        [
          ['zsort-B', 1],
          ['zsort-a', 2],
          ['zsort-B', 3],
          ['zsort-a', 0],
          ['zsort-c', 2],
        ] as const
      ).map(([username, minute]) => ({ objectCategory: 1, action: 1, result: 1, username, createdAt: at(minute) })),
    );
    const keys = { createdAt: (row: Row) => String(row.createdAt), username: (row: Row) => [String(row.username).toLowerCase(), String(row.createdAt)] } satisfies Record<ActionLogSortField, unknown>;
    await expectSorted('/ActionLog/SearchActionLog', 'zsort-', keys);
  });

  it('the access log: by time, by user (then time) and by address (then time), a missing address as an empty one', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 9, minute));
    const [first, second] = unitUserIds;
    expect(second).toBeDefined();
    await t.database.db.insert(userDevices).values(
      (
        [
          [first, '10.0.0.2', 4],
          [second, null, 1],
          [first, '10.0.0.10', 2],
          [second, '10.0.0.2', 3],
          [first, '10.0.0.2', 0],
        ] as const
      ).map(([userId, ipAddress, minute]) => ({ userId: userId!, unitId: fixtures.context.unitId, deviceName: 'zsort device', ipAddress, signedInAt: at(minute) })),
    );
    const keys = {
      signedInAt: (row: Row) => String(row.signedInAt),
      username: (row: Row) => [String(row.username).toLowerCase(), String(row.signedInAt)],
      ipAddress: (row: Row) => [String(row.ipAddress ?? ''), String(row.signedInAt)],
    } satisfies Record<UserDeviceSortField, unknown>;
    const rows = await expectSorted('/UserDevice/SearchUserDeviceByUnit', 'zsort device', keys);
    const byAddress = await allPages('/UserDevice/SearchUserDeviceByUnit', { keyword: 'zsort device', sort: { field: 'ipAddress', order: 'ascend' } });
    expect(byAddress.map((row) => row.ipAddress)).toEqual([null, '10.0.0.10', '10.0.0.2', '10.0.0.2', '10.0.0.2']);
    expect(rows).toHaveLength(5);
  });
});
