import { and, eq } from 'drizzle-orm';
import type { Account, ClaimsParameterMember } from 'oidc-provider';
import { STATUS } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { appObjects, appUsers, services, units } from '../db/schema/index.ts';
import type { ActorRecord } from '../platform/actor.ts';

/**
 * The claims each scope releases, in the ID token and at userinfo (docs/service-app-contract.md).
 * `unit` and `roles` are the suite's own: which unit (tenant) the user belongs to, and the
 * codes of the roles the user holds in the service app asking.
 */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  email: ['email', 'email_verified'],
  unit: ['unit_id', 'tenant_id', 'unit_name'],
  roles: ['roles'],
} as const;

/** The OIDC scopes every client of the suite is granted without a consent screen. */
export const GRANTED_OIDC_SCOPES = ['openid', 'offline_access', ...Object.keys(SCOPE_CLAIMS).filter((scope) => scope !== 'openid')].join(' ');

/** The role codes a user holds in a service app: their grant's role there (one at most), when active. */
async function rolesInService(db: Queryable, userId: string, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ code: appObjects.code })
    .from(appUsers)
    .innerJoin(services, eq(services.id, appUsers.serviceId))
    .innerJoin(appObjects, eq(appObjects.id, appUsers.roleId))
    .where(and(eq(appUsers.userId, userId), eq(services.code, clientId), eq(appUsers.status, STATUS.active), eq(appObjects.status, STATUS.active)));
  return rows.map((row) => row.code);
}

/**
 * The account as the provider sees it. The suite's claims are read only when a scope asks for
 * them. `email_verified` is true: an address is given by the unit's administrator (a managed
 * directory, as an organisation's) or proven at sign-up with the code mailed to it, and every
 * account's password and resets travel through it.
 */
export function accountWithClaims(db: Queryable, record: ActorRecord, clientId: string | undefined): Account {
  const { user } = record;
  return {
    accountId: user.id,
    async claims(_use: string, scope: string, _claims: Record<string, ClaimsParameterMember | null>) {
      const asked = new Set(scope.split(' '));
      const [unit] = asked.has('unit') && user.unitId ? await db.select({ tenantId: units.tenantId, name: units.name }).from(units).where(eq(units.id, user.unitId)) : [];
      return {
        sub: user.id,
        name: user.fullName || user.username,
        given_name: user.firstName,
        family_name: user.lastName,
        preferred_username: user.username,
        email: user.email,
        email_verified: true,
        ...(asked.has('unit') ? { unit_id: user.unitId, tenant_id: unit?.tenantId ?? null, unit_name: unit?.name ?? null } : {}),
        ...(asked.has('roles') ? { roles: clientId ? await rolesInService(db, user.id, clientId) : [] } : {}),
      };
    },
  };
}
