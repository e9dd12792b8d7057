import { inArray } from 'drizzle-orm';
import { AGENCY_PERMISSIONS, type PermissionName } from '@portal/contracts';
import type { Transaction } from '../db/client.ts';
import { agencies, rolePermissions, roles, units, userRoles, users } from '../db/schema/index.ts';

/** Two resellers: An Phú brought the trial unit Hoàng Long, Bình Minh brought Sao Việt. */
const DEMO_AGENCIES = [
  { name: 'Đại lý An Phú', code: 'ANPHU', login: 'anphu', commissionBasisPoints: 1500, commissionBasis: 'RECURRING', units: ['hoanglong'] },
  { name: 'Đại lý Bình Minh', code: 'BINHMINH', login: 'binhminh', commissionBasisPoints: 1000, commissionBasis: 'FIRST_PAYMENT', units: ['saoviet'] },
] as const;

/** What an agent user does: see the agency and its units, register trials for customers. */
const SALES_PERMISSIONS: readonly PermissionName[] = ['AGENCY_AGENCY_LIST', 'AGENCY_AGENCY_VIEW', 'AGENCY_UNIT_LIST', 'AGENCY_UNIT_VIEW', 'AGENCY_UNIT_ADD', 'AGENCY_UNIT_EDIT'];

/**
 * Each demo agency gets a manager role (every agency-level permission) held by its agent
 * (agent.<login>), and a sales role held by an agent user (sale.<login>). Answers the agents.
 */
export async function seedDemoAgencies(tx: Transaction, passwordHash: string): Promise<string[]> {
  const agents: string[] = [];
  for (const demo of DEMO_AGENCIES) {
    const [agency] = await tx
      .insert(agencies)
      .values({
        name: demo.name,
        code: demo.code,
        contactName: `Người liên hệ ${demo.code}`,
        contactEmail: `lienhe@${demo.login}.example.com`,
        contactPhone: '0281234567',
        address: 'TP. Hồ Chí Minh, Việt Nam',
        commissionBasisPoints: demo.commissionBasisPoints,
        commissionBasis: demo.commissionBasis,
      })
      .returning({ id: agencies.id });
    const agencyId = agency!.id;
    if (demo.units.length) await tx.update(units).set({ agencyId }).where(inArray(units.tenantId, [...demo.units]));

    const roleOf = async (name: string, granted: readonly PermissionName[]) => {
      const [role] = await tx.insert(roles).values({ name, scope: 'agency', agencyId }).returning({ id: roles.id });
      await tx.insert(rolePermissions).values(granted.map((permissionCode) => ({ roleId: role!.id, permissionCode })));
      return role!.id;
    };
    const managerRole = await roleOf('Quản lý đại lý', AGENCY_PERMISSIONS);
    const salesRole = await roleOf('Nhân viên kinh doanh', SALES_PERMISSIONS);

    const people = [
      { username: `agent.${demo.login}`, firstName: 'Đại lý', isAgent: true, roleId: managerRole },
      { username: `sale.${demo.login}`, firstName: 'Kinh doanh', isAgent: false, roleId: salesRole },
    ];
    for (const person of people) {
      const [user] = await tx
        .insert(users)
        .values({
          agencyId,
          username: person.username,
          email: `${person.username}@${demo.login}.example.com`,
          passwordHash,
          firstName: person.firstName,
          lastName: demo.code,
          fullName: `${demo.code} ${person.firstName}`,
          isAgent: person.isAgent,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: user!.id, roleId: person.roleId });
    }
    agents.push(`agent.${demo.login}`);
  }
  return agents;
}

