import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@portal/contracts';
import enAccess from './en/access.ts';
import enAgency from './en/agency.ts';
import enAccount from './en/account.ts';
import enCommon from './en/common.ts';
import enDashboard from './en/dashboard.ts';
import enLegal from './en/legal.ts';
import enLog from './en/log.ts';
import enMenu from './en/menu.ts';
import enResource from './en/resource.ts';
import enServiceApps from './en/serviceApps.ts';
import enCommerce from './en/commerce.ts';
import enSettings from './en/settings.ts';
import enSignin from './en/signin.ts';
import enSystem from './en/system.ts';
import enUnit from './en/unit.ts';
import enUser from './en/user.ts';
import enValidation from './en/validation.ts';
import viAccess from './vi/access.ts';
import viAgency from './vi/agency.ts';
import viAccount from './vi/account.ts';
import viCommon from './vi/common.ts';
import viDashboard from './vi/dashboard.ts';
import viLegal from './vi/legal.ts';
import viLog from './vi/log.ts';
import viMenu from './vi/menu.ts';
import viResource from './vi/resource.ts';
import viServiceApps from './vi/serviceApps.ts';
import viCommerce from './vi/commerce.ts';
import viSettings from './vi/settings.ts';
import viSignin from './vi/signin.ts';
import viSystem from './vi/system.ts';
import viUnit from './vi/unit.ts';
import viUser from './vi/user.ts';
import viValidation from './vi/validation.ts';

export const resources = {
  vi: { access: viAccess, commerce: viCommerce, agency: viAgency, account: viAccount, common: viCommon, dashboard: viDashboard, legal: viLegal, log: viLog, menu: viMenu, resource: viResource, serviceApps: viServiceApps, settings: viSettings, signin: viSignin, system: viSystem, unit: viUnit, user: viUser, validation: viValidation },
  en: { access: enAccess, commerce: enCommerce, agency: enAgency, account: enAccount, common: enCommon, dashboard: enDashboard, legal: enLegal, log: enLog, menu: enMenu, resource: enResource, serviceApps: enServiceApps, settings: enSettings, signin: enSignin, system: enSystem, unit: enUnit, user: enUser, validation: enValidation },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['vi'];
  }
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'vi';
}

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18next.language;
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
