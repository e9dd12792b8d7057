/** Accounts the browser tests sign in with (the server under test is started with them). */
export const ADMIN = { username: 'admin', password: 'E2e#Admin2026' } as const;

/** A plain user of a demo unit (DEMO_DATA=1): dashboard only. */
export const UNIT_USER = { username: 'binh.minhphat', password: 'Demo@2026' } as const;

/** Every demo account's password. */
export const DEMO_PASSWORD = 'Demo@2026';

/**
 * A demo account of its own for each spec, so specs running in parallel never share one:
 * `<login>.<unit>`, e-mail `<login>@<unit>.example.com`.
 */
export function demoAccount(login: 'admin' | 'binh' | 'chi' | 'dung' | 'giang', unit: 'minhphat' | 'saoviet' | 'hoanglong') {
  return { username: `${login}.${unit}`, password: DEMO_PASSWORD, email: `${login}@${unit}.example.com` };
}
