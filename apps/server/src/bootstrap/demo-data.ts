import { eq, inArray } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '@portal/contracts';
import type { Transaction } from '../db/client.ts';
import {
  packageServices,
  roles,
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

/** Every demo account signs in with this password; it is printed when the demo is seeded. */
export const DEMO_PASSWORD = 'Demo@2026';

export interface DemoSummary {
  unitAdmins: string[];
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
  { name: 'Gói Premium', level: 'Premium', pricePerUserMonth: '250000', expiryMonths: 12, codes: ['CRM', 'IC', 'LCM', 'WFM'] },
  { name: 'Gói Plus', level: 'Plus', pricePerUserMonth: '180000', expiryMonths: 12, codes: ['CRM', 'IC'] },
  { name: 'Gói Essentials', level: 'Essentials', pricePerUserMonth: '90000', expiryMonths: 12, codes: ['CRM'] },
  { name: 'Gói dùng thử', level: 'Trial', pricePerUserMonth: '0', expiryMonths: null, trialDays: 30, codes: ['CRM', 'IC'] },
  { name: 'Gói miễn phí', level: 'Free', pricePerUserMonth: '0', expiryMonths: null, codes: ['SR'] },
] as const;

const DAY = 24 * 60 * 60 * 1000;
const BROWSERS = ['Chrome 141', 'Firefox 140', 'Edge 141', 'Safari 18'];
const DEVICES = ['Windows Desktop', 'macOS Desktop', 'Android Mobile', 'iOS Mobile'];

/** Sample units, people, packs and two weeks of sign-ins; seeded once, when DEMO_DATA is set. */
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
    await tx.insert(unitPackages).values({ unitId: unit!.id, packageId: packageId.get(demo.pack)! });

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
    await tx.insert(userDevices).values(signIns);
  }

  await tx.insert(systemState).values({ key: 'demo_data', value: { seededAt: new Date().toISOString() } });
  return { unitAdmins, password: DEMO_PASSWORD };
}
