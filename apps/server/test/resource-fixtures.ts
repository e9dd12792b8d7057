import { asc, eq, inArray } from 'drizzle-orm';
import {
  actionLogResource,
  adminAccountResource,
  BUILT_IN_ROLES,
  roleResource,
  unitResource,
  unitUserResource,
  type ResourceContract,
} from '@portal/contracts';
import { actionLogs, mailOutbox, oidcPayloads, rolePermissions, roles, units, userRoles, users } from '../src/db/schema/index.ts';
import { UNIT_A, unitIdOf } from './actors.ts';
import { sampleFor, type SampleContext } from './samples.ts';
import type { TestApp } from './test-app.ts';

/** The resource contracts of the issue, by wire name. */
export const CONTRACTS: Readonly<Record<string, ResourceContract | undefined>> = Object.fromEntries(
  [unitResource, roleResource, adminAccountResource, unitUserResource, actionLogResource].map((contract) => [contract.name, contract as ResourceContract]),
);

export function contractOf(resource: string): ResourceContract {
  const contract = CONTRACTS[resource];
  if (!contract) throw new Error(`no contract known for resource ${resource}: add it to CONTRACTS in test/resource-fixtures.ts`);
  return contract;
}

/** An object a call is about. */
export interface Target {
  resource: string;
  id: string;
  /** The unit the object belongs to, as the action log records it; null for platform-wide objects. */
  unitId: string | null;
  /** The object as the platform administrator reads it. */
  record: Record<string, unknown>;
}

type Headers = Record<string, string>;

/** Objects of unit A to aim calls at, made through the API by the platform administrator. */
export class ResourceFixtures {
  readonly context: SampleContext;
  private readonly t: TestApp;
  private readonly admin: Headers;
  private readonly stables = new Map<string, Promise<Target>>();

  private constructor(t: TestApp, admin: Headers, context: SampleContext) {
    this.t = t;
    this.admin = admin;
    this.context = context;
  }

  static async create(t: TestApp, platformAdmin: Headers): Promise<ResourceFixtures> {
    const [superAdmin] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, BUILT_IN_ROLES.superAdmin));
    return new ResourceFixtures(t, platformAdmin, { unitId: await unitIdOf(t, UNIT_A), platformRoleId: superAdmin!.id });
  }

  /** An object as the platform administrator reads it through its get call. */
  async record(resource: string, id: string): Promise<Record<string, unknown>> {
    const path = contractOf(resource).paths.get;
    if (!path) throw new Error(`${resource} has no get call`);
    const response = await this.t.app.inject({ url: `/api${path.replace(':id', id)}`, headers: this.admin });
    if (response.statusCode !== 200) throw new Error(`reading ${resource} ${id}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  }

  /** An existing object as a target. */
  async targetOf(resource: string, id: string): Promise<Target> {
    const record = await this.record(resource, id);
    const unitId = resource === unitResource.name ? id : ((record.unitId as string | null | undefined) ?? null);
    return { resource, id, unitId, record };
  }

  /** A new object of unit A (a new unit for the unit resource), from the resource's sample factory. */
  async fresh(resource: string, overrides: Record<string, unknown> = {}): Promise<Target> {
    const sample = sampleFor(resource);
    const contract = contractOf(resource);
    const path = contract.paths.create ?? contract.paths.save;
    if (!sample || !path) throw new Error(`no sample factory or create call for resource ${resource}: add one to test/samples.ts`);
    const response = await this.t.app.inject({ method: 'POST', url: `/api${path}`, headers: this.admin, payload: { ...sample.create(this.context), ...overrides } });
    const body = response.json();
    if (!body.success) throw new Error(`creating a sample ${resource}: ${response.body}`);
    return this.targetOf(resource, body.data.id);
  }

  /** An object of unit A that stays as it is, for calls that only read it. */
  stable(resource: string): Promise<Target> {
    let found = this.stables.get(resource);
    if (!found) {
      found = this.makeStable(resource);
      this.stables.set(resource, found);
    }
    return found;
  }

  private async makeStable(resource: string): Promise<Target> {
    if (resource === unitResource.name) return this.targetOf(resource, this.context.unitId);
    if (resource === actionLogResource.name) {
      // The row that records the creation of unit A's stable user.
      const user = await this.stable(unitUserResource.name);
      const [row] = await this.t.database.db.select({ id: actionLogs.id }).from(actionLogs).where(eq(actionLogs.objectId, user.id));
      return this.targetOf(resource, row!.id);
    }
    return this.fresh(resource);
  }

  /** What a change to the object would alter, read straight from the database. */
  async snapshot(target: Target): Promise<unknown> {
    const { db } = this.t.database;
    const mailsTo = async (emails: string[]) =>
      emails.length ? (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.recipient, emails))).length : 0;
    switch (target.resource) {
      case unitResource.name: {
        const unit = await db.select().from(units).where(eq(units.id, target.id));
        const members = await db.select().from(users).where(eq(users.unitId, target.id)).orderBy(asc(users.id));
        return { unit, members, mails: await mailsTo(members.map((m) => m.email)) };
      }
      case unitUserResource.name:
      case adminAccountResource.name: {
        const user = await db.select().from(users).where(eq(users.id, target.id));
        const held = await db.select().from(userRoles).where(eq(userRoles.userId, target.id)).orderBy(asc(userRoles.roleId));
        const sessions = await db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.accountId, target.id));
        return { user, held, sessions: sessions.length, mails: await mailsTo(user.map((u) => u.email)) };
      }
      case roleResource.name: {
        const role = await db.select().from(roles).where(eq(roles.id, target.id));
        const granted = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, target.id)).orderBy(asc(rolePermissions.permissionCode));
        return { role, granted };
      }
      case actionLogResource.name:
        return db.select().from(actionLogs).where(eq(actionLogs.id, target.id));
      default:
        throw new Error(`no snapshot for resource ${target.resource}`);
    }
  }
}
