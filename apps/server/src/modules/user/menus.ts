import { asc } from 'drizzle-orm';
import type { ListMenus, MenuDetail, PermissionName } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { menus } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/actor.ts';

/**
 * The sidebar a user may see: each section with the screens they hold the permission for;
 * a section with no permitted screen is left out.
 */
export async function menusFor(db: Queryable, actor: Actor): Promise<ListMenus> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sortOrder));
  const allowed = (permission: string | null) =>
    permission !== null && actor.permissions.has(permission as PermissionName);

  const menuDetails: MenuDetail[] = rows
    .filter((row) => row.parentCode === null)
    .flatMap((section) => {
      const children = rows
        .filter((row) => row.parentCode === section.code && allowed(row.permissionCode))
        .map((row) => ({ route: row.route, hashCode: row.code, permission: row.permissionCode! }));
      const isScreen = section.permissionCode !== null;
      if (isScreen ? !allowed(section.permissionCode) : children.length === 0) return [];
      return [
        {
          menuParent: section.route,
          hashCode: section.code,
          iconActive: section.icon ?? 'default',
          iconInActive: section.icon ?? 'default',
          children,
        },
      ];
    });

  return { menuDetails, permissionCurrents: [...actor.permissions].sort() };
}
