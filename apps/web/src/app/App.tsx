import { useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { NOTIFICATION } from '@portal/contracts';
import { SessionExpiredModal } from '../auth/SessionExpiredModal.tsx';
import { bindNotifications } from '../shared/notify.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => bindNotifications(notification), [notification]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  useEffect(() => {
    dayjs.locale(english ? 'en' : 'vi');
  }, [english]);

  return (
    <ConfigProvider locale={english ? enUS : viVN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntApp notification={{ placement: 'bottomRight', duration: NOTIFICATION.durationSeconds }}>
        <NotificationBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <SessionExpiredModal />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
