import type { UserProfile } from '@portal/contracts';
import type { ActorRecord } from '../../platform/actor.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `expiry` (negative once past), counted from the start of today. */
export function daysLeft(expiry: Date, now = new Date()): number {
  return Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS);
}

export function profileOf({ actor, user, unit, agency }: ActorRecord): UserProfile {
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
    countExpirationDate: isTrial && unit?.expiryDate ? daysLeft(unit.expiryDate) : null,
    channelCodeDefaultLogin: user.channelCodeDefaultLogin,
    allowExport: user.allowExport,
  };
}
