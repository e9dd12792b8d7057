export * from './units.ts';
export * from './users.ts';
export * from './access.ts';
export * from './catalog.ts';
export * from './activity.ts';
export * from './oidc.ts';
export * from './system.ts';
export * from './mail.ts';
