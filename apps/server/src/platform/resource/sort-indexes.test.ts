import { and, eq, isNotNull, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SORT_FIELDS, ACTION_LOG_SORT_FIELDS, APP_OBJECT_SORT_FIELDS, APP_USER_SORT_FIELDS, BLACKLIST_SORT_FIELDS, MAIL_OUTBOX_SORT_FIELDS, SORT_ORDERS, USER_DEVICE_SORT_FIELDS } from '@portal/contracts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { actionLogs, appObjects, appUsers, blacklistDomains, mailOutbox, units, userDevices, users } from '../../db/schema/index.ts';
import { DEVICE_SORT } from '../../modules/device/device-search.ts';
import { LOG_SORT } from '../../modules/log/action-log-store.ts';
import { OUTBOX_SORT } from '../../modules/mail-outbox/outbox-store.ts';
import { APP_OBJECT_SORT } from '../../modules/service-apps/app-object-store.ts';
import { APP_USER_SORT } from '../../modules/service-apps/app-user-store.ts';
import { BLACKLIST_SORT } from '../../modules/system/blacklist-store.ts';
import { ACCOUNT_SORT } from '../../modules/user/account-core.ts';
import { sortedBy } from './search.ts';
import { planNodes } from '../../../test/query-plans.ts';


/**
 * A sorted page of a big list is read from an index, in either direction: with sorting and
 * whole-table reads priced out (so the answer does not hang on how many rows the test made),
 * the plan of a page neither reads the whole table nor sorts it (an incremental sort of the id
 * among equal values is fine), and a unit's page is found by the unit in the index. The order is
 * the stores' own (ACCOUNT_SORT, LOG_SORT, DEVICE_SORT through sortedBy), so an index that
 * stopped matching their expressions fails here.
 */
describe.each(DATABASE_KINDS)('sorted pages read from indexes on %s', (kind) => {
  let t: TestApp;
  let bigUnit: string;
  let smallUnit: string;
  const PEOPLE = 2_000;
  const LOG_ENTRIES = 2_000;

  beforeAll(async () => {
    t = await startTestApp(kind, { DEMO_DATA: '0' });
    const db = t.database.db;
    const [big, small] = await db.insert(units).values([{ name: 'Big tenant', tenantId: 'big-tenant' }, { name: 'Small tenant', tenantId: 'small-tenant' }]).returning({ id: units.id });
    bigUnit = big!.id;
    smallUnit = small!.id;
    // Nine people in ten in one unit, the rest in another; the log's entries and sign-ins alike.
    // (Staff are a handful: any plan will do.)
    const unitOf = (i: SQL) => sql`case when ${i} % 10 = 0 then ${smallUnit}::uuid else ${bigUnit}::uuid end`;
    await db.execute(sql`
      insert into users (username, email, password_hash, unit_id, full_name, status, created_at)
      select 'person' || i, 'person' || i || '@example.com', 'x', ${unitOf(sql`i`)},
             'Person ' || (i * 7919 % ${PEOPLE}), 1 + i % 2, timestamp '2026-01-01' + make_interval(secs => i)
      from generate_series(1, ${PEOPLE}) i`);
    await db.execute(sql`
      insert into action_logs (object_category, action, result, username, unit_id, created_at)
      select 1, 1, 1, 'person' || (i % 500), ${unitOf(sql`i`)}, timestamp '2026-01-01' + make_interval(secs => i)
      from generate_series(1, ${LOG_ENTRIES}) i`);
    await db.execute(sql`
      insert into user_devices (user_id, unit_id, device_name, ip_address, signed_in_at)
      select u.id, u.unit_id, 'Chrome', '10.0.' || (n % 200) || '.' || (n % 250), timestamp '2026-01-01' + make_interval(secs => n)
      from (select id, unit_id, row_number() over (order by id) as n from users where unit_id is not null) u`);
    // A service app's roles, profiles and groups, one grant a person, the blacklist, the outbox.
    const service = sql`(select id from services order by code limit 1)`;
    await db.execute(sql`
      insert into app_objects (kind, unit_id, service_id, code, name)
      select (array['role', 'profile', 'group'])[1 + i % 3], ${unitOf(sql`i`)}, ${service}, 'code' || i, 'Object ' || (i * 7919 % ${PEOPLE})
      from generate_series(1, ${PEOPLE}) i`);
    await db.execute(sql`insert into app_users (unit_id, service_id, user_id) select unit_id, ${service}, id from users where unit_id is not null`);
    await db.execute(sql`insert into blacklist_domains (domain, created_at) select 'spam' || i || '.example.com', timestamp '2026-01-01' + make_interval(secs => i) from generate_series(1, ${PEOPLE}) i`);
    await db.execute(sql`
      insert into mail_outbox (kind, recipient, language, subject, text_body, status, created_at)
      select 'test', 'r' || (i % 300) || '@example.com', 'vi', 'Mail', 'x', i % 4, timestamp '2026-01-01' + make_interval(secs => i)
      from generate_series(1, ${LOG_ENTRIES}) i`);
    for (const table of ['users', 'action_logs', 'user_devices', 'app_objects', 'app_users', 'blacklist_domains', 'mail_outbox']) await db.execute(sql.raw(`analyze ${table}`));
  }, 300_000);
  afterAll(() => t?.close());

  async function assertIndexed(label: string, query: SQLWrapper, byUnit: boolean) {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain (format json) ${query}`);
    });
    const nodes = planNodes(plan);
    const types = nodes.map((node) => `${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`);
    expect(types.filter((type) => type === 'Sort' || type.startsWith('Seq Scan')), `${label}: ${types.join(' > ')}`).toEqual([]);
    if (byUnit) expect(nodes.some((node) => node['Index Cond']?.includes('unit_id')), `${label}: ${JSON.stringify(nodes)}`).toBe(true);
  }

  /** The pages asked: the second of every unit's rows, and one half-way through the small unit's. */
  const scopes = (unitColumn: Column) =>
    [
      ['every unit', isNotNull(unitColumn), 20, false],
      ['the small unit', eq(unitColumn, smallUnit), PEOPLE / 20, true],
    ] as const;

  it('accounts, by each sortable column', async () => {
    for (const field of ACCOUNT_SORT_FIELDS) {
      for (const order of SORT_ORDERS) {
        for (const [scope, where, offset, byUnit] of scopes(users.unitId)) {
          const page = t.database.db.select({ id: users.id }).from(users).where(where).orderBy(...sortedBy({ field, order }, ACCOUNT_SORT, users.id, [])).limit(20).offset(offset);
          await assertIndexed(`${scope} by ${field} ${order}`, page, byUnit);
        }
      }
    }
  });

  it('the action log, by time and by user', async () => {
    for (const field of ACTION_LOG_SORT_FIELDS) {
      for (const order of SORT_ORDERS) {
        for (const [scope, where, offset, byUnit] of scopes(actionLogs.unitId)) {
          const page = t.database.db.select({ id: actionLogs.id }).from(actionLogs).where(where).orderBy(...sortedBy({ field, order }, LOG_SORT, actionLogs.id, [])).limit(20).offset(offset);
          await assertIndexed(`log (${scope}) by ${field} ${order}`, page, byUnit);
        }
      }
    }
  });

  it('the access log, by time, user and address', async () => {
    for (const field of USER_DEVICE_SORT_FIELDS) {
      for (const order of SORT_ORDERS) {
        for (const [scope, where, offset, byUnit] of scopes(userDevices.unitId)) {
          const page = t.database.db
            .select({ id: userDevices.id })
            .from(userDevices)
            .innerJoin(users, eq(users.id, userDevices.userId))
            .where(where)
            .orderBy(...sortedBy({ field, order }, DEVICE_SORT, userDevices.id, []))
            .limit(20)
            .offset(offset);
          // By account, a unit's sign-ins are read in the users' order (the name is theirs) and kept
          // when of the unit: no index of the sign-ins holds the name.
          await assertIndexed(`access log (${scope}) by ${field} ${order}`, page, byUnit && field !== 'username');
        }
      }
    }
  });

  it("a service app's objects of one kind by code and name; grants by account; the blacklist by value and time; the outbox by time, receiver and state", async () => {
    const { db } = t.database;
    for (const order of SORT_ORDERS) {
      for (const field of APP_OBJECT_SORT_FIELDS) {
        for (const [scope, where, offset, byUnit] of scopes(appObjects.unitId)) {
          const page = db.select({ id: appObjects.id }).from(appObjects).where(and(eq(appObjects.kind, 'role'), where)).orderBy(...sortedBy({ field, order }, APP_OBJECT_SORT, appObjects.id, [])).limit(20).offset(offset);
          await assertIndexed(`roles (${scope}) by ${field} ${order}`, page, byUnit);
        }
      }
      for (const field of APP_USER_SORT_FIELDS) {
        for (const [scope, where, offset] of scopes(appUsers.unitId)) {
          // The account is the user's: the users' username index in order, each one's grants by user.
          const page = db.select({ id: appUsers.id }).from(appUsers).innerJoin(users, eq(users.id, appUsers.userId)).where(where).orderBy(...sortedBy({ field, order }, APP_USER_SORT, appUsers.id, [])).limit(20).offset(offset);
          await assertIndexed(`grants (${scope}) by ${field} ${order}`, page, false);
        }
      }
      for (const field of BLACKLIST_SORT_FIELDS) {
        const page = db.select({ id: blacklistDomains.id }).from(blacklistDomains).orderBy(...sortedBy({ field, order }, BLACKLIST_SORT(blacklistDomains, blacklistDomains.domain), blacklistDomains.id, [])).limit(20).offset(100);
        await assertIndexed(`blacklist by ${field} ${order}`, page, false);
      }
      for (const field of MAIL_OUTBOX_SORT_FIELDS) {
        const page = db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(...sortedBy({ field, order }, OUTBOX_SORT, mailOutbox.id, [])).limit(20).offset(100);
        await assertIndexed(`outbox by ${field} ${order}`, page, false);
      }
    }
  });
});
