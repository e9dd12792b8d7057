import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@portal/contracts';
import type access from './vi/access.ts';
import type agency from './vi/agency.ts';
import type account from './vi/account.ts';
import type common from './vi/common.ts';
import type commerce from './vi/commerce.ts';
import type dashboard from './vi/dashboard.ts';
import type legal from './vi/legal.ts';
import type log from './vi/log.ts';
import type menu from './vi/menu.ts';
import type messaging from './vi/messaging.ts';
import type notification from './vi/notification.ts';
import type report from './vi/report.ts';
import type resource from './vi/resource.ts';
import type serviceApps from './vi/serviceApps.ts';
import type settings from './vi/settings.ts';
import type passkeys from './vi/passkeys.ts';
import type signin from './vi/signin.ts';
import type system from './vi/system.ts';
import type unit from './vi/unit.ts';
import type user from './vi/user.ts';
import type validation from './vi/validation.ts';

/**
 * The phrase areas (namespaces), typed by their Vietnamese source. A new area is a file in
 * `vi/` and `en/` plus a line here; nothing registers the files themselves: each is a chunk of
 * its own, downloaded the first time a screen asks for its area (`useTranslation('unit')`
 * suspends until then), in the current language only.
 */
export interface PhraseAreas {
  access: typeof access;
  agency: typeof agency;
  account: typeof account;
  common: typeof common;
  commerce: typeof commerce;
  dashboard: typeof dashboard;
  legal: typeof legal;
  log: typeof log;
  menu: typeof menu;
  messaging: typeof messaging;
  notification: typeof notification;
  passkeys: typeof passkeys;
  report: typeof report;
  resource: typeof resource;
  serviceApps: typeof serviceApps;
  settings: typeof settings;
  signin: typeof signin;
  system: typeof system;
  unit: typeof unit;
  user: typeof user;
  validation: typeof validation;
}
export type PhraseArea = keyof PhraseAreas;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: PhraseAreas;
  }
}

/** Every phrase file, by path (`./vi/unit.ts`), each loaded on demand. */
const phraseFiles = import.meta.glob<{ default: object }>(['./vi/*.ts', './en/*.ts']);

const phraseBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, area, done) {
    const load = phraseFiles[`./${language}/${area}.ts`];
    if (!load) {
      done(new Error(`no phrases for ${language}/${area}`), false);
      return;
    }
    load().then(
      (file) => done(null, file.default as never),
      (error: unknown) => done(error as Error, false),
    );
  },
};

export function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'vi';
}

let started: Promise<unknown> | undefined;

/**
 * Starts i18next once, with the common phrases of the stored language, at the first of
 * `initI18n` or `loadPhrases`. The router, created as the app's modules load, asks for its first
 * routes' phrases at once: i18next must have started by then, or it answers `loadNamespaces` at
 * once, loading nothing, and the areas are fetched one by one as each component suspends
 * (issue 25: the slow list reload).
 */
function start(): Promise<unknown> {
  started ??= i18next
    .use(phraseBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      // Every language has every phrase (typed against the Vietnamese source): no second language to load.
      fallbackLng: false,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return started;
}

/** Resolves once the common phrases are there; other areas follow as screens ask. */
export async function initI18n(): Promise<void> {
  await start();
  document.documentElement.lang = i18next.language;
}

/** Loads the phrases of these areas now (a route about to render them). */
export async function loadPhrases(...areas: PhraseArea[]): Promise<void> {
  await start();
  await i18next.loadNamespaces(areas);
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
