import { lazy, Suspense, useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NOTIFICATION } from '@portal/contracts';
import { useSessionExpired } from '../auth/session-expired.ts';
import { bindNotifications } from '../shared/notify.ts';
import { queryClient } from './query-client.ts';

const loadSessionExpiredModal = () => import('../auth/SessionExpiredModal.tsx');
const SessionExpiredModal = lazy(() => loadSessionExpiredModal().then((module) => ({ default: module.SessionExpiredModal })));

function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => bindNotifications(notification), [notification]);
  return null;
}

/**
 * The frame of every page built with antd (the signed-in portal, the public documents): its
 * theme, locale, toasts, the session-expired modal and the query cache. A route of its own, so the sign-in
 * screens, which are plain React, never download antd.
 */
export default function AdminFrame() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  const expired = useSessionExpired();
  useEffect(() => {
    dayjs.locale(english ? 'en' : 'vi');
  }, [english]);
  // The modal is not part of any first screen, but it must open even when the server cannot be
  // reached any more: fetched once the browser is idle.
  useEffect(() => {
    // Safari has no requestIdleCallback: a timer does there.
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => void loadSessionExpiredModal(), 2000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => void loadSessionExpiredModal());
    return () => cancelIdleCallback(idle);
  }, []);

  return (
    <ConfigProvider locale={english ? enUS : viVN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntApp notification={{ placement: 'bottomRight', duration: NOTIFICATION.durationSeconds }}>
        <NotificationBridge />
        <QueryClientProvider client={queryClient}>
          <Outlet />
          {expired && (
            <Suspense fallback={null}>
              <SessionExpiredModal />
            </Suspense>
          )}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
