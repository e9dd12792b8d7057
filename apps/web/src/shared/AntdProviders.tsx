import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import { useTranslation } from 'react-i18next';
import { PORTAL_THEME } from './theme.ts';

/**
 * antd's and dayjs's locale (following the portal's language) and antd's App context
 * (`App.useApp()`'s modals), around whatever is built with antd. Loaded with the first such
 * screen or popup, never with the shell: see `with-antd.tsx`. Toasts are the portal's own
 * (shared/notify.ts).
 */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  // dayjs's global locale (the pickers' month and weekday names) follows the language. Set while
  // rendering, idempotently, so that the screen's first render already has it.
  dayjs.locale(english ? 'en' : 'vi');
  return (
    <ConfigProvider locale={english ? enUS : viVN} theme={PORTAL_THEME}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
