import { eq } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '@portal/contracts';
import type { Config } from '../config.ts';
import type { Transaction } from '../db/client.ts';
import { roles, userRoles, users } from '../db/schema/index.ts';
import { generatePassword, hashPassword } from '../identity/passwords.ts';

export interface CreatedAdmin {
  username: string;
  /** Set only when the password was generated, so it can be shown once. */
  generatedPassword?: string;
}

/**
 * Creates the platform administrator on the very first start. Once any platform
 * administrator exists, nothing happens: a restart never creates a second one.
 */
export async function ensurePlatformAdmin(tx: Transaction, admin: Config['admin']): Promise<CreatedAdmin | undefined> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.isAdminIam, true)).limit(1);
  if (existing) return undefined;

  const password = admin.password ?? generatePassword();
  const [user] = await tx
    .insert(users)
    .values({
      username: admin.username,
      email: admin.email,
      passwordHash: await hashPassword(password),
      passwordChangeRequired: !admin.password,
      firstName: 'Admin',
      lastName: 'Portal',
      fullName: 'Portal Admin',
      isAdminIam: true,
      isUserWebPortal: true,
      allowExport: true,
    })
    .returning({ id: users.id });
  const [superAdmin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, BUILT_IN_ROLES.superAdmin));
  await tx.insert(userRoles).values({ userId: user!.id, roleId: superAdmin!.id });
  return { username: admin.username, ...(admin.password ? {} : { generatedPassword: password }) };
}
