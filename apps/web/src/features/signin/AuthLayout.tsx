import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES, ROUTES } from '@portal/contracts';
import { changeLanguage, currentLanguage } from '../../i18n/index.ts';
import './signin.css';

/** Vietnamese or English, kept for the next visit; the sign-in's own, without antd's dropdown. */
function LanguageChoice() {
  const { t } = useTranslation();
  return (
    <select className="auth-language-select" aria-label={t('language.label')} value={currentLanguage()} onChange={(event) => void changeLanguage(LANGUAGES.find((language) => language === event.target.value) ?? currentLanguage())}>
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {t(`language.${language}`)}
        </option>
      ))}
    </select>
  );
}

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
          <LanguageChoice />
        </div>
        <div className="auth-card">{children}</div>
        <p className="auth-links">
          <Link to={ROUTES.privacyPolicy}>{t('privacyPolicy')}</Link>
          {' · '}
          <Link to={ROUTES.termsOfService}>{t('termsOfService')}</Link>
        </p>
      </main>
    </div>
  );
}
