/** Accounts the browser tests sign in with (the server under test is started with them). */
export const ADMIN = { username: 'admin', password: 'E2e#Admin2026' } as const;

/** A plain user of a demo unit (DEMO_DATA=1): dashboard only. */
export const UNIT_USER = { username: 'binh.minhphat', password: 'Demo@2026' } as const;
