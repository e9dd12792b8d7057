import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appUsers } from '../../db/schema/index.ts';
import { enqueueDeliveries, type DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';
import { connect } from './connect.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { bulkLimitsOf, sendBulk, type BulkOperation } from './scim-bulk.ts';
import { INACTIVE_PATCH, ScimError, type ScimClient } from './scim-client.ts';
import { deliverUser, scimUserOf, userStates, type GoneUser, type UserState } from './user-delivery.ts';

/**
 * Users of one unit's app delivered together (a Sync's thousands, a role's holders): the
 * portal read once for them all, the app asked once a batch which of them it already has
 * (by externalId), then each sent: in SCIM Bulk requests when the app offers Bulk, else one
 * request each. Each user's outcome is its own: one the app refuses fails alone.
 */

/** A row's outcome: delivered, or the error it failed with. A row absent from the map was not begun. */
export type UserOutcome = { ok: true } | { ok: false; error: unknown };

interface Plan {
  row: DeliveryRow;
  /** The user as the portal holds them; none when they left the service or the portal (deactivated in the app). */
  state: UserState | undefined;
  externalId: string;
  /** The app's id of them: kept by the portal, or found by the lookup; undefined when the app has none. */
  remoteId: string | undefined;
}

const usersPath = (id: string) => `/Users/${encodeURIComponent(id)}`;

/** What the app is sent for a plan; none for a user to deactivate whom the app never had. */
function operationOf(plan: Plan): BulkOperation | undefined {
  if (plan.state) return plan.remoteId ? { method: 'PUT', path: usersPath(plan.remoteId), data: scimUserOf(plan.state) } : { method: 'POST', path: '/Users', data: scimUserOf(plan.state) };
  return plan.remoteId ? { method: 'PATCH', path: usersPath(plan.remoteId), data: INACTIVE_PATCH } : undefined;
}

/** Which users the app has: those the portal kept an id of, and the rest looked up by externalId in one go. */
async function plansOf(db: Database, scim: ScimClient, rows: readonly DeliveryRow[]): Promise<Plan[]> {
  const states = await userStates(
    db,
    rows.map((row) => row.objectId),
  );
  const plans = rows.map((row): Plan => {
    const state = states.get(row.objectId);
    const gone = row.payload as GoneUser;
    return state ? { row, state, externalId: state.user.id, remoteId: state.appUser.remoteId ?? undefined } : { row, state, externalId: gone.userId, remoteId: gone.remoteId ?? undefined };
  });
  const unknown = plans.filter((plan) => !plan.remoteId);
  const found = await scim.userIdsByExternalId(unknown.map((plan) => plan.externalId));
  for (const plan of unknown) plan.remoteId = found.get(plan.externalId);
  return plans;
}

/** Keeps the app's ids the users got, in one statement, and tells their groups (which list members by those ids). */
async function keepRemoteIds(db: Database, gained: readonly { state: UserState; remoteId: string }[]): Promise<void> {
  if (gained.length === 0) return;
  const values = sql.join(
    gained.map(({ state, remoteId }) => sql`(${state.appUser.id}::uuid, ${remoteId})`),
    sql`, `,
  );
  await db.execute(sql`update ${appUsers} set remote_id = given.remote_id from (values ${values}) as given(id, remote_id) where ${appUsers.id} = given.id`);
  const first = gained[0]!.state.appUser;
  const groups = [...new Set(gained.flatMap(({ state }) => (state.appUser.groupId ? [state.appUser.groupId] : [])))];
  await enqueueDeliveries(
    db,
    groups.map((groupId) => ({ unitId: first.unitId, serviceId: first.serviceId, objectType: 'group' as const, objectId: groupId })),
  );
}

/** One user on their own, as before batches: for one too large for a Bulk request, or whose id the app no longer knows (it looks them up again). */
async function alone(deps: DeliveryDeps, plan: Plan): Promise<UserOutcome> {
  try {
    await deliverUser(deps.db, deps, plan.row);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Delivers users of one unit × service (the rows of one object each, as the claim gives them).
 * Without Bulk, each is sent in turn, and one is begun only while `mayStart` allows (its lease).
 */
export async function deliverUserBatch(deps: DeliveryDeps, rows: readonly DeliveryRow[], mayStart: () => boolean): Promise<Map<string, UserOutcome>> {
  const outcomes = new Map<string, UserOutcome>();
  let scim: ScimClient;
  let plans: Plan[];
  let limits;
  try {
    scim = await connect(deps.db, deps, rows[0]!.unitId!, rows[0]!.serviceId!);
    plans = await plansOf(deps.db, scim, rows);
    limits = await bulkLimitsOf(scim, deps.bulkSupport, deps.clock.now());
  } catch (error) {
    for (const row of rows) outcomes.set(row.id, { ok: false, error });
    return outcomes;
  }
  const gained: { state: UserState; remoteId: string }[] = [];
  const succeeded = (plan: Plan, remoteId: string | undefined) => {
    outcomes.set(plan.row.id, { ok: true });
    if (plan.state && remoteId && remoteId !== plan.state.appUser.remoteId) gained.push({ state: plan.state, remoteId });
  };
  const sent = plans.flatMap((plan) => {
    const operation = operationOf(plan);
    if (!operation) succeeded(plan, undefined);
    return operation ? [{ plan, operation }] : [];
  });

  if (limits) {
    const answers = await sendBulk(
      scim,
      limits,
      sent.map((s) => s.operation),
    );
    for (const [index, { plan, operation }] of sent.entries()) {
      const answer = answers[index]!;
      if (answer.ok === true) succeeded(plan, answer.id ?? plan.remoteId);
      // A stale id (404 on PUT or PATCH), or too large for a Bulk request: on its own, looked up again.
      else if (answer.ok === 'alone' || (operation.method !== 'POST' && answer.error instanceof ScimError && answer.error.status === 404)) outcomes.set(plan.row.id, await alone(deps, plan));
      else outcomes.set(plan.row.id, { ok: false, error: answer.error });
    }
  } else {
    for (const { plan } of sent) {
      if (!mayStart()) break;
      try {
        if (plan.state) succeeded(plan, await scim.putUser(scimUserOf(plan.state), plan.remoteId ?? 'absent'));
        else {
          await scim.deactivateUser(plan.externalId, plan.remoteId!);
          succeeded(plan, undefined);
        }
      } catch (error) {
        outcomes.set(plan.row.id, { ok: false, error });
      }
    }
  }
  await keepRemoteIds(deps.db, gained);
  return outcomes;
}
