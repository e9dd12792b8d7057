import { asc } from 'drizzle-orm';
import type { ListMenus, MenuDetail, PermissionName } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { menus } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/actor.ts';
import { InvalidatingCache } from '../../platform/cache/invalidating-cache.ts';
import type { Invalidation } from '../../platform/cache/invalidation.ts';

type MenuRow = typeof menus.$inferSelect;

/** The menu table changes only with a release: every call answers it from memory. */
export function cachedMenuRows(db: Queryable, invalidation: Invalidation): () => Promise<MenuRow[]> {
  const cache = new InvalidatingCache<'menus', MenuRow[]>(invalidation, { keyOf: () => undefined, ttlMs: 10 * 60_000, max: 1 });
  return () => cache.get('menus', () => db.select().from(menus).orderBy(asc(menus.sortOrder)));
}

/**
 * The sidebar a user may see: each section with the screens they hold the permission for;
 * a section with no permitted screen is left out.
 */
export function menusFor(rows: readonly MenuRow[], actor: Actor): ListMenus {
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
