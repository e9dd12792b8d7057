import { and, asc, eq, exists, isNull, ne, or } from 'drizzle-orm';
import { BASE_PATH, PORTAL_SERVICE_CODE, STATUS, type BaseApp } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { appUsers, packageServices, servicePackages, services, unitPackages, unitServices, users } from '../../db/schema/index.ts';
import { holdsSeat, packUsableAt, seatsOf } from '../../identity/packs.ts';
import type { Actor } from '../../platform/actor.ts';

/**
 * The apps a user may open: the portal, then the services of their unit's packs that the
 * unit's access leaves on and the user holds a grant for — status 1 exactly when signing in
 * is allowed at `now` (the same rule as identity/entitlement.ts, seats included), 0 when every pack holding it
 * has expired (the screen offers the upgrade). Platform staff may open every active service;
 * an agency's users the portal alone.
 */
export async function appsFor(db: Queryable, actor: Actor, publicUrl: string, now: Date): Promise<BaseApp[]> {
  const [portal] = await db.select({ name: services.name }).from(services).where(eq(services.code, PORTAL_SERVICE_CODE));
  const portalApp: BaseApp = { baseAppCode: PORTAL_SERVICE_CODE, title: portal?.name ?? 'Portal', channelPackageStatus: STATUS.active, link: `${publicUrl}${BASE_PATH}/` };

  // An agency's users work in the portal only: the services belong to the units they bring.
  if (actor.agencyId) return [portalApp];
  if (!actor.unitId) {
    const rows = await db
      .select({ code: services.code, name: services.name, link: services.link })
      .from(services)
      .where(and(eq(services.status, STATUS.active), ne(services.code, PORTAL_SERVICE_CODE)))
      .orderBy(asc(services.sortOrder));
    return [portalApp, ...rows.map((row) => ({ baseAppCode: row.code, title: row.name, channelPackageStatus: STATUS.active, link: row.link }))];
  }

  const rows = await db
    .select({
      code: services.code,
      name: services.name,
      link: services.link,
      sortOrder: services.sortOrder,
      packActive: packUsableAt(now),
      packageId: unitPackages.packageId,
      seats: unitPackages.seats,
      userBand: servicePackages.userBand,
    })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .innerJoin(services, eq(services.id, packageServices.serviceId))
    .leftJoin(unitServices, and(eq(unitServices.unitId, unitPackages.unitId), eq(unitServices.serviceId, services.id)))
    .where(
      and(
        eq(unitPackages.unitId, actor.unitId),
        eq(services.status, STATUS.active),
        ne(services.code, PORTAL_SERVICE_CODE),
        // The unit's access on, and the user granted the service (identity/entitlement.ts).
        or(isNull(unitServices.status), eq(unitServices.status, STATUS.active)),
        exists(
          db
            .select({ id: appUsers.id })
            .from(appUsers)
            .where(and(eq(appUsers.unitId, actor.unitId), eq(appUsers.serviceId, services.id), eq(appUsers.userId, actor.userId), eq(appUsers.status, STATUS.active))),
        ),
      ),
    )
    .orderBy(asc(services.sortOrder));

  const byCode = new Map<string, BaseApp & { sortOrder: number }>();
  // Usable packs hold the service, but none of their seats is the user's: as without a grant
  // (the sign-in refuses it), the app is not the user's to open.
  const usable = new Set<string>();
  const seated = new Set<string>();
  for (const row of rows) {
    if (!row.packActive || seated.has(row.code)) continue;
    usable.add(row.code);
    if (await holdsSeat(db, actor.unitId, { packageId: row.packageId, seats: seatsOf(row.seats, row.userBand) }, actor.userId)) seated.add(row.code);
  }
  for (const row of rows) {
    const active = Boolean(row.packActive);
    if (usable.has(row.code) && !seated.has(row.code)) continue;
    const known = byCode.get(row.code);
    if (!known || (active && known.channelPackageStatus !== STATUS.active)) {
      byCode.set(row.code, { baseAppCode: row.code, title: row.name, link: row.link, sortOrder: row.sortOrder, channelPackageStatus: active ? STATUS.active : STATUS.inactive });
    }
  }
  const apps = [...byCode.values()].sort((a, b) => a.sortOrder - b.sortOrder).map(({ sortOrder: _order, ...app }) => app);
  return [portalApp, ...apps];
}

/**
 * Sets the app a user lands in after signing in, among the apps they may open now with a usable
 * pack; false when the code is not one of them.
 */
export async function chooseDefaultApp(db: Queryable, actor: Actor, code: string, publicUrl: string, now: Date): Promise<boolean> {
  const apps = await appsFor(db, actor, publicUrl, now);
  const chosen = apps.find((a) => a.baseAppCode === code && a.channelPackageStatus === STATUS.active);
  if (!chosen) return false;
  await db.update(users).set({ channelCodeDefaultLogin: chosen.baseAppCode }).where(eq(users.id, actor.userId));
  return true;
}
