import { Suspense, useEffect } from 'react';
import { Layout, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMenus, useProfile } from '../../api/queries.ts';
import { closeLiveConnection, openLiveConnection } from '../../auth/live-connection.ts';
import { markSessionExpired } from '../../auth/session-expired.ts';
import { SettingsFailed } from '../SettingsFailed.tsx';
import { appSettings } from '../settings.ts';
import { AppHeader } from './AppHeader.tsx';
import { Sidebar } from './Sidebar.tsx';
import '../styles.css';

/** The portal's frame: sidebar, header and the current screen; it waits for profile and menu. */
export default function Shell() {
  const { t } = useTranslation();
  const profile = useProfile();
  const menus = useMenus();
  const signedIn = profile.isSuccess;

  // The live connection lives as long as the signed-in frame; the session-expired flow closes it.
  useEffect(() => {
    if (!signedIn) return;
    openLiveConnection(appSettings().environment.realtimeUrl, { onSessionEnded: markSessionExpired });
    return closeLiveConnection;
  }, [signedIn]);

  if (profile.isPending || menus.isPending) {
    return (
      <div className="shell-loading">
        <Spin size="large" tip={t('loading')}>
          <div style={{ width: 160 }} />
        </Spin>
      </div>
    );
  }
  if (profile.isError || menus.isError) {
    return <SettingsFailed onRetry={() => void Promise.all([profile.refetch(), menus.refetch()])} />;
  }

  return (
    <Layout className="shell">
      <Sidebar menuDetails={menus.data.menuDetails} />
      <Layout>
        <AppHeader profile={profile.data} />
        <Layout.Content className="shell-content">
          {/* A screen opened for the first time may wait for its phrases: the frame stays meanwhile. */}
          <Suspense fallback={<Spin size="large" className="shell-screen-loading" />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
