import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useMenus, useProfile } from '../../api/queries.ts';
import { closeLiveConnection, openLiveConnection } from '../../auth/live-connection.ts';
import { markSessionExpired } from '../../auth/session-expired.ts';
import { PHONE_QUERY, useMediaQuery } from '../../shared/ui/use-media-query.ts';
import { useWhenIdle } from '../../shared/use-when-idle.ts';
import { PageLoading } from '../PageLoading.tsx';
import { SettingsFailed } from '../SettingsFailed.tsx';
import { appSettings } from '../../api/settings.ts';
import { prefetchScreen } from '../screens.ts';
import { loadAntdProviders } from '../../shared/with-antd.tsx';
import { AppHeader } from './AppHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SidebarToggle } from './SidebarToggle.tsx';
import '../../shared/ui/button.css';
import '../styles.css';

/** The portal's frame: sidebar, header and the current screen; it waits for profile and menu. */
export default function Shell() {
  const { t } = useTranslation();
  const profile = useProfile();
  const menus = useMenus();
  const signedIn = profile.isSuccess;
  const phone = useMediaQuery(PHONE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // The drawer closes when the screen changes (a link chosen in it, the browser's back button).
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setDrawerOpen(false);
  }

  // The live connection lives as long as the signed-in frame; the session-expired flow closes it.
  useEffect(() => {
    if (!signedIn) return;
    openLiveConnection(appSettings().environment.realtimeUrl, { onSessionEnded: markSessionExpired });
    return closeLiveConnection;
  }, [signedIn]);
  // The shell and the dashboard carry no antd; the next screen (most are resource screens) needs
  // antd's core and the resource screens' shared part: fetched, with the first screen of the
  // menu's sections, once the first screen stands and the browser is idle.
  const nextScreen = menus.data?.menuDetails.flatMap((detail) => detail.children.map((child) => child.route))[0];
  const prefetchNextScreen = useCallback(() => {
    void Promise.all([loadAntdProviders(), nextScreen && prefetchScreen(nextScreen)]).catch(() => undefined);
  }, [nextScreen]);
  useWhenIdle(prefetchNextScreen, signedIn && menus.isSuccess);

  if (profile.isPending || menus.isPending) return <PageLoading label={t('loading')} />;
  if (profile.isError || menus.isError) {
    return <SettingsFailed onRetry={() => void Promise.all([profile.refetch(), menus.refetch()])} />;
  }

  return (
    <div className="shell">
      <Sidebar menuDetails={menus.data.menuDetails} drawer={phone ? { open: drawerOpen, onClose: closeDrawer } : undefined} />
      {phone && drawerOpen && <div className="sider-backdrop" aria-hidden onClick={closeDrawer} />}
      <div className="shell-main">
        <AppHeader profile={profile.data} menuToggle={phone && <SidebarToggle open={drawerOpen} onToggle={() => setDrawerOpen(!drawerOpen)} />} />
        <main className="shell-content">
          {/* A screen opened for the first time may wait for its phrases: the frame stays meanwhile. */}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
