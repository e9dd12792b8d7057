// The two files the SPA reads before anything else are checked without zod, so the sign-in
// screen does not download it.

/** `/sso-fe/env.json`: where the SPA finds its API, identity provider and live connection. */
export const ENVIRONMENT_KEYS = ['apiEndpoint', 'authority', 'realtimeUrl', 'clientId', 'clientRoot', 'clientScope', 'apiRoot', 'imageRoot', 'logoutUrl'] as const;
export type Environment = Record<(typeof ENVIRONMENT_KEYS)[number], string>;

/** `/sso-fe/version.json`, written at build time. */
export const PORTAL_VERSION_KEYS = ['version', 'builtAt'] as const;
export type PortalVersion = Record<(typeof PORTAL_VERSION_KEYS)[number], string>;

/** `json` when it holds a string under each of `keys` (the others are dropped); throws naming the first missing. */
export function readStrings<K extends string>(json: unknown, keys: readonly K[], file: string): Record<K, string> {
  const source = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const entries = keys.map((key) => {
    const value = source[key];
    if (typeof value !== 'string') throw new Error(`${file}: ${key} must be a string`);
    return [key, value] as const;
  });
  return Object.fromEntries(entries) as Record<K, string>;
}
