import type { PermissionName } from './permissions.ts';

/**
 * The menu catalogue (specification, sections 2 and 6): the sidebar's sections and the
 * screens under them, each with the permission that opens it. The server seeds it and
 * computes `/User/GetListMenus` from it; the SPA guards its routes with the same entries.
 */
/**
 * The SPA's route paths that code names, written once: the router mounts them, the menu
 * catalogue's entries and the screens' links and redirects read them from here, and the server
 * builds its addresses into the SPA (the sign-in page, the callback) from them. A menu screen
 * nobody links to keeps its path in its catalogue entry alone (`MENU_CATALOGUE`), which is
 * also written once. It lives beside the catalogue: one module, in the chunk
 * every screen, the sign-in included, already loads. Paths are relative to the SPA's base (`BASE_PATH`).
 */
export const ROUTES = {
  home: '/',
  signin: '/signin',
  signinCallback: '/signin-callback',
  privacyPolicy: '/privacy-policy-public',
  termsOfService: '/terms-of-service-public',
  dashboard: '/dashboard',
  /** Every signed-in user's app list (the header names it; not a menu screen). */
  listBaseApp: '/list-base-app',
  /** A notification's interaction, opened in its service's app. */
  workScreen: '/work-screen',
  /** The unit roles' permission matrix (the permission-manage entry of the unit's menu). */
  permissionManage: '/permission-manage',
  /** The system roles' permission matrix (`?roleId=` opens one role). */
  systemPermissions: '/system/permission-manage',
  /** A unit's users in the service apps (`?userId=` narrows to one). */
  appUser: '/user/app-user',
  upgrade: '/package/upgrade',
  upgradeRequests: '/package/upgrade-request',
} as const;

export interface MenuItem {
  /** Stable code; also the phrase key of the item's title. */
  code: string;
  route: string;
  permission: PermissionName;
}

export interface MenuSection {
  code: string;
  route: string;
  /** Icon name the SPA maps to an icon component. */
  icon: string;
  /** A section without items is a screen itself (the dashboard). */
  permission?: PermissionName;
  items: readonly MenuItem[];
}

export const MENU_CATALOGUE: readonly MenuSection[] = [
  {
    code: 'DASHBOARD',
    route: ROUTES.dashboard,
    icon: 'dashboard',
    permission: 'DASHBOARD_MANAGEMENT_ACCESS',
    items: [],
  },
  {
    code: 'ENTERPRISE',
    route: '/enterprise',
    icon: 'enterprise',
    items: [
      { code: 'ENTERPRISE_MANAGE', route: '/enterprise/enterprise-manage', permission: 'UNIT_ENTERPRISE_LIST' },
      { code: 'ENTERPRISE_ACCESS', route: '/enterprise/manage-access', permission: 'UNIT_ACCESSCHANNEL_LIST' },
      { code: 'ENTERPRISE_TEMPLATE', route: '/enterprise/template', permission: 'UNIT_TEMPLATE_LIST' },
    ],
  },
  {
    code: 'SERVICE',
    route: '/service',
    icon: 'service',
    items: [
      { code: 'SERVICE_MANAGE', route: '/service/service-manage', permission: 'SERVICE_MANAGER_LIST' },
      // Enterprise permissions (/service/permission-enterprise) are the units' access by
      // service: the same table as Enterprise → Access management, which has that view (see
      // MOVED_ROUTES). One table, one menu entry.
      { code: 'SERVICE_PERMISSION_USER', route: '/service/permission-user', permission: 'SERVICE_PERMISSIONUSER_LIST' },
    ],
  },
  {
    code: 'USER',
    route: '/user',
    icon: 'user',
    items: [
      { code: 'USER_ADMIN_UNIT', route: '/user/user-manage', permission: 'USER_ADMINUNIT_LIST' },
      { code: 'USER_OF_ENTERPRISE', route: '/user/user-of-enterprise', permission: 'USER_USERUNIT_LIST' },
      { code: 'USER_ROLE_SERVICE', route: '/user/role-service', permission: 'USER_ROLECHANNEL_LIST' },
      { code: 'USER_PROFILE_SERVICE', route: '/user/profile-service', permission: 'USER_PROFILECHANNEL_LIST' },
      { code: 'USER_GROUP_SERVICE', route: '/user/user-group-service', permission: 'USER_GROUPCHANNEL_LIST' },
    ],
  },
  {
    code: 'PACKAGE',
    route: '/package',
    icon: 'package',
    items: [
      { code: 'PACKAGE_MANAGE', route: '/package/package-manage', permission: 'PACKAGE_SERVICEPACKAGE_LIST' },
      { code: 'PACKAGE_ENTERPRISE', route: '/package/package-enterprise', permission: 'PACKAGE_UNITPACKAGE_LIST' },
      // Upgrade requests: platform staff follow them up, a unit's administrator sees their own.
      { code: 'PACKAGE_UPGRADE_REQUEST', route: ROUTES.upgradeRequests, permission: 'PACKAGE_UNITPACKAGE_LIST' },
    ],
  },
  {
    code: 'SYSTEM',
    route: '/system',
    icon: 'system',
    items: [
      { code: 'SYSTEM_ROLE', route: '/system/role-system', permission: 'SYSTEM_ROLEIAM_LIST' },
      { code: 'SYSTEM_PERMISSION', route: ROUTES.systemPermissions, permission: 'SYSTEM_PERMISSIONIAM_LIST' },
      { code: 'SYSTEM_CONFIG', route: '/system/config-data-manage', permission: 'SYSTEM_CONFIG_LIST' },
      { code: 'SYSTEM_CATEGORY', route: '/system/category', permission: 'SYSTEM_CATEGORY_LIST' },
      { code: 'SYSTEM_INTEGRATE', route: '/system/integrate', permission: 'SYSTEM_INTEGRATE_LIST' },
      { code: 'SYSTEM_INTEGRATE_DEFAULT', route: '/system/integrate-default', permission: 'SYSTEM_INTEGRATEDEFAULT_LIST' },
      { code: 'SYSTEM_BLACKLIST', route: '/system/blacklist', permission: 'SYSTEM_BLACKLIST_LIST' },
      {
        code: 'SYSTEM_BLACKLIST_SUBDOMAIN',
        route: '/system/blacklist-sub-domain',
        permission: 'SYSTEM_SUBDOMAINBLACKLIST_LIST',
      },
      {
        code: 'SYSTEM_BLACKLIST_EXCEPTION',
        route: '/system/blacklist-exception',
        permission: 'SYSTEM_BLACKLISTEXCEPTION_LIST',
      },
      { code: 'SYSTEM_ADMIN_ACCOUNT', route: '/system/admin-account', permission: 'SYSTEM_ADMINACCOUNT_LIST' },
      { code: 'SYSTEM_EMAIL_TEMPLATE', route: '/system/template-email', permission: 'SYSTEM_EMAILTEMPLATE_LIST' },
      { code: 'SYSTEM_EMAIL_CAMPAIGN', route: '/system/email-campaign', permission: 'SYSTEM_EMAILCAMPAIGN_LIST' },
      { code: 'SYSTEM_SMS_TEMPLATE', route: '/system/template-sms', permission: 'SYSTEM_SMSTEMPLATE_LIST' },
      { code: 'SYSTEM_TWO_FACTOR', route: '/system/two-factor', permission: 'SYSTEM_TWOFA_LIST' },
      { code: 'SYSTEM_MAIL_OUTBOX', route: '/system/mail-outbox', permission: 'SYSTEM_MAILOUTBOX_LIST' },
    ],
  },
  {
    code: 'LOG',
    route: '/log',
    icon: 'log',
    items: [
      { code: 'LOG_ACTION', route: '/log/action', permission: 'LOG_ACTION_LIST' },
      { code: 'LOG_ACCESS', route: '/log/access', permission: 'LOG_ACCESS_LIST' },
    ],
  },
  {
    code: 'REPORT',
    route: '/report',
    icon: 'report',
    items: [{ code: 'REPORT_LIST', route: '/report/list-report', permission: 'REPORT_LIST_ACCESS' }],
  },
  {
    code: 'AGENCY',
    route: '/agency-crm',
    icon: 'agency',
    items: [
      { code: 'AGENCY_MANAGE', route: '/agency-crm/agency-manage', permission: 'AGENCY_AGENCY_LIST' },
      { code: 'AGENCY_ROLE', route: '/agency-crm/agency-role', permission: 'AGENCY_ROLE_LIST' },
      { code: 'AGENCY_USER', route: '/agency-crm/agency-user', permission: 'AGENCY_USER_LIST' },
      { code: 'AGENCY_UNIT', route: '/agency-crm/agency-unit', permission: 'AGENCY_UNIT_LIST' },
    ],
  },
];

/**
 * Authenticated screens outside the sidebar, with what they need: a permission, or nothing
 * beyond a signed-in user.
 */
export const EXTRA_ROUTES: readonly { route: string; permission?: PermissionName }[] = [
  { route: ROUTES.permissionManage, permission: 'SYSTEM_PERMISSIONIAM_LIST' },
  { route: ROUTES.workScreen },
  /** A unit's users in the service apps, opened from the business-user list. */
  { route: ROUTES.appUser, permission: 'USER_USERUNIT_LIST' },
  /** The upgrade/register screen, opened by the Upgrade button and from the Package section. */
  { route: ROUTES.upgrade, permission: 'PACKAGE_UNITPACKAGE_LIST' },
];

/**
 * Routes of the specification whose table lives under another menu entry: the SPA sends
 * them there (with the view that shows it), so links and bookmarks to them keep working.
 */
export const MOVED_ROUTES: readonly { route: string; to: string }[] = [
  { route: '/service/permission-enterprise', to: '/enterprise/manage-access?view=service' },
];

/** The menu section a path belongs to (its first segment), if any. */
export function sectionOfPath(path: string): MenuSection | undefined {
  const first = `/${path.split('/').filter(Boolean)[0] ?? ''}`;
  return MENU_CATALOGUE.find((section) => section.route === first);
}
