import { asc, desc, eq, inArray, like } from 'drizzle-orm';
import {
  businessTemplateResource,
  actionLogResource,
  APP_OBJECT_RESOURCES,
  appUserResource,
  adminAccountResource,
  agencyResource,
  agencyRoleResource,
  agencyUnitResource,
  agencyUserResource,
  BLACKLIST_RESOURCES,
  BUILT_IN_ROLES,
  MAIL_OUTBOX_STATUS,
  accessLogResource,
  categoryResource,
  serviceResource,
  servicePackageResource,
  unitPackageResource,
  unitChannelResource,
  upgradeRequestResource,
  configDataDefaultResource,
  configDataResource,
  emailTemplateResource,
  emailCampaignResource,
  smsTemplateResource,
  integrateDefaultResource,
  integrateResource,
  roleResource,
  unitResource,
  unitUserResource,
  REPORTS,
  type ResourceContract,
} from '@portal/contracts';
import { actionLogs, agencies, appObjects, appUsers, blacklistDomains, businessTemplates, blacklistExceptions, blacklistSubdomains, categories, configData, configDataDefaults, emailCampaigns, emailTemplates, smsTemplates, integrations, mailOutbox, packageServices, servicePackages, unitPackages, unitServices, upgradeRequests, provisioningOutbox, services, oidcPayloads, twoFactorConfigs, rolePermissions, roles, units, userRoles, users } from '../src/db/schema/index.ts';
import { AGENCY_X, agencyIdOf, UNIT_A, UNIT_B, UNIT_USER_A, unitIdOf } from './actors.ts';
import { sampleFor, type SampleContext } from './samples.ts';
import { TEST_ADMIN, type TestApp } from './test-app.ts';

/** The System section's resources (issue 9), each a row of one table: their snapshot is that row. */
const SYSTEM_RESOURCES = [configDataResource, configDataDefaultResource, categoryResource, ...BLACKLIST_RESOURCES, emailTemplateResource, emailCampaignResource, smsTemplateResource, integrateResource, integrateDefaultResource];
/** Platform catalogue resources whose snapshot is their one row (issue 7: services). */
const COMMERCE_RESOURCES = [serviceResource, servicePackageResource, unitPackageResource, unitChannelResource, upgradeRequestResource];
const SYSTEM_TABLES = {
  ConfigData: configData,
  ConfigDataDefault: configDataDefaults,
  Category: categories,
  Channel: services,
  BlackList: blacklistDomains,
  BlackListSubdomain: blacklistSubdomains,
  ExceptionBlackList: blacklistExceptions,
  EmailTemplate: emailTemplates,
  EmailCampaign: emailCampaigns,
  TemplateSms: smsTemplates,
  Integrate: integrations,
  IntegrateDefault: integrations,
  MailOutbox: mailOutbox,
} as const;

/** The resource contracts of the issue, by wire name. */
export const CONTRACTS: Readonly<Record<string, ResourceContract | undefined>> = Object.fromEntries(
  [unitResource, roleResource, adminAccountResource, unitUserResource, actionLogResource, ...APP_OBJECT_RESOURCES, appUserResource, agencyResource, agencyUnitResource, agencyRoleResource, agencyUserResource, ...SYSTEM_RESOURCES, ...COMMERCE_RESOURCES, ...REPORTS, businessTemplateResource, accessLogResource].map((contract) => [contract.name, contract as ResourceContract]),
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
  /** The agency the object belongs to (an agency itself, its roles, users and units); null otherwise. */
  agencyId: string | null;
  /** The object as the platform administrator reads it. */
  record: Record<string, unknown>;
}

type Headers = Record<string, string>;

/** Objects of unit A to aim calls at, made through the API by the platform administrator. */
export class ResourceFixtures {
  readonly context: Required<SampleContext>;
  private readonly t: TestApp;
  private readonly admin: Headers;
  private readonly stables = new Map<string, Promise<Target>>();

  private constructor(t: TestApp, admin: Headers, context: Required<SampleContext>) {
    this.t = t;
    this.admin = admin;
    this.context = context;
  }

  static async create(t: TestApp, platformAdmin: Headers): Promise<ResourceFixtures> {
    const [superAdmin] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, BUILT_IN_ROLES.superAdmin));
    const [crm] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'));
    const agencyId = await agencyIdOf(t, AGENCY_X);
    const [agencyRole] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.agencyId, agencyId)).orderBy(asc(roles.name));
    const [pack] = await t.database.db.select({ id: servicePackages.id }).from(servicePackages).orderBy(asc(servicePackages.name)).limit(1);
    return new ResourceFixtures(t, platformAdmin, { unitId: await unitIdOf(t, UNIT_A), platformRoleId: superAdmin!.id, serviceId: crm!.id, agencyId, agencyRoleId: agencyRole!.id, packageId: pack!.id });
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
    const isUnit = resource === unitResource.name || resource === agencyUnitResource.name;
    const unitId = isUnit ? id : ((record.unitId as string | null | undefined) ?? null);
    const agencyId = resource === agencyResource.name ? id : ((record.agencyId as string | null | undefined) ?? null);
    return { resource, id, unitId, agencyId, record };
  }

  /** A new service that allows a trial, and a pack with a trial period holding it. */
  async freshTrialService(): Promise<Target> {
    const service = await this.fresh('Channel');
    await this.fresh('ChannelPackage', { serviceIds: [service.id] });
    return service;
  }

  /** A new object of unit A (a new unit for the unit resource), from the resource's sample factory. */
  async fresh(resource: string, overrides: Record<string, unknown> = {}): Promise<Target> {
    // Upgrade requests are made by the unit's call, not a resource's create.
    if (resource === upgradeRequestResource.name) {
      const response = await this.t.app.inject({ method: 'POST', url: '/api/Unit/RequestUpdatePackageService', headers: this.admin, payload: { unitId: this.context.unitId, packageId: this.context.packageId } });
      return this.targetOf(resource, response.json().data.id);
    }
    const sample = sampleFor(resource);
    const contract = contractOf(resource);
    const path = contract.paths.create ?? contract.paths.save;
    if (!sample || !path) throw new Error(`no sample factory or create call for resource ${resource}: add one to test/samples.ts`);
    // An app user is a unit user in a service, once: each fresh one takes a fresh unit user.
    if (resource === appUserResource.name && !overrides.userId) overrides = { ...overrides, userId: (await this.fresh(unitUserResource.name)).id };
    // An integration, and a unit's access, is one per service (and unit): each fresh one takes a fresh service.
    if ((resource === integrateResource.name || resource === integrateDefaultResource.name || resource === unitChannelResource.name) && !overrides.serviceId) overrides = { ...overrides, serviceId: (await this.fresh('Channel')).id };
    const response = await this.t.app.inject({ method: 'POST', url: `/api${path}`, headers: this.admin, payload: { ...sample.create(this.context), ...overrides } });
    const body = response.json();
    if (!body.success) throw new Error(`creating a sample ${resource}: ${response.body}`);
    return this.targetOf(resource, body.data.id);
  }

  /** A "Sync" of unit A's CRM app, started by the platform administrator: the object of GetSyncStatus. */
  async sync(): Promise<Target> {
    const response = await this.t.app.inject({ method: 'POST', url: '/api/AppUser/Sync', headers: this.admin, payload: { unitId: this.context.unitId, serviceId: this.context.serviceId } });
    const body = response.json();
    if (!body.success) throw new Error(`starting a sync: ${response.body}`);
    return { resource: 'AppSync', id: body.data.syncId, unitId: this.context.unitId, agencyId: null, record: {} };
  }

  /** Unit A's user the matrix signs in (their sign-ins fill the access log). */
  async signedInUser(): Promise<Target> {
    const [user] = await this.t.database.db.select({ id: users.id }).from(users).where(eq(users.username, UNIT_USER_A));
    return this.targetOf(unitUserResource.name, user!.id);
  }

  /** A message held in the development outbox (no SMTP server in these tests): a new account's mail. */
  async heldMail(): Promise<Target> {
    await this.stable(unitUserResource.name);
    const [mail] = await this.t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, MAIL_OUTBOX_STATUS.held)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return { resource: 'MailOutbox', id: mail!.id, unitId: null, agencyId: null, record: {} };
  }

  /**
   * Asks, as the platform administrator, to set unit B's two-factor policy to `status`, and
   * answers the code mailed for it (as the target's id): what TwoFAConfig/VerifyUpdate takes.
   */
  twoFactorPolicyCode(status: number): Promise<Target> {
    // Asked once: only the platform administrator's call gets past the access check to use it.
    return this.once(`two-factor policy code ${status}`, () => this.askTwoFactorPolicyCode(status));
  }

  private async askTwoFactorPolicyCode(status: number): Promise<Target> {
    const { db } = this.t.database;
    // Unit B's policy: a code for unit A's was just asked by the matrix's own UpdateStatus call, and a new one waits a minute.
    const unitId = await unitIdOf(this.t, UNIT_B);
    const asked = await this.t.app.inject({ method: 'POST', url: '/api/TwoFAConfig/UpdateStatus', headers: this.admin, payload: { unitId, status } });
    if (!asked.json().success) throw new Error(`asking for a two-factor policy code: ${asked.body}`);
    const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.username, TEST_ADMIN.username));
    const [mail] = await db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.recipient, admin!.email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
    if (!code) throw new Error(`no code in the mail "${mail?.subject}"`);
    return { resource: 'TwoFactorPolicy', id: code, unitId, agencyId: null, record: { unitId } };
  }

  /** An object of unit A that stays as it is, for calls that only read it. */
  stable(resource: string): Promise<Target> {
    return this.once(resource, () => this.makeStable(resource));
  }

  /** The target made under `key`, made the first time it is asked for. */
  private once(key: string, make: () => Promise<Target>): Promise<Target> {
    let found = this.stables.get(key);
    if (!found) {
      found = make();
      this.stables.set(key, found);
    }
    return found;
  }

  private async makeStable(resource: string): Promise<Target> {
    if (resource === unitResource.name) return this.targetOf(resource, this.context.unitId);
    if (resource === agencyResource.name) return this.targetOf(resource, this.context.agencyId);
    if (resource === agencyUnitResource.name) {
      // The unit agency X brought (the demo's trial unit).
      const [brought] = await this.t.database.db.select({ id: units.id }).from(units).where(eq(units.agencyId, this.context.agencyId)).orderBy(asc(units.registrationDate)).limit(1);
      return this.targetOf(resource, brought!.id);
    }
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
      case agencyResource.name: {
        const agency = await db.select().from(agencies).where(eq(agencies.id, target.id));
        const members = await db.select().from(users).where(eq(users.agencyId, target.id)).orderBy(asc(users.id));
        const brought = await db.select({ id: units.id }).from(units).where(eq(units.agencyId, target.id)).orderBy(asc(units.id));
        return { agency, members, brought };
      }
      case agencyUnitResource.name:
      case unitResource.name: {
        const unit = await db.select().from(units).where(eq(units.id, target.id));
        const members = await db.select().from(users).where(eq(users.unitId, target.id)).orderBy(asc(users.id));
        return { unit, members, mails: await mailsTo(members.map((m) => m.email)) };
      }
      case unitUserResource.name:
      case agencyUserResource.name:
      case adminAccountResource.name: {
        const user = await db.select().from(users).where(eq(users.id, target.id));
        const held = await db.select().from(userRoles).where(eq(userRoles.userId, target.id)).orderBy(asc(userRoles.roleId));
        const sessions = await db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(eq(oidcPayloads.accountId, target.id));
        return { user, held, sessions: sessions.length, mails: await mailsTo(user.map((u) => u.email)) };
      }
      case agencyRoleResource.name:
      case roleResource.name: {
        const role = await db.select().from(roles).where(eq(roles.id, target.id));
        const granted = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, target.id)).orderBy(asc(rolePermissions.permissionCode));
        return { role, granted };
      }
      case actionLogResource.name:
        return db.select().from(actionLogs).where(eq(actionLogs.id, target.id));
      case 'AppRole':
      case 'AppProfile':
      case 'AppUserGroup':
        return db.select().from(appObjects).where(eq(appObjects.id, target.id));
      case appUserResource.name: {
        const appUser = await db.select().from(appUsers).where(eq(appUsers.id, target.id));
        const deliveries = await db.select({ id: provisioningOutbox.id }).from(provisioningOutbox).where(eq(provisioningOutbox.objectId, target.id));
        // Their portal password is theirs in every app (AppUser/ResetPassword replaces it).
        const password = appUser[0] ? await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, appUser[0].userId)) : [];
        return { appUser, deliveries: deliveries.length, password };
      }
      case servicePackageResource.name: {
        const pack = await db.select().from(servicePackages).where(eq(servicePackages.id, target.id));
        const held = await db.select().from(packageServices).where(eq(packageServices.packageId, target.id)).orderBy(asc(packageServices.serviceId));
        const units = await db.select().from(unitPackages).where(eq(unitPackages.packageId, target.id)).orderBy(asc(unitPackages.id));
        return { pack, held, units };
      }
      case unitPackageResource.name: {
        const held = await db.select().from(unitPackages).where(eq(unitPackages.id, target.id));
        // What it sends to the apps (PackageServiceChannel/SyncBaseApp).
        const pushed = await db.select({ id: provisioningOutbox.id }).from(provisioningOutbox).where(like(provisioningOutbox.objectId, `${target.id}:%`));
        return { held, pushed: pushed.length };
      }
      case unitChannelResource.name:
        return db.select().from(unitServices).where(eq(unitServices.id, target.id));
      case upgradeRequestResource.name:
        return db.select().from(upgradeRequests).where(eq(upgradeRequests.id, target.id));
      case businessTemplateResource.name: {
        const template = await db.select().from(businessTemplates).where(eq(businessTemplates.id, target.id));
        // What it sends to the units' apps (TemplateClone/SyncBaseApp).
        const pushed = await db.select({ id: provisioningOutbox.id }).from(provisioningOutbox).where(like(provisioningOutbox.objectId, `${target.id}:%`));
        return { template, pushed: pushed.length };
      }
      case 'TwoFactorPolicy':
        return db.select().from(twoFactorConfigs).where(eq(twoFactorConfigs.unitId, target.unitId!));
      case 'AppSync':
        return (await db.select({ id: provisioningOutbox.id }).from(provisioningOutbox).where(eq(provisioningOutbox.unitId, target.id))).length;
      default: {
        const table = SYSTEM_TABLES[target.resource as keyof typeof SYSTEM_TABLES];
        if (!table) throw new Error(`no snapshot for resource ${target.resource}`);
        return db.select().from(table).where(eq(table.id, target.id));
      }
    }
  }
}
