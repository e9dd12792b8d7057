import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import { useTranslation } from 'react-i18next';

/**
 * antd's locale (following the portal's language) and App context (`App.useApp()`'s modals),
 * around whatever is built with antd. Loaded with the first such screen or popup, never with
 * the shell: see `with-antd.tsx`. Toasts are the portal's own (shared/notify.ts).
 */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : viVN}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
