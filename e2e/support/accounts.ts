/** Accounts the browser tests sign in with (the server under test is started with them). */
export const ADMIN = { username: 'admin', password: 'E2e#Admin2026' } as const;

/** A plain user of a demo unit (DEMO_DATA=1): dashboard only. */
export const UNIT_USER = { username: 'binh.minhphat', password: 'Demo@2026' } as const;

/** Every demo account's password. */
export const DEMO_PASSWORD = 'Demo@2026';

/**
 * A demo account of its own for each spec, so specs running in parallel never share one:
 * `<login>.<unit>`, e-mail `<login>@<unit>.example.com`.
 *
 * The seed has fifteen (admin, binh, chi, dung, giang in each of three units) and every one is
 * taken, so a few are shared, only by specs that sign in with them and change nothing of them that
 * another reads: each unit's admin; binh.minhphat (UNIT_USER); dung.minhphat (session.spec ends
 * its own tabs' sessions only, the dashboard's second browser signs in beside them). Whatever a
 * spec changes of an account (password, second factor, passkeys, lock, name) is of one it alone
 * uses; the default app it chooses (apps.spec, admin.hoanglong) leads only sign-ins asking for no
 * particular page, so that account's other sign-ins ask for one.
 */
export function demoAccount(login: 'admin' | 'binh' | 'chi' | 'dung' | 'giang', unit: 'minhphat' | 'saoviet' | 'hoanglong') {
  return { username: `${login}.${unit}`, password: DEMO_PASSWORD, email: `${login}@${unit}.example.com` };
}

/**
 * A demo agency's people (DEMO_DATA=1): its agent (every agency permission) and a sales user
 * (the agency's units, trial registrations). Only signed in with, never changed.
 */
export function demoAgencyAccount(login: 'agent' | 'sale', agency: 'anphu' | 'binhminh') {
  return { username: `${login}.${agency}`, password: DEMO_PASSWORD };
}
