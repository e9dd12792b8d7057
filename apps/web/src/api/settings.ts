import {
  BASE_PATH,
  ENVIRONMENT_KEYS,
  PORTAL_VERSION_KEYS,
  readStrings,
  STORAGE_KEYS,
  type Environment,
  type PortalVersion,
} from '@portal/contracts';

export interface AppSettings {
  environment: Environment;
  version: PortalVersion;
}

let loaded: AppSettings | undefined;
let markLoaded: (settings: AppSettings) => void = () => {};
const whenLoaded = new Promise<AppSettings>((resolve) => (markLoaded = resolve));

async function fetchJson(file: string): Promise<unknown> {
  const response = await fetch(`${BASE_PATH}/${file}`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response.json();
}

/**
 * Loads env.json (required: without it the SPA cannot reach its API or identity provider)
 * and version.json (optional), and keeps both under their storage keys.
 */
export async function loadAppSettings(): Promise<AppSettings> {
  const [environment, version] = await Promise.all([
    fetchJson('env.json').then((json) => readStrings(json, ENVIRONMENT_KEYS, 'env.json')),
    fetchJson('version.json')
      .then((json) => readStrings(json, PORTAL_VERSION_KEYS, 'version.json'))
      .catch(() => ({ version: 'dev', builtAt: '' })),
  ]);
  localStorage.setItem(STORAGE_KEYS.environment, JSON.stringify(environment));
  localStorage.setItem(STORAGE_KEYS.portalVersion, JSON.stringify(version));
  loaded = { environment, version };
  markLoaded(loaded);
  return loaded;
}

/** Resolves once the settings have loaded: for work that starts before them (the router's first routes). */
export function appSettingsLoaded(): Promise<AppSettings> {
  return whenLoaded;
}

export function appSettings(): AppSettings {
  if (!loaded) throw new Error('app settings are read before they were loaded');
  return loaded;
}
