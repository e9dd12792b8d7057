import { randomBytes } from 'node:crypto';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { integrateCrm } from '../../../test/scim-service.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Database } from '../../db/client.ts';
import { appObjects, units } from '../../db/schema/index.ts';
import { systemClock } from '../../platform/clock.ts';
import { dueDeliveriesClaim } from '../../platform/outbox/provisioning-queue.ts';
import { startSync } from '../service-apps/app-sync.ts';
import { planNodes, type PlanNode } from '../../../test/query-plans.ts';


/**
 * A Sync queues a row per user at once; the provisioning worker then claims them a batch at a
 * time. Each claim must read its batch from the pending rows in queue order and stop there
 * (provisioning_outbox_pending_idx), not read and sort every pending row each time, which made a
 * Sync of 10,000 users cost the square of its size. Run on the Sync's own uncommitted rows (no
 * worker sees them) and rolled back.
 */
describe.each(DATABASE_KINDS)('the claim after a Sync queued thousands, on %s', (kind) => {
  const MEMBERS = 3_000;
  const BATCH = 200;
  let t: TestApp;
  let unitId: string;
  let crm: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') });
    // An app the portal could reach: its rows are queued pending (it is never called: nothing commits).
    crm = await integrateCrm(t, 'http://127.0.0.1:9/scim/v2/{tenant}', 'claim-plan-token');
    const { db } = t.database;
    const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.tenantId, 'minhphat'));
    unitId = unit!.id;
    const [role] = await db.select({ id: appObjects.id }).from(appObjects).where(eq(appObjects.code, 'SALES'));
    await db.execute(sql`
      insert into users (username, email, password_hash, unit_id, is_user_unit, first_name, last_name, full_name)
      select 'claim.user' || i, 'claim' || i || '@plan.test', 'x', ${unitId}, true, 'Người', 'Dùng ' || i, 'Người Dùng ' || i
      from generate_series(1, ${MEMBERS}) i`);
    await db.execute(sql`
      insert into app_users (unit_id, service_id, user_id, role_id)
      select ${unitId}, ${crm}, id, ${role!.id} from users where username like 'claim.user%'`);
  }, 300_000);
  afterAll(() => t?.close());

  it('reads a batch of the pending rows in queue order and stops there', async () => {
    let nodes: PlanNode[] = [];
    let queued = 0;
    await t.database.db
      .transaction(async (tx) => {
        ({ queued } = await startSync(tx, systemClock, { unitId, serviceId: crm, startedBy: unitId }));
        nodes = planNodes(await tx.execute(sql`explain (analyze, format json) ${dueDeliveriesClaim(tx as unknown as Database, systemClock, BATCH).getSQL()}`));
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(queued).toBeGreaterThanOrEqual(MEMBERS);
    const described = nodes.map((node) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''} (${node['Actual Rows']})`).join(' > ');
    const pending = nodes.find((node) => node['Index Name'] === 'provisioning_outbox_pending_idx');
    expect(pending, described).toBeDefined();
    // The claim took its batch having looked at no more pending rows than it took.
    expect(pending!['Actual Rows'], described).toBeLessThanOrEqual(BATCH);
    expect(nodes.filter((node) => node['Node Type'] === 'Sort'), described).toEqual([]);
  });
});
