import type { InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { APP_OBJECT_RESOURCES, appUserResource, LOG_ACTION, LOG_OBJECT, USER_CALLS, TWO_FA_STATUS, type ResourceOperation } from '@portal/contracts';
import type { RouteEntry } from '../src/platform/access.ts';
import { contractOf, CONTRACTS, type ResourceFixtures, type Target } from './resource-fixtures.ts';
import { sampleFor, searchSampleFor } from './samples.ts';

/**
 * Request builders for every /api route the generated suites call (the access matrix, bad
 * input, export, round trip): generic ones from a resource route's operation, and a table for
 * the hand-written routes. Every route of the route table is called unless NOT_CALLED names it
 * with the reason; a new route without a builder fails those suites until it has one.
 */

const OWN_ACCOUNT =
  "the signed-in user's own account: acts on the caller only, changes the password or sessions the matrix's actors depend on, and answers business refusals by design (modules/account, modules/apps test it)";
const OWN_SECOND_FACTOR =
  "the caller's own second factor: needs their password and a code mailed to them, and would change how the matrix's actors sign in (modules/two-factor tests it)";
const OWN_PASSKEY_OR_APP =
  "the caller's own passkeys and authenticator app: need their password (or a passkey) and an authenticator, and would change how the matrix's actors sign in (modules/two-factor/passkeys and authenticator-app tests)";
const SIGN_IN_HELPER =
  'public step of a password reset: answers alike for every caller, limited per address, driven by a one-time token (identity/password-reset tests it)';

/** The routes the generated suites leave out, each with why. Every other /api route is called. */
export const NOT_CALLED: Readonly<Record<string, string>> = {
  'POST /api/User/UpdateUserProfileCurrent': OWN_ACCOUNT,
  'POST /api/User/RequestChangeMyPass': OWN_ACCOUNT,
  'POST /api/User/ChangeMyPass': OWN_ACCOUNT,
  'POST /api/User/UpdateChannelCodeDefaultLogin': OWN_ACCOUNT,
  'POST /api/TwoFA/RequestEnable': OWN_SECOND_FACTOR,
  'POST /api/TwoFA/ConfirmEnable': OWN_SECOND_FACTOR,
  'POST /api/TwoFA/Disable': OWN_SECOND_FACTOR,
  'POST /api/TwoFA/RegenerateRecoveryCodes': OWN_SECOND_FACTOR,
  'POST /api/Passkey/RegisterOptions': OWN_PASSKEY_OR_APP,
  'POST /api/Passkey/Register': OWN_PASSKEY_OR_APP,
  'POST /api/Passkey/Rename': OWN_PASSKEY_OR_APP,
  'POST /api/Passkey/Remove': OWN_PASSKEY_OR_APP,
  'POST /api/TwoFA/StartApp': OWN_PASSKEY_OR_APP,
  'POST /api/TwoFA/ConfirmApp': OWN_PASSKEY_OR_APP,
  'POST /api/TwoFA/RemoveApp': OWN_PASSKEY_OR_APP,
  'POST /api/Account/ForgotPassword': SIGN_IN_HELPER,
  'POST /api/Account/CheckResetToken': SIGN_IN_HELPER,
  'POST /api/Account/ResetPassword': SIGN_IN_HELPER,
  'POST /api/Notification/Push':
    "a service app's call, authenticated by the app's own client credentials rather than a user's token (modules/notification tests who may push)",
};

/** Every /api route of the route table, less those NOT_CALLED names. */
export function testedRoutes(routeTable: readonly RouteEntry[]): RouteEntry[] {
  return routeTable.filter((route) => route.url.startsWith('/api/') && !(routeKey(route) in NOT_CALLED));
}

export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** One request, before it is given to a caller: path parameters, query and body apart. */
export interface ApiCall {
  method: string;
  /** The route's URL with `:name` placeholders. */
  url: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * list: answers rows (only the caller's unit's); read: answers one object; write: changes one
 * object; create: adds one; own: about the caller themselves.
 */
export type CallKind = 'list' | 'read' | 'write' | 'create' | 'own';

export interface RouteCall {
  kind: CallKind;
  /** The action-log row the call writes, when it is audited. */
  audit?: { object: number; action: number };
  /** The object the call is about; a write gets a fresh one, so each call can change it. */
  /** Undefined when the call needs an object to exist but is about none (a list made non-empty). */
  target?: (fixtures: ResourceFixtures) => Promise<Target | undefined>;
  build: (fixtures: ResourceFixtures, target: Target | undefined) => ApiCall;
}

const ACTION_OF: Partial<Record<ResourceOperation, number>> = {
  create: LOG_ACTION.add,
  update: LOG_ACTION.edit,
  save: LOG_ACTION.edit,
  delete: LOG_ACTION.delete,
  status: LOG_ACTION.changeStatus,
};

/** The standard calls of a resource, built from its contract and its sample factory. */
function resourceCall(route: RouteEntry, resource: string, operation: ResourceOperation): RouteCall {
  const contract = contractOf(resource);
  const base = { method: route.method, url: route.url };
  const action = ACTION_OF[operation];
  const audit = action === undefined || contract.logObject === undefined ? undefined : { object: contract.logObject, action };
  const sample = () => {
    const factory = sampleFor(resource);
    if (!factory) throw new Error(`no sample factory for resource ${resource}: add one to test/samples.ts`);
    return factory;
  };
  const withId = (target: Target | undefined) => ({ ...base, params: { id: target!.id } });
  switch (operation) {
    case 'search':
      return { kind: 'list', build: () => ({ ...base, body: { pageIndex: 1, pageSize: 20, ...searchSampleFor(resource) } }) };
    case 'get':
      return { kind: 'read', target: (f) => f.stable(resource), build: (_f, target) => withId(target) };
    case 'delete':
      return {
        kind: 'write',
        audit,
        target: (f) => f.fresh(resource),
        // A delete path without `:id` takes the id in the query (DeleteChannel?id=).
        build: (_f, target) => (route.url.includes(':id') ? withId(target) : { ...base, query: { id: target!.id } }),
      };
    case 'status':
      return {
        kind: 'write',
        audit,
        target: (f) => f.fresh(resource),
        build: (_f, target) => ({ ...base, body: { id: target!.id, status: contract.statuses.find((status) => status !== target!.record.status) } }),
      };
    case 'create':
      return { kind: 'create', audit, build: (f) => ({ ...base, body: sample().create(f.context) }) };
    case 'update':
    case 'save':
      // A combined add/update route is called to edit (test/access-table.ts says who may): the object is unit A's.
      return {
        kind: 'write',
        audit,
        target: (f) => f.fresh(resource),
        build: (_f, target) => ({ ...base, body: sample().update(target!.record) }),
      };
  }
}

const userByUnitEdit = { object: LOG_OBJECT.userByUnit, action: LOG_ACTION.edit };

/** The hand-written routes, by method and URL. */
/** A hand-written route's call: its path and method come from the route. */
type HandWrittenCall = Omit<RouteCall, 'build'> & { build: (f: ResourceFixtures, target: Target | undefined) => Omit<ApiCall, 'method' | 'url'> };

const HAND_WRITTEN: Record<string, HandWrittenCall> = {
  'POST /api/Unit/SendMailElearning': { kind: 'write', target: (f) => f.stable('Unit'), build: (_f, target) => ({ body: { id: target!.id } }) },
  'GET /api/Role/GetAssignPermissions': { kind: 'read', target: (f) => f.stable('Role'), build: (_f, target) => ({ query: { roleId: target!.id } }) },
  'POST /api/Role/SavePermissions': {
    kind: 'write',
    audit: { object: LOG_OBJECT.systemPermission, action: LOG_ACTION.edit },
    target: (f) => f.fresh('Role'),
    build: (_f, target) => ({ body: { roleId: target!.id, permissions: ['LOG_ACTION_LIST', 'LOG_ACTION_VIEW'] } }),
  },
  'POST /api/User/UpdateUserAdminUnit': {
    kind: 'write',
    audit: userByUnitEdit,
    target: (f) => f.fresh('UnitUser', { isAdmin: true }),
    build: (_f, target) => {
      const record = target!.record;
      return { body: { id: target!.id, email: record.email, firstName: `${String(record.firstName)} edited`, lastName: record.lastName, mobile: record.mobile } };
    },
  },
  'POST /api/User/ResetPasswordUser': { kind: 'write', audit: userByUnitEdit, target: (f) => f.fresh('UnitUser'), build: (_f, target) => ({ body: { id: target!.id } }) },
  // Sign-out everywhere moves the account's tokens_valid_after (and ends its sessions).
  [`POST /api${USER_CALLS.signOutUnitUser.path}`]: { kind: 'write', audit: userByUnitEdit, target: (f) => f.fresh('UnitUser'), build: (_f, target) => ({ body: { id: target!.id } }) },
  [`POST /api${USER_CALLS.signOutAdminAccount.path}`]: {
    kind: 'write',
    audit: { object: LOG_OBJECT.user, action: LOG_ACTION.edit },
    target: (f) => f.fresh('AdminAccount'),
    build: (_f, target) => ({ body: { id: target!.id } }),
  },
  'GET /api/User/GetListReportTo': { kind: 'list', build: (f) => ({ query: { unitId: f.context.unitId } }) },
  'GET /api/Passkey/GetMine': { kind: 'own', build: () => ({}) },
  'POST /api/Passkey/ReauthOptions': { kind: 'own', build: () => ({ body: {} }) },
  'GET /api/User/GetSecondFactors': { kind: 'list', target: (f) => f.stable('UnitUser'), build: (_f, target) => ({ query: { ids: target!.id } }) },
  'POST /api/User/ResetSecondFactors': {
    kind: 'write',
    audit: userByUnitEdit,
    target: (f) => f.fresh('UnitUser'),
    build: (_f, target) => ({ body: { userId: target!.id, passkeys: true, app: true } }),
  },
  'GET /api/User/GetUserProfileCurrent': { kind: 'own', build: () => ({}) },
  'GET /api/User/GetListMenus': { kind: 'own', build: () => ({}) },
  'GET /api/Category/GetByParentCode/:code': { kind: 'list', build: () => ({ params: { code: 'POSITION' } }) },
  'POST /api/Channel/SearchChannelPage': { kind: 'list', build: () => ({ body: { pageIndex: 1, pageSize: 20, status: [1] } }) },
  'GET /api/ChannelPackage/GetAllActive': { kind: 'list', build: () => ({}) },
  'POST /api/Category/SearchByParentCode/:code': { kind: 'list', build: () => ({ params: { code: 'POSITION' }, body: { pageIndex: 1, pageSize: 20 } }) },
  'POST /api/ChannelPackage/SearchActive': { kind: 'list', build: () => ({ body: { pageIndex: 1, pageSize: 20, keyword: 'Gói' } }) },
  'POST /api/Channel/RotateClientSecret': {
    kind: 'write',
    audit: { object: LOG_OBJECT.service, action: LOG_ACTION.edit },
    target: (f) => f.fresh('Channel'),
    build: (_f, target) => ({ body: { id: target!.id } }),
  },
  'POST /api/PackageServiceChannel/SyncBaseApp/:id': {
    kind: 'write',
    audit: { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.sync },
    target: (f) => f.fresh('PackageServiceChannel'),
    build: (_f, target) => ({ params: { id: target!.id } }),
  },
  // A push is about the unit it goes to (its log row names the unit, not the template), and what
  // it queues is checked by business-template.test.ts: here, who may push.
  'POST /api/TemplateClone/SyncBaseApp/:id': {
    kind: 'own',
    audit: { object: LOG_OBJECT.unit, action: LOG_ACTION.sync },
    target: (f) => f.fresh('TemplateClone'),
    build: (f, target) => ({ params: { id: target!.id }, body: { unitId: f.context.unitId } }),
  },
  'POST /api/AppUser/ResetPassword': { kind: 'write', audit: userByUnitEdit, target: (f) => f.fresh('AppUser'), build: (_f, target) => ({ body: { id: target!.id } }) },
  // "Sync" of unit A's CRM app from each screen that offers it; its object is the unit's app (its deliveries change).
  ...Object.fromEntries(
    [appUserResource, ...APP_OBJECT_RESOURCES].flatMap((contract): [string, HandWrittenCall][] => [
      [
        `POST /api/${contract.name}/Sync`,
        {
          kind: 'write',
          audit: { object: contract.logObject!, action: LOG_ACTION.sync },
          target: async (f) => ({ resource: 'AppSync', id: f.context.unitId, unitId: f.context.unitId, agencyId: null, record: {} }),
          build: (f) => ({ body: { unitId: f.context.unitId, serviceId: f.context.serviceId } }),
        },
      ],
      [`POST /api/${contract.name}/GetSyncStatus`, { kind: 'read', target: (f) => f.sync(), build: (_f, target) => ({ body: { syncId: target!.id } }) }],
    ]),
  ),
  // A change of the whole list, about no one object: config.test.ts checks what it restores and logs.
  'POST /api/ConfigData/SyncFromDefault': { kind: 'own', audit: { object: LOG_OBJECT.systemConfig, action: LOG_ACTION.sync }, build: () => ({}) },
  // Copies the defaults into unit A: integration.test.ts checks what it copies and that it keeps the unit's own.
  'POST /api/Integrate/CreateDefaultConfigData': { kind: 'own', audit: { object: LOG_OBJECT.systemConfig, action: LOG_ACTION.sync }, build: (f) => ({ body: { unitId: f.context.unitId } }) },
  'GET /api/EmailTemplate/GetListType': { kind: 'list', build: () => ({}) },
  // A test message of a stored template: it answers the template's id (and queues a message in the outbox).
  'POST /api/TemplateSms/SendTest': { kind: 'read', target: (f) => f.stable('TemplateSms'), build: (_f, target) => ({ body: { id: target!.id, phone: '0901234567' } }) },
  // Messages, not objects of the matrix: sms-template.test.ts checks what the outbox shows.
  'POST /api/TemplateSms/SearchOutbox': { kind: 'own', build: () => ({ body: { pageIndex: 1, pageSize: 20 } }) },
  // An upload adds an image, an object of no resource: template-image.test.ts checks what is kept and served.
  'POST /api/EmailTemplate/UploadImage': {
    kind: 'own',
    audit: { object: LOG_OBJECT.emailTemplate, action: LOG_ACTION.add },
    build: () => ({ body: { name: 'pixel.png', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' } }),
  },
  'POST /api/EmailCampaign/SearchReceiver': { kind: 'read', target: (f) => f.stable('EmailCampaign'), build: (_f, target) => ({ body: { campaignId: target!.id, pageIndex: 1, pageSize: 20 } }) },
  // Reads of the mail-type catalogue and a render of the body sent: about no stored object.
  'GET /api/EmailTemplate/GetTypeInfo/:type': { kind: 'own', build: () => ({ params: { type: 'passwordResetLink' } }) },
  'POST /api/EmailTemplate/Preview': { kind: 'own', build: () => ({ body: { systemType: 'signUpCode', language: 'vi', subject: 'Mã {{code}}', content: '<p>{{code}}</p>' } }) },
  ...Object.fromEntries(
    ['AppRole', 'AppProfile', 'AppUserGroup'].map((name) => [`POST /api/${name}/GetAllByUnitChannel`, { kind: 'list', build: () => ({ body: null }) }] as const),
  ),
  // Figures, not rows: a unit's caller asking for unit A gets their own unit's (no id of A leaks).
  ...Object.fromEntries(
    ['ActivityStatisticUnit', 'ActivityStatisticsByUser'].map((name) => [
      `POST /api/Dashboard/${name}`,
      { kind: 'own', build: (f: ResourceFixtures) => ({ body: { fromDate: '2026-01-01', toDate: '2026-01-31', unitRequest: f.context.unitId } }) },
    ] as const),
  ),
  // What the unit holds and may ask for (issue 7).
  'GET /api/Unit/GetPackageChannelOfUnit/:id': { kind: 'read', target: (f) => f.stable('Unit'), build: (_f, target) => ({ params: { id: target!.id } }) },
  // A request is about unit A: another unit's admin naming it is refused as unknown. upgrade.test.ts checks the mail and the list.
  'POST /api/Unit/RequestUpdatePackageService': {
    kind: 'own',
    audit: { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.add },
    target: (f) => f.stable('Unit'),
    build: (f, target) => ({ body: { unitId: target!.id, packageId: f.context.packageId } }),
  },
  // Once per service: each call gets a fresh service with a trial pack (its id rides in the target's record).
  'POST /api/Unit/RegisterPackServiceTrial': {
    kind: 'own',
    audit: { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.register },
    target: async (f) => ({ ...(await f.stable('Unit')), record: { serviceId: (await f.freshTrialService()).id } }),
    build: (_f, target) => ({ body: { unitId: target!.id, serviceId: target!.record.serviceId } }),
  },
  'POST /api/UpgradeRequest/Confirm': {
    kind: 'write',
    audit: { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.confirm },
    target: (f) => f.fresh('UpgradeRequest'),
    build: (_f, target) => ({ body: { id: target!.id, state: 2 } }),
  },
  'GET /api/Agency/GetAssignPermissions': { kind: 'read', target: (f) => f.stable('AgencyRole'), build: (_f, target) => ({ query: { roleId: target!.id } }) },
  // About the caller only: every signed-in caller gets their own.
  'GET /api/User/GetListBaseApp': { kind: 'own', build: () => ({}) },
  'GET /api/ChannelManager/GetChannelByUserCurrent': { kind: 'own', build: () => ({}) },
  'GET /api/TwoFA/GetMyStatus': { kind: 'own', build: () => ({}) },
  'GET /api/Notification/GetMine': { kind: 'own', build: () => ({}) },
  // Marks the caller's own notifications read; an id of none of theirs changes nothing.
  'POST /api/Notification/MarkRead': { kind: 'own', build: () => ({ body: { ids: [randomUUID()] } }) },
  // The access log by user: the sign-ins of unit A's user (another unit's admin is refused as for an unknown user).
  'POST /api/UserDevice/GetDeviceByUserId': { kind: 'read', target: (f) => f.signedInUser(), build: (_f, target) => ({ body: { pageIndex: 1, pageSize: 20, userId: target!.id } }) },
  // The platform's outbox: mail is held without an SMTP server, so it can be read.
  'POST /api/MailOutbox/Search': { kind: 'list', target: async (f) => void (await f.heldMail()), build: () => ({ body: { pageIndex: 1, pageSize: 20 } }) },
  'GET /api/MailOutbox/GetById/:id': { kind: 'read', target: (f) => f.heldMail(), build: (_f, target) => ({ params: { id: target!.id } }) },
  // Unit A's two-factor policy. A change keeps it off, so the actors still sign in as before; two-factor.test.ts checks the changes.
  'GET /api/TwoFAConfig/GetConfig': { kind: 'read', target: (f) => f.stable('Unit'), build: (_f, target) => ({ query: { unitId: target!.id } }) },
  'POST /api/TwoFAConfig/AddUpdate': {
    kind: 'own',
    audit: { object: LOG_OBJECT.twoFactorPolicy, action: LOG_ACTION.edit },
    build: (f) => ({ body: { unitId: f.context.unitId, trigger: 'recurring', recurrenceDays: 30 } }) },
  'POST /api/TwoFAConfig/UpdateStatus': { kind: 'own', build: (f) => ({ body: { unitId: f.context.unitId, status: TWO_FA_STATUS.disabled } }) },
  // Confirmed with the code mailed to the platform administrator who asked (the only caller allowed).
  'POST /api/TwoFAConfig/VerifyUpdate': {
    kind: 'own',
    audit: { object: LOG_OBJECT.twoFactorPolicy, action: LOG_ACTION.changeStatus },
    target: (f) => f.twoFactorPolicyCode(TWO_FA_STATUS.disabled),
    build: (_f, target) => ({ body: { unitId: target!.record.unitId, status: TWO_FA_STATUS.disabled, code: target!.id } }),
  },
  'POST /api/Agency/SavePermissions': {
    kind: 'write',
    audit: { object: LOG_OBJECT.agencyRole, action: LOG_ACTION.edit },
    target: (f) => f.fresh('AgencyRole'),
    build: (_f, target) => ({ body: { roleId: target!.id, permissions: ['AGENCY_UNIT_LIST', 'AGENCY_UNIT_VIEW'] } }),
  },
};

/** How to call a route, or undefined when nobody wrote a builder for it yet. */
export function routeCallFor(route: RouteEntry): RouteCall | undefined {
  // No integration, campaign or SMS template exists until someone makes one: their lists are read after one is made.
  const emptyUntilMade = route.resource && ['Integrate', 'IntegrateDefault', 'EmailCampaign', 'TemplateSms', 'UpgradeRequest', 'TemplateClone'].includes(route.resource.name) && route.resource.operation === 'search';
  if (emptyUntilMade) {
    const name = route.resource!.name;
    const call = resourceCall(route, name, 'search');
    // The object makes the list non-empty; the list itself is about no one object (a unit's admin sees their unit's requests).
    return call && { ...call, target: async (f) => void (await f.stable(name)) };
  }
  if (route.resource) return CONTRACTS[route.resource.name] ? resourceCall(route, route.resource.name, route.resource.operation) : undefined;
  const entry = HAND_WRITTEN[routeKey(route)];
  if (!entry) return undefined;
  return { ...entry, build: (f, target) => ({ method: route.method, url: route.url, ...entry.build(f, target) }) };
}

/** The call as `app.inject` options, from a caller with `headers`. */
export function injectOptions(call: ApiCall, headers: Record<string, string>): InjectOptions {
  const path = call.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? `:${name}`));
  return {
    method: call.method as InjectOptions['method'],
    url: path,
    headers,
    ...(call.query ? { query: call.query } : {}),
    ...(call.body === undefined ? {} : { payload: call.body as InjectOptions['payload'] }),
  };
}
