import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../app/layout/LanguageSwitcher.tsx';
import './auth.css';

/** The frame of the sign-in screens: the brand on one side, the form on the other. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('signin');
  return (
    <div className="auth">
      <aside className="auth-brand">
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={48} height={48} />
        <h2>{t('brandTitle')}</h2>
        <p>{t('brandText')}</p>
      </aside>
      <main className="auth-main">
        <div className="auth-language">
          <LanguageSwitcher />
        </div>
        <div className="auth-card">{children}</div>
        <Typography.Text type="secondary" className="auth-links">
          <Link to="/privacy-policy-public">{t('privacyPolicy')}</Link>
          {' · '}
          <Link to="/terms-of-service-public">{t('termsOfService')}</Link>
        </Typography.Text>
      </main>
    </div>
  );
}
