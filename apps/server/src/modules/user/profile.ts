import type { UserProfile } from '@portal/contracts';
import type { ActorRecord } from '../../platform/actor.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `expiry` at `now` (zero or negative once past). */
export function daysLeft(expiry: Date, now: Date): number {
  return Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS);
}

/**
 * The signed-in user's profile at `now`, the server's clock: the trial banner shows the days
 * left as counted here, whatever the clock of the machine the browser runs on says.
 */
export function profileOf({ actor, user, unit, agency }: ActorRecord, now: Date): UserProfile {
  const isTrial = unit?.isTrial ?? false;
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    mobile: user.mobile,
    email: user.email,
    roleNames: actor.roleNames,
    description: user.description,
    isAdminIAM: user.isAdminIam,
    isUserWebPortal: user.isUserWebPortal,
    isUserUnit: user.isUserUnit,
    isAdminUnit: actor.isAdminUnit,
    unitId: user.unitId,
    unitName: unit?.name ?? null,
    agencyId: actor.agencyId,
    agencyName: agency?.name ?? null,
    isAgent: actor.isAgent,
    isTrial,
    countExpirationDate: isTrial && unit?.expiryDate ? daysLeft(unit.expiryDate, now) : null,
    channelCodeDefaultLogin: user.channelCodeDefaultLogin,
    allowExport: user.allowExport,
  };
}
