import { and, asc, eq, sql } from 'drizzle-orm';
import { BUILT_IN_ROLES, toSubdomain, TRIAL } from '@portal/contracts';
import type { Transaction } from '../../db/client.ts';
import { roles, servicePackages, unitPackages, units, userRoles, users } from '../../db/schema/index.ts';
import { assertAccountIsFree } from '../../identity/account-names.ts';
import { packOnOffer } from '../../identity/packs.ts';

export interface NewUnit {
  name: string;
  businessCode?: string | null | undefined;
  numberOfEmployees?: string | null | undefined;
  shortName?: string | null | undefined;
  address?: string | null | undefined;
  tenantId?: string | null | undefined;
  isTrial: boolean;
  expiryDate?: Date | null | undefined;
  /** The agency that brought the unit. */
  agencyId?: string | null | undefined;
}

export interface NewUnitAdmin {
  username: string;
  email: string;
  /** argon2id hash of the password (callers hash: a sign-up keeps only the hash of what the visitor typed). */
  passwordHash: string;
  /** The password was generated: a new one is asked at the first sign-in. */
  passwordChangeRequired?: boolean | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  mobile?: string | null | undefined;
}

/** A tenant id not used yet, derived from the requested one or the unit's name. */
async function freeTenantId(tx: Transaction, wanted: string): Promise<string> {
  const base = toSubdomain(wanted).slice(0, 40) || 'unit';
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? base : `${base}${suffix + 1}`;
    const [used] = await tx.select({ id: units.id }).from(units).where(sql`lower(${units.tenantId}) = ${candidate}`);
    if (!used) return candidate;
  }
}

/**
 * Creates a unit together with its administrator (role ADMINENTERPRISE). Platform
 * administrators do it from the unit screen; visitors do it by signing up for a trial.
 */
export async function createUnitWithAdmin(tx: Transaction, unit: NewUnit, admin: NewUnitAdmin): Promise<{ unitId: string; adminId: string }> {
  await assertAccountIsFree(tx, admin, undefined, 'adminEmail');
  const [created] = await tx
    .insert(units)
    .values({
      name: unit.name,
      businessCode: unit.businessCode ?? null,
      numberOfEmployees: unit.numberOfEmployees ?? null,
      shortName: unit.shortName ?? null,
      address: unit.address ?? null,
      tenantId: await freeTenantId(tx, unit.tenantId || unit.shortName || unit.name),
      isTrial: unit.isTrial,
      expiryDate: unit.expiryDate ?? null,
      agencyId: unit.agencyId ?? null,
    })
    .returning({ id: units.id });
  const firstName = admin.firstName ?? admin.username;
  const lastName = admin.lastName ?? '';
  const [user] = await tx
    .insert(users)
    .values({
      unitId: created!.id,
      username: admin.username,
      email: admin.email,
      passwordHash: admin.passwordHash,
      passwordChangeRequired: admin.passwordChangeRequired ?? false,
      firstName,
      lastName,
      fullName: [lastName, firstName].filter(Boolean).join(' '),
      mobile: admin.mobile ?? null,
    })
    .returning({ id: users.id });
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, BUILT_IN_ROLES.unitAdmin));
  await tx.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  return { unitId: created!.id, adminId: user!.id };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Starts a trial unit with its administrator: the Trial pack's days (TRIAL.defaultDays without
 * one) from `now` (the server's clock), and the Trial pack itself when one is offered. Sign-up and an agency's registration
 * for a customer both start trials this way.
 */
export async function startTrialUnit(tx: Transaction, unit: Omit<NewUnit, 'isTrial' | 'expiryDate'>, admin: NewUnitAdmin, now: Date) {
  const [trialPack] = await tx
    .select({ id: servicePackages.id, trialDays: servicePackages.trialDays })
    .from(servicePackages)
    .where(and(eq(servicePackages.level, 'Trial'), packOnOffer()))
    .orderBy(asc(servicePackages.createdAt))
    .limit(1);
  const days = trialPack?.trialDays ?? TRIAL.defaultDays;
  const expiryDate = new Date(now.getTime() + days * DAY_MS);
  const created = await createUnitWithAdmin(tx, { ...unit, isTrial: true, expiryDate }, admin);
  if (trialPack) await tx.insert(unitPackages).values({ unitId: created.unitId, packageId: trialPack.id, startsAt: now, endsAt: expiryDate, isTrial: true });
  return { ...created, days };
}
