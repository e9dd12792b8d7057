import { eq } from 'drizzle-orm';
import { AGENCY_PERMISSIONS, PERMISSION_NAMES, UNIT_ADMIN_PERMISSIONS, UNIT_USER_PERMISSIONS, type PermissionName } from '@portal/contracts';
import { DEMO_PASSWORD } from '../src/bootstrap/demo-data.ts';
import { agencies, units, users } from '../src/db/schema/index.ts';
import { bearer, signIn } from './oidc-client.ts';
import { adminAccountSample, SAMPLE_PASSWORD, uniqueSuffix } from './samples.ts';
import { CRM_APP, registerCrmApp, serviceAppTokens } from './service-client.ts';
import { TEST_ADMIN, type TestApp } from './test-app.ts';

/** The demo units the access tests play in: A holds the objects, B is the neighbour. */
export const UNIT_A = 'minhphat';
export const UNIT_B = 'saoviet';
/** The user of unit A the matrix signs in. */
export const UNIT_USER_A = `binh.${UNIT_A}`;
/** The demo agencies (by code): X brought the trial unit hoanglong, Y brought unit B (saoviet). */
export const AGENCY_X = 'ANPHU';
export const AGENCY_Y = 'BINHMINH';

/** The callers of the access tests, in the order the matrix shows them. */
export const ACTOR_KEYS = ['anonymous', 'unitUserA', 'unitAdminA', 'unitAdminB', 'agencyUserX', 'agencyUserY', 'platformAdmin', 'serviceApp'] as const;
export type ActorKey = (typeof ACTOR_KEYS)[number];

export const ACTOR_LABELS: Record<ActorKey, string> = {
  anonymous: 'anonymous',
  unitUserA: 'user of unit A',
  unitAdminA: 'admin of unit A',
  unitAdminB: 'admin of unit B',
  agencyUserX: 'user of agency X',
  agencyUserY: 'user of agency Y',
  platformAdmin: 'platform admin',
  serviceApp: "service app's token (admin of unit A, in the CRM app)",
};

export interface TestActor {
  key: ActorKey;
  label: string;
  /** null for the anonymous caller. */
  userId: string | null;
  username: string | null;
  /** The caller's unit; null for platform staff, agency users (and nobody). */
  unitId: string | null;
  /** The caller's agency; null for everyone but agency users. */
  agencyId: string | null;
  headers: Record<string, string>;
  /** Whose token it is: the portal's web client's, or a service app's (refused by every route of the portal). */
  tokenOf: 'portal' | 'service';
  /** What the built-in roles grant this caller, from the catalogue (not from the server). */
  permissions: ReadonlySet<PermissionName>;
}

const ACCOUNTS = {
  unitUserA: { username: UNIT_USER_A, password: DEMO_PASSWORD, permissions: UNIT_USER_PERMISSIONS },
  unitAdminA: { username: `admin.${UNIT_A}`, password: DEMO_PASSWORD, permissions: UNIT_ADMIN_PERMISSIONS },
  unitAdminB: { username: `admin.${UNIT_B}`, password: DEMO_PASSWORD, permissions: UNIT_ADMIN_PERMISSIONS },
  // The agencies' agents: their manager role grants every agency-level permission.
  agencyUserX: { username: `agent.${AGENCY_X.toLowerCase()}`, password: DEMO_PASSWORD, permissions: AGENCY_PERMISSIONS },
  agencyUserY: { username: `agent.${AGENCY_Y.toLowerCase()}`, password: DEMO_PASSWORD, permissions: AGENCY_PERMISSIONS },
  platformAdmin: { username: TEST_ADMIN.username, password: TEST_ADMIN.password, permissions: PERMISSION_NAMES },
} as const;

/** The id of a demo unit, by its tenant id. */
export async function unitIdOf(t: TestApp, tenantId: string): Promise<string> {
  const [unit] = await t.database.db.select({ id: units.id }).from(units).where(eq(units.tenantId, tenantId));
  if (!unit) throw new Error(`no unit ${tenantId}`);
  return unit.id;
}

/** The id of a demo agency, by its code. */
export async function agencyIdOf(t: TestApp, code: string): Promise<string> {
  const [agency] = await t.database.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, code));
  if (!agency) throw new Error(`no agency ${code}`);
  return agency.id;
}

/** Signs in one account through the real OIDC flow and answers it as an actor. */
export async function signInActor(t: TestApp, key: keyof typeof ACCOUNTS): Promise<TestActor> {
  const account = ACCOUNTS[key];
  const tokens = await signIn(t.app, account);
  const [user] = await t.database.db.select({ id: users.id, unitId: users.unitId, agencyId: users.agencyId }).from(users).where(eq(users.username, account.username));
  return {
    key,
    label: ACTOR_LABELS[key],
    userId: user!.id,
    username: account.username,
    unitId: user!.unitId,
    agencyId: user!.agencyId,
    headers: bearer(tokens.access_token),
    tokenOf: 'portal',
    permissions: new Set(account.permissions),
  };
}

/**
 * The admin of unit A signed into the CRM app through the portal, the app holding the strongest
 * token a service app can get: a JWT the portal signed for the app's own API (RFC 8707), for a
 * user who holds every unit permission in the portal.
 */
export async function signInServiceAppActor(t: TestApp): Promise<TestActor> {
  await registerCrmApp(t);
  const admin = await signInActor(t, 'unitAdminA');
  const { tokens } = await serviceAppTokens(t, ACCOUNTS.unitAdminA, { scope: 'openid profile email api', resource: CRM_APP.link });
  if (!tokens.access_token) throw new Error('the CRM app got no access token');
  return { ...admin, key: 'serviceApp', label: ACTOR_LABELS.serviceApp, headers: bearer(tokens.access_token), tokenOf: 'service' };
}

/** Every caller of the matrix, each signed in once. */
export async function signInActors(t: TestApp): Promise<Record<ActorKey, TestActor>> {
  const anonymous: TestActor = { key: 'anonymous', label: ACTOR_LABELS.anonymous, userId: null, username: null, unitId: null, agencyId: null, headers: {}, tokenOf: 'portal', permissions: new Set() };
  return {
    anonymous,
    unitUserA: await signInActor(t, 'unitUserA'),
    unitAdminA: await signInActor(t, 'unitAdminA'),
    unitAdminB: await signInActor(t, 'unitAdminB'),
    agencyUserX: await signInActor(t, 'agencyUserX'),
    agencyUserY: await signInActor(t, 'agencyUserY'),
    platformAdmin: await signInActor(t, 'platformAdmin'),
    serviceApp: await signInServiceAppActor(t),
  };
}

/**
 * A new platform staff account holding `roleIds`, signed in. Made by the platform
 * administrator through the admin-account calls, like a real one.
 */
export async function signInNewStaff(t: TestApp, platformAdmin: Record<string, string>, roleIds: string[], options: { allowExport?: boolean } = {}) {
  const n = uniqueSuffix();
  const account = { ...adminAccountSample.create({ unitId: '', platformRoleId: '' }, n), roleIds, allowExport: options.allowExport ?? false, password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD };
  const created = await t.app.inject({ method: 'POST', url: '/api/User/AddUpdateUserWebPortal', headers: platformAdmin, payload: account });
  if (!created.json().success) throw new Error(`creating staff: ${created.body}`);
  const tokens = await signIn(t.app, { username: account.username!, password: SAMPLE_PASSWORD });
  return { id: created.json().data.id as string, username: account.username!, headers: bearer(tokens.access_token), tokens };
}
