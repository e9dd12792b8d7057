import { and, asc, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { UPGRADE_REQUEST_STATE, type AgencyUnitRecord, type agencyUnitResource, type UnitRecord } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { servicePackages, unitPackages, units, upgradeRequests } from '../../db/schema/index.ts';
import { generatePassword, hashPassword } from '../../identity/passwords.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { assertAgencyExists, agencyForWrite, isPlatform } from '../../platform/resource/scope.ts';
import { allOf } from '../../platform/resource/search.ts';
import { startTrialUnit } from '../unit/create-unit.ts';
import { findUnit, searchUnits, unitSearchWhere, unitStore } from '../unit/unit-store.ts';
import { AppError } from '../../platform/errors.ts';
import { signinPage } from '../../identity/provider.ts';
import { mailNewAccount } from '../user/account-changes.ts';

/**
 * What an agency sees of a unit it brought: the unit's record, the packs it holds and how many
 * of its upgrade requests are still open; nothing inside the unit.
 */
async function withPacks(db: Queryable, records: UnitRecord[]): Promise<AgencyUnitRecord[]> {
  if (records.length === 0) return [];
  const unitIds = records.map((record) => record.id);
  const [packs, requests] = await Promise.all([
    db
      .select({ unitId: unitPackages.unitId, name: servicePackages.name })
      .from(unitPackages)
      .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
      .where(inArray(unitPackages.unitId, unitIds))
      .orderBy(asc(servicePackages.name)),
    db
      .select({ unitId: upgradeRequests.unitId, open: count() })
      .from(upgradeRequests)
      .where(and(inArray(upgradeRequests.unitId, unitIds), ne(upgradeRequests.state, UPGRADE_REQUEST_STATE.done)))
      .groupBy(upgradeRequests.unitId),
  ]);
  return records.map((record) => ({
    ...record,
    packNames: packs.filter((row) => row.unitId === record.id).map((row) => row.name),
    openUpgradeRequests: requests.find((row) => row.unitId === record.id)?.open ?? 0,
  }));
}

/** Units brought by an agency: each agency's own to its users, all of them to platform staff. */
const brought = isNotNull(units.agencyId);

export const agencyUnitStore: ResourceStore<typeof agencyUnitResource> = {
  async search(db, query, page, scope) {
    const result = await searchUnits(db, allOf(brought, unitSearchWhere(query, scope)), page, query.sort);
    return { records: await withPacks(db, result.records), totalRecord: result.totalRecord };
  },

  async find(db, id, scope) {
    const unit = await findUnit(db, id, scope);
    if (!unit?.agencyId) return undefined;
    return (await withPacks(db, [unit]))[0];
  },

  describe: (unit) => ({ id: unit.id, name: unit.name, unitId: unit.id }),

  /**
   * An agency corrects a trial unit it brought (the customer's details); a unit that became a
   * customer of the platform's (no longer on trial) is the platform's to change. Platform staff
   * edit any unit on the units screen.
   */
  async update(tx, existing, input, op) {
    if (!existing.isTrial && !isPlatform(op.scope)) throw new AppError('agency.unit_not_trial');
    // The trial and its end stay as they are; so does the attribution (no agencyId).
    await unitStore.update!(tx, existing, { ...input, isTrial: existing.isTrial, expiryDate: existing.expiryDate }, op);
  },

  /** A customer's trial unit, registered by the agency, which it then belongs to. */
  async create(tx, input, op) {
    const agencyId = agencyForWrite(op.scope, input.agencyId);
    if (isPlatform(op.scope)) await assertAgencyExists(tx, agencyId);
    const password = input.adminPassword ?? generatePassword();
    const { unitId, days } = await startTrialUnit(
      tx,
      { name: input.name, businessCode: input.businessCode, numberOfEmployees: input.numberOfEmployees, shortName: input.shortName, address: input.address, agencyId },
      { username: input.adminUsername, email: input.adminEmail, passwordHash: await hashPassword(password), passwordChangeRequired: !input.adminPassword },
      op.app.clock.now(),
    );
    // The customer's administrator learns their account: with its password when one was generated.
    if (input.adminPassword) {
      const signinUrl = signinPage(op.app.config.publicUrl);
      await op.app.mailer.send(tx, { kind: 'trialStarted', to: input.adminEmail, language: 'vi', params: { username: input.adminUsername, unitName: input.name, days, signinUrl } });
    } else {
      await mailNewAccount(tx, op, { username: input.adminUsername, email: input.adminEmail, password, organisation: input.name });
    }
    return { id: unitId, name: input.name, unitId };
  },
};
