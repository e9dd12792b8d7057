import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASE_PATH } from '@portal/contracts';
import { PublicOnly, RequireSession } from '../auth/guards.tsx';
import { prepareSession } from '../auth/session.ts';
import { loadPhrases, type PhraseArea } from '../i18n/index.ts';
import { SCREEN_ROUTES, SECTION_ROUTES, type MenuPhraseKey, type ScreenRoute } from './menu-model.ts';

type ScreenModule = Promise<{ default: ComponentType }>;

/** The screens built so far, by menu code; the others show an empty page titled with their entry. */
const SCREENS: Partial<Record<MenuPhraseKey, () => ScreenModule>> = {
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
  SYSTEM_INTEGRATE: () => import('../features/integration/IntegrationPages.tsx').then((m) => ({ default: m.IntegratePage })),
  SYSTEM_INTEGRATE_DEFAULT: () => import('../features/integration/IntegrationPages.tsx').then((m) => ({ default: m.IntegrateDefaultPage })),
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
  SERVICE_PERMISSION_ENTERPRISE: () => import('../features/package/PermissionEnterprisePage.tsx'),
  // Grants: each a service user of the unit, taking a seat of the pack.
  SERVICE_PERMISSION_USER: () => import('../features/service-apps/AppUserPage.tsx'),
  SYSTEM_CONFIG: () => import('../features/settings/ConfigDataPage.tsx'),
  SYSTEM_CATEGORY: () => import('../features/settings/CategoryPage.tsx'),
  SYSTEM_BLACKLIST: () => import('../features/settings/BlacklistPages.tsx').then((m) => ({ default: m.BlacklistDomainPage })),
  SYSTEM_BLACKLIST_SUBDOMAIN: () => import('../features/settings/BlacklistPages.tsx').then((m) => ({ default: m.BlacklistSubdomainPage })),
  SYSTEM_EMAIL_TEMPLATE: () => import('../features/settings/EmailTemplatePage.tsx'),
  SYSTEM_EMAIL_CAMPAIGN: () => import('../features/messaging/EmailCampaignPage.tsx'),
  SYSTEM_SMS_TEMPLATE: () => import('../features/messaging/SmsTemplatePage.tsx'),
  SYSTEM_BLACKLIST_EXCEPTION: () => import('../features/settings/BlacklistPages.tsx').then((m) => ({ default: m.BlacklistExceptionPage })),
  WORK_SCREEN: () => import('../features/notification/WorkScreenPage.tsx'),
};

function screenRoute({ route, code, permission }: ScreenRoute): RouteObject {
  const load = SCREENS[code];
  return {
    path: route,
    lazy: async () => {
      const [{ RequirePermission }, , Screen] = await Promise.all([
        import('../auth/RequirePermission.tsx'),
        // Most screens are resource screens: their shared phrases come with the code.
        loadPhrases('resource').catch(() => undefined),
        load ? load().then((module) => module.default) : import('../features/placeholder/EmptyScreen.tsx').then(({ EmptyScreen }) => () => <EmptyScreen code={code} />),
      ]);
      return {
        Component: () => (
          <RequirePermission permission={permission}>
            <Screen />
          </RequirePermission>
        ),
      };
    },
  };
}

function page(load: () => ScreenModule, wrap?: (Screen: ComponentType) => ComponentType): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const Screen = (await load()).default;
    return { Component: wrap ? wrap(Screen) : Screen };
  };
}

/** A route whose code and phrases load together (instead of the phrases after the code has rendered). */
const withPhrases =
  (load: () => Promise<{ Component: ComponentType }>, ...areas: PhraseArea[]) =>
  async () =>
    (await Promise.all([load(), loadPhrases(...areas)]))[0];

/** The sign-in screens, plain React, without antd. */
const signinScreen = (load: () => ScreenModule, wrap?: (Screen: ComponentType) => ComponentType) => withPhrases(page(load, wrap), 'signin', 'validation');

/** antd's theme, locale and toasts, for every page built with antd. */
const adminFrame = page(() => import('./AdminFrame.tsx'));
/** The signed-in frame: sidebar (menu titles), header (account, apps). */
const shell = withPhrases(page(() => import('./layout/Shell.tsx')), 'menu', 'account');

/** Starts loading the signed-in frame (e.g. while a sign-in completes), so it opens at once. */
function preloadSignedInFrame(): void {
  void Promise.all([adminFrame(), shell()]).catch(() => undefined);
}

const routes: RouteObject[] = [
  {
    path: '/signin',
    lazy: signinScreen(
      () => import('../features/signin/SigninPage.tsx'),
      (Screen) => () => (
        <PublicOnly>
          <Screen />
        </PublicOnly>
      ),
    ),
  },
  {
    path: '/signin-callback',
    lazy: () => {
      // The code exchange needs the OpenID Connect client and leads into the signed-in frame:
      // both start loading with the page, not after it.
      prepareSession();
      preloadSignedInFrame();
      return signinScreen(() => import('../features/signin/SigninCallbackPage.tsx'))();
    },
  },
  {
    lazy: adminFrame,
    children: [
      { path: '/privacy-policy-public', lazy: page(() => import('../features/public/PrivacyPolicyPage.tsx')) },
      { path: '/terms-of-service-public', lazy: page(() => import('../features/public/TermsOfServicePage.tsx')) },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: adminFrame,
        children: [
          {
            lazy: shell,
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./redirects.tsx')).HomeRedirect }) },
              ...SECTION_ROUTES.map((section) => ({
                path: section.route,
                lazy: async () => {
                  const { SectionRedirect } = await import('./redirects.tsx');
                  return { Component: () => <SectionRedirect section={section} /> };
                },
              })),
              ...SCREEN_ROUTES.map(screenRoute),
              { path: '/list-base-app', lazy: page(() => import('../features/apps/ListBaseAppPage.tsx')) },
              { path: '*', lazy: page(() => import('../features/errors/NotFoundPage.tsx')) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASE_PATH });
