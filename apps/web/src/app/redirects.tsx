import { Navigate } from 'react-router';
import type { MenuSection } from '@portal/contracts';
import { useMenus, usePermissions } from '../api/queries.ts';
import { ForbiddenPage } from '../features/errors/ForbiddenPage.tsx';
import { firstPermittedRoute } from './menu-model.ts';

/** A bare visit opens the first screen of the user's menu. */
export function HomeRedirect() {
  const { data } = useMenus();
  const target = firstPermittedRoute(data?.menuDetails ?? []);
  return target ? <Navigate to={target} replace /> : <ForbiddenPage />;
}

/** A section's own path opens its first screen the user may open. */
export function SectionRedirect({ section }: { section: MenuSection }) {
  const permissions = usePermissions();
  const target = section.items.find((item) => permissions.has(item.permission));
  return target ? <Navigate to={target.route} replace /> : <ForbiddenPage />;
}
