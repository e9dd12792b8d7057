import { eq, inArray } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '@portal/contracts';
import type { Transaction } from '../db/client.ts';
import {
  appObjects,
  appUsers,
  packageServices,
  roles,
  serviceAccesses,
  servicePackages,
  services,
  systemState,
  unitPackages,
  units,
  userDevices,
  userRoles,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../identity/passwords.ts';
import { rebuildActivityCounters } from '../modules/dashboard/activity-counters.ts';
import { seedDemoAgencies } from './demo-agencies.ts';
import { seedDemoSystem } from './demo-system.ts';

/** Every demo account signs in with this password; it is printed when the demo is seeded. */
export const DEMO_PASSWORD = 'Demo@2026';

export interface DemoSummary {
  unitAdmins: string[];
  /** The demo agencies' agents (agent.<agency>); each agency also has an agent user (sale.<agency>). */
  agents: string[];
  password: string;
}

const DEMO_UNITS = [
  { name: 'Công ty TNHH Minh Phát', tenantId: 'minhphat', businessCode: '0312345678', band: '21-100', trialDays: null, pack: 'Premium' },
  { name: 'Công ty Cổ phần Sao Việt', tenantId: 'saoviet', businessCode: '0109876543', band: '101-500', trialDays: null, pack: 'Plus' },
  { name: 'Hộ kinh doanh Hoàng Long', tenantId: 'hoanglong', businessCode: '8012345670', band: '2-20', trialDays: 12, pack: 'Trial' },
] as const;

/** The first person of each unit is its administrator (admin.<tenant>); the rest are users (<login>.<tenant>). */
const DEMO_PEOPLE = [
  ['Nguyễn', 'An', 'an'],
  ['Trần', 'Bình', 'binh'],
  ['Lê', 'Chi', 'chi'],
  ['Phạm', 'Dũng', 'dung'],
  ['Hoàng', 'Giang', 'giang'],
] as const;

const DEMO_PACKAGES = [
  { name: 'Gói Premium', level: 'Premium', userBand: '101-500', pricePerUserMonth: '250000', expiryMonths: 12, codes: ['CRM', 'IC', 'LCM', 'WFM'] },
  { name: 'Gói Plus', level: 'Plus', userBand: '21-100', pricePerUserMonth: '180000', expiryMonths: 12, codes: ['CRM', 'IC'] },
  { name: 'Gói Essentials', level: 'Essentials', userBand: '2-20', pricePerUserMonth: '90000', expiryMonths: 12, codes: ['CRM'] },
  { name: 'Gói dùng thử', level: 'Trial', userBand: '2-20', pricePerUserMonth: '0', expiryMonths: null, trialDays: 30, codes: ['CRM', 'IC'] },
  { name: 'Gói miễn phí', level: 'Free', userBand: '1', pricePerUserMonth: '0', expiryMonths: null, codes: ['SR'] },
] as const;

/** What every demo unit has set up in its CRM app: roles, a profile and a group. */
const DEMO_CRM_OBJECTS = [
  { kind: 'role', code: 'CRM_ADMIN', name: 'Quản trị CRM' },
  { kind: 'role', code: 'SALES', name: 'Nhân viên kinh doanh' },
  { kind: 'profile', code: 'STANDARD', name: 'Hồ sơ tiêu chuẩn' },
  { kind: 'profile', code: 'MANAGER', name: 'Hồ sơ quản lý' },
  { kind: 'group', code: 'SALES_TEAM', name: 'Nhóm kinh doanh' },
  { kind: 'group', code: 'SUPPORT_TEAM', name: 'Nhóm chăm sóc khách hàng' },
] as const;

const DAY = 24 * 60 * 60 * 1000;
const BROWSERS = ['Chrome 141', 'Firefox 140', 'Edge 141', 'Safari 18'];
const DEVICES = ['Windows Desktop', 'macOS Desktop', 'Android Mobile', 'iOS Mobile'];

/** The unit's administrator and first user are CRM users: administrator role, sales role. */
async function seedDemoAppUsers(tx: Transaction, unitId: string, serviceId: string, userIds: string[]): Promise<void> {
  const objects = await tx.insert(appObjects).values(DEMO_CRM_OBJECTS.map((object) => ({ ...object, unitId, serviceId }))).returning();
  const idOf = (code: string) => objects.find((object) => object.code === code)!.id;
  await tx.insert(appUsers).values(
    userIds.map((userId, index) => ({
      unitId,
      serviceId,
      userId,
      roleId: idOf(index === 0 ? 'CRM_ADMIN' : 'SALES'),
      profileId: idOf(index === 0 ? 'MANAGER' : 'STANDARD'),
      groupId: idOf(index === 0 ? 'SUPPORT_TEAM' : 'SALES_TEAM'),
    })),
  );
}

/** Sample units, people, packs, agencies and two weeks of sign-ins; seeded once, when DEMO_DATA is set. */
export async function seedDemoData(tx: Transaction): Promise<DemoSummary | undefined> {
  const [marker] = await tx.select().from(systemState).where(eq(systemState.key, 'demo_data'));
  if (marker) return undefined;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const serviceRows = await tx.select({ id: services.id, code: services.code }).from(services);
  const serviceId = new Map(serviceRows.map((s) => [s.code, s.id]));
  const roleRows = await tx
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(inArray(roles.code, [BUILT_IN_ROLES.unitAdmin, BUILT_IN_ROLES.unitUser]));
  const roleId = new Map(roleRows.map((r) => [r.code, r.id]));

  const packageId = new Map<string, string>();
  for (const pack of DEMO_PACKAGES) {
    const [row] = await tx
      .insert(servicePackages)
      .values({
        name: pack.name,
        level: pack.level,
        userBand: pack.userBand,
        pricePerUserMonth: pack.pricePerUserMonth,
        expiryMonths: pack.expiryMonths,
        trialDays: 'trialDays' in pack ? pack.trialDays : null,
        highlightFeatures: pack.codes.join(', '),
      })
      .returning({ id: servicePackages.id });
    packageId.set(pack.level, row!.id);
    await tx.insert(packageServices).values(pack.codes.map((code) => ({ packageId: row!.id, serviceId: serviceId.get(code)! })));
  }

  const now = Date.now();
  const unitAdmins: string[] = [];
  for (const [unitIndex, demo] of DEMO_UNITS.entries()) {
    const [unit] = await tx
      .insert(units)
      .values({
        name: demo.name,
        tenantId: demo.tenantId,
        shortName: demo.tenantId.toUpperCase(),
        businessCode: demo.businessCode,
        numberOfEmployees: demo.band,
        address: 'Hà Nội, Việt Nam',
        isTrial: demo.trialDays !== null,
        expiryDate: demo.trialDays !== null ? new Date(now + demo.trialDays * DAY) : null,
        registrationDate: new Date(now - (60 - unitIndex * 20) * DAY),
      })
      .returning({ id: units.id });
    // Bought when the unit registered: a pack counts from its start, and the demo's units are in use today.
    // A trial unit's pack is a trial too, ending with the trial (its kind reads Trial).
    await tx.insert(unitPackages).values({
      unitId: unit!.id,
      packageId: packageId.get(demo.pack)!,
      startsAt: new Date(now - (60 - unitIndex * 20) * DAY),
      isTrial: demo.trialDays !== null,
      endsAt: demo.trialDays !== null ? new Date(now + demo.trialDays * DAY) : null,
    });

    const people = DEMO_PEOPLE.map(([lastName, firstName, login], index) => ({
      unitId: unit!.id,
      username: `${index === 0 ? 'admin' : login}.${demo.tenantId}`,
      email: `${index === 0 ? 'admin' : login}@${demo.tenantId}.example.com`,
      passwordHash,
      firstName,
      lastName,
      fullName: `${lastName} ${firstName}`,
      mobile: `09${String(10000000 + unitIndex * 100 + index)}`,
      isUserUnit: index !== 0,
      positionCode: index === 0 ? 'DIRECTOR' : 'STAFF',
      departmentCode: index === 0 ? 'BOARD' : 'SALES',
    }));
    const created = await tx.insert(users).values(people).returning({ id: users.id, username: users.username });
    unitAdmins.push(created[0]!.username);
    await seedDemoAppUsers(tx, unit!.id, serviceId.get('CRM')!, created.slice(0, 2).map((user) => user.id));
    await tx.insert(userRoles).values(
      created.map((user, index) => ({
        userId: user.id,
        roleId: roleId.get(index === 0 ? BUILT_IN_ROLES.unitAdmin : BUILT_IN_ROLES.unitUser)!,
      })),
    );

    const signIns = created.flatMap((user, userIndex) =>
      Array.from({ length: 14 }, (_, day) => day)
        .filter((day) => (day + userIndex + unitIndex) % 3 !== 0)
        .map((day) => ({
          userId: user.id,
          unitId: unit!.id,
          deviceName: DEVICES[(userIndex + day) % DEVICES.length]!,
          browser: BROWSERS[(userIndex + unitIndex) % BROWSERS.length]!,
          ipAddress: `10.0.${unitIndex}.${10 + userIndex}`,
          signedInAt: new Date(now - day * DAY - (userIndex + 1) * 37 * 60 * 1000),
        })),
    );
    await tx.insert(userDevices).values(signIns.map((signIn, index) => (index % 4 === 0 ? { ...signIn, signedOutAt: new Date(signIn.signedInAt.getTime() + 2 * 60 * 60 * 1000) } : signIn)));
    // Every other sign-in went on into the CRM app: the service-access report has figures.
    await tx.insert(serviceAccesses).values(signIns.filter((_, index) => index % 2 === 0).map((signIn) => ({ userId: signIn.userId, unitId: signIn.unitId, serviceCode: 'CRM', accessedAt: new Date(signIn.signedInAt.getTime() + 60_000) })));
  }
  await rebuildActivityCounters(tx);

  const agents = await seedDemoAgencies(tx, passwordHash);
  await seedDemoSystem(tx);

  await tx.insert(systemState).values({ key: 'demo_data', value: { seededAt: new Date().toISOString() } });
  return { unitAdmins, agents, password: DEMO_PASSWORD };
}
