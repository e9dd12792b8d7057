import type { ComponentType } from 'react';
import type { PhraseArea } from '../i18n/index.ts';
import { SCREEN_ROUTES, type MenuPhraseKey } from './menu-model.ts';

/** A screen's module: the screen, and the phrase areas it renders (loaded with it, not after its first render). */
export type ScreenModule = Promise<{ default: ComponentType; phrases?: readonly PhraseArea[] }>;

/** Every menu entry's screen, by menu code (each loaded on first visit; menu-model.test.ts checks none is missing). */
export const SCREENS: Partial<Record<MenuPhraseKey, () => ScreenModule>> = {
  DASHBOARD: () => import('../features/dashboard/DashboardPage.tsx'),
  ENTERPRISE_MANAGE: () => import('../features/unit/UnitManagePage.tsx'),
  ENTERPRISE_TEMPLATE: () => import('../features/unit/TemplatePage.tsx'),
  USER_ADMIN_UNIT: () => import('../features/user/UnitAdminPage.tsx'),
  USER_OF_ENTERPRISE: () => import('../features/user/UnitUserPage.tsx'),
  SYSTEM_ROLE: () => import('../features/access/SystemRolePage.tsx'),
  SYSTEM_PERMISSION: () => import('../features/access/PermissionMatrixPage.tsx'),
  PERMISSION_MANAGE: () => import('../features/access/PermissionMatrixPage.tsx'),
  SYSTEM_ADMIN_ACCOUNT: () => import('../features/user/AdminAccountPage.tsx'),
  LOG_ACTION: () => import('../features/log/ActionLogPage.tsx'),
  LOG_ACCESS: () => import('../features/log/AccessLogPage.tsx'),
  REPORT_LIST: () => import('../features/report/ReportListPage.tsx'),
  SYSTEM_MAIL_OUTBOX: () => import('../features/system/MailOutboxPage.tsx'),
  SYSTEM_TWO_FACTOR: () => import('../features/system/TwoFactorPolicyPage.tsx'),
  SYSTEM_INTEGRATE: () => import('../features/integration/IntegrationPages.tsx').then((m) => ({ ...m, default: m.IntegratePage })),
  SYSTEM_INTEGRATE_DEFAULT: () => import('../features/integration/IntegrationPages.tsx').then((m) => ({ ...m, default: m.IntegrateDefaultPage })),
  USER_ROLE_SERVICE: () => import('../features/service-apps/AppRolePage.tsx'),
  USER_PROFILE_SERVICE: () => import('../features/service-apps/AppProfilePage.tsx'),
  USER_GROUP_SERVICE: () => import('../features/service-apps/AppUserGroupPage.tsx'),
  USER_APP_USER: () => import('../features/service-apps/AppUserPage.tsx'),
  AGENCY_MANAGE: () => import('../features/agency/AgencyManagePage.tsx'),
  AGENCY_ROLE: () => import('../features/agency/AgencyRolePage.tsx'),
  AGENCY_USER: () => import('../features/agency/AgencyUserPage.tsx'),
  AGENCY_UNIT: () => import('../features/agency/AgencyUnitPage.tsx'),
  PACKAGE_MANAGE: () => import('../features/package/ServicePackagePage.tsx'),
  PACKAGE_ENTERPRISE: () => import('../features/package/UnitPackagePage.tsx'),
  PACKAGE_UPGRADE_REQUEST: () => import('../features/package/UpgradeRequestPage.tsx'),
  PACKAGE_UPGRADE: () => import('../features/package/UpgradePage.tsx'),
  ENTERPRISE_ACCESS: () => import('../features/package/ManageAccessPage.tsx'),
  SERVICE_MANAGE: () => import('../features/service/ServiceManagePage.tsx'),
  // Grants: each a service user of the unit, taking a seat of the pack.
  SERVICE_PERMISSION_USER: () => import('../features/service-apps/AppUserPage.tsx'),
  SYSTEM_CONFIG: () => import('../features/settings/ConfigDataPage.tsx'),
  SYSTEM_CATEGORY: () => import('../features/settings/CategoryPage.tsx'),
  SYSTEM_BLACKLIST: () => import('../features/settings/BlacklistPages.tsx').then((m) => ({ ...m, default: m.BlacklistDomainPage })),
  SYSTEM_BLACKLIST_SUBDOMAIN: () => import('../features/settings/BlacklistPages.tsx').then((m) => ({ ...m, default: m.BlacklistSubdomainPage })),
  SYSTEM_EMAIL_TEMPLATE: () => import('../features/settings/EmailTemplatePage.tsx'),
  SYSTEM_EMAIL_CAMPAIGN: () => import('../features/messaging/EmailCampaignPage.tsx'),
  SYSTEM_SMS_TEMPLATE: () => import('../features/messaging/SmsTemplatePage.tsx'),
  SYSTEM_BLACKLIST_EXCEPTION: () => import('../features/settings/BlacklistPages.tsx').then((m) => ({ ...m, default: m.BlacklistExceptionPage })),
  WORK_SCREEN: () => import('../features/notification/WorkScreenPage.tsx'),
};

/**
 * Starts loading the screen at `route` without opening it: most screens are resource screens,
 * so this also brings antd's core and the resource screens' shared part.
 */
export function prefetchScreen(route: string): Promise<unknown> {
  const code = SCREEN_ROUTES.find((screen) => screen.route === route)?.code;
  return (code && SCREENS[code]?.()) ?? Promise.resolve();
}
