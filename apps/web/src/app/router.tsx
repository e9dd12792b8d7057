import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { BASE_PATH, MOVED_ROUTES, ROUTES } from '@portal/contracts';
import { PublicOnly, RequireSession } from '../auth/guards.tsx';
import { hasSession, prepareSession } from '../auth/session.ts';
import { loadPhrases, type PhraseArea } from '../i18n/index.ts';
import { withAntd } from '../shared/with-antd.tsx';
import { SCREEN_ROUTES, SECTION_ROUTES, type MenuPhraseKey, type ScreenRoute } from './menu-model.ts';
import { SCREENS, type ScreenModule } from './screens.ts';

/** Where a sign-in and "home" lead; a user whose menu lacks it opens their menu's first screen. */
export const LANDING_ROUTE = ROUTES.dashboard;

/** Screens built without antd: their route does not wait for antd's providers. */
const WITHOUT_ANTD: ReadonlySet<MenuPhraseKey> = new Set(['DASHBOARD']);

function screenRoute({ route, code, permission }: ScreenRoute): RouteObject {
  const load = SCREENS[code];
  // Every route of the menu has its screen (menu-model.test.ts); a missing one fails as a lost chunk would.
  const loadModule = () => (load ? load() : Promise.reject(new Error(`no screen for ${code}`)));
  // The screen's own phrases load as soon as its code says which they are, before it renders.
  const loadScreen = () => loadModule().then(async (module) => (await loadPhrases(...(module.phrases ?? [])).catch(() => undefined), module.default));
  return {
    path: route,
    lazy: async () => {
      const [{ RequirePermission }, , Screen] = await Promise.all([
        import('./screen-route.ts').then((module) => (module.preloadFirstCalls(), module)),
        // Most screens are resource screens: their shared phrases come with the code.
        loadPhrases('resource').catch(() => undefined),
        WITHOUT_ANTD.has(code) ? loadScreen() : withAntd(loadScreen),
      ]);
      return {
        Component: () => (
          <RequirePermission permission={permission} landing={route === LANDING_ROUTE}>
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

/** A page built with antd: its providers load with it. */
const antdPage = (load: () => ScreenModule) => async () => ({ Component: await withAntd(() => load().then((module) => module.default)) });

/** A route whose code and phrases load together (instead of the phrases after the code has rendered). */
const withPhrases =
  (load: () => Promise<{ Component: ComponentType }>, ...areas: PhraseArea[]) =>
  async () =>
    (await Promise.all([load(), loadPhrases(...areas)]))[0];

/** The sign-in screens, plain React, without antd. */
const signinScreen = (load: () => ScreenModule, wrap?: (Screen: ComponentType) => ComponentType) => withPhrases(page(load, wrap), 'signin', 'validation');

/** The query cache and toasts of every page past the sign-in. */
const adminFrame = page(() => import('./AdminFrame.tsx'));
/** The signed-in frame: sidebar (menu titles), header (account, apps). */
const shell = withPhrases(page(() => import('./layout/Shell.tsx')), 'menu', 'account');

/** Starts loading the signed-in frame (e.g. while a sign-in completes), so it opens at once. */
function preloadSignedInFrame(): void {
  void Promise.all([adminFrame(), shell()]).catch(() => undefined);
}

/**
 * The signed-in part of the app, fetched only with a session: react-router loads the code of
 * every route an address matches at once, before `RequireSession` renders, so a visitor
 * without one would download the frame, the shell and the screen (with antd) only to be sent
 * to the sign-in screen. Without a session the routes stay empty (never rendered:
 * `RequireSession` redirects); signing in ends in a new page load (the callback), which
 * fetches them for real.
 */
function signedInOnly(route: RouteObject): RouteObject {
  const { lazy, children } = route;
  if (typeof lazy === 'function') route.lazy = () => (hasSession() ? lazy() : Promise.resolve({}));
  children?.forEach(signedInOnly);
  return route;
}

const routes: RouteObject[] = [
  {
    path: ROUTES.signin,
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
    path: ROUTES.signinCallback,
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
      { path: ROUTES.privacyPolicy, lazy: antdPage(() => import('../features/public/PrivacyPolicyPage.tsx')) },
      { path: ROUTES.termsOfService, lazy: antdPage(() => import('../features/public/TermsOfServicePage.tsx')) },
    ],
  },
  signedInOnly({
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
              ...MOVED_ROUTES.map(({ route, to }) => ({ path: route, element: <Navigate to={to} replace /> })),
              { path: ROUTES.listBaseApp, lazy: antdPage(() => import('../features/apps/ListBaseAppPage.tsx')) },
              { path: '*', lazy: antdPage(() => import('../features/errors/NotFoundPage.tsx')) },
            ],
          },
        ],
      },
    ],
  }),
];

export const router = createBrowserRouter(routes, { basename: BASE_PATH });
