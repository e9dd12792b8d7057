/**
 * The permission catalogue (specification, section 6). A permission is named
 * MODULE_FEATURE_ACTION; routes declare one, roles grant them, the menu shows what they allow.
 * `unit: true` marks features a unit's own roles may hold; `agency` lists the actions an
 * agency's roles may hold (`agentOnly`: only the agency's agent, not its agent users).
 * Everything else is platform-only: a unit's or an agency's user never holds it, whatever a
 * role says.
 */
export const ACTIONS = [
  'ADD',
  'VIEW',
  'EDIT',
  'UPDATE',
  'DELETE',
  'LIST',
  'UPDATESTATUS',
  'SEND',
  'ACCESS',
] as const;
export type Action = (typeof ACTIONS)[number];

interface FeatureDefinition {
  readonly actions: readonly Action[];
  readonly unit?: boolean;
  readonly agency?: readonly Action[];
  readonly agentOnly?: boolean;
}

const CRUD = ['LIST', 'VIEW', 'ADD', 'EDIT', 'DELETE', 'UPDATESTATUS'] as const;

export const PERMISSION_CATALOGUE = {
  DASHBOARD: {
    MANAGEMENT: { actions: ['ACCESS'], unit: true },
  },
  UNIT: {
    ENTERPRISE: { actions: [...CRUD, 'SEND'] },
    ACCESSCHANNEL: { actions: ['LIST', 'EDIT'], unit: true },
    TEMPLATE: { actions: ['LIST', 'UPDATE'] },
  },
  SERVICE: {
    MANAGER: { actions: CRUD },
    PERMISSIONENTERPRISE: { actions: ['LIST', 'EDIT'] },
    PERMISSIONUSER: { actions: ['LIST', 'EDIT'], unit: true },
  },
  USER: {
    ADMINUNIT: { actions: ['LIST', 'VIEW', 'EDIT'] },
    USERUNIT: { actions: CRUD, unit: true },
    ROLECHANNEL: { actions: CRUD, unit: true },
    PROFILECHANNEL: { actions: ['LIST', 'UPDATE'], unit: true },
    GROUPCHANNEL: { actions: ['LIST', 'UPDATE'], unit: true },
  },
  PACKAGE: {
    SERVICEPACKAGE: { actions: CRUD },
    UNITPACKAGE: { actions: ['LIST', 'UPDATE'], unit: true },
  },
  SYSTEM: {
    ROLEIAM: { actions: CRUD },
    PERMISSIONIAM: { actions: ['LIST', 'UPDATE'] },
    CONFIG: { actions: CRUD },
    CATEGORY: { actions: CRUD },
    INTEGRATE: { actions: CRUD },
    INTEGRATEDEFAULT: { actions: CRUD },
    BLACKLIST: { actions: CRUD },
    SUBDOMAINBLACKLIST: { actions: CRUD },
    BLACKLISTEXCEPTION: { actions: CRUD },
    ADMINACCOUNT: { actions: CRUD },
    EMAILTEMPLATE: { actions: CRUD },
    EMAILCAMPAIGN: { actions: [...CRUD, 'SEND'] },
    SMSTEMPLATE: { actions: CRUD },
    TWOFA: { actions: ['LIST', 'UPDATE'] },
    MAILOUTBOX: { actions: ['LIST'] },
  },
  LOG: {
    ACTION: { actions: ['LIST', 'VIEW'], unit: true },
    ACCESS: { actions: ['LIST'], unit: true },
  },
  REPORT: {
    LIST: { actions: ['ACCESS'], unit: true },
  },
  AGENCY: {
    // An agency reads its own record (and commission terms); only platform staff change it.
    AGENCY: { actions: CRUD, agency: ['LIST', 'VIEW'] },
    ROLE: { actions: CRUD, agency: CRUD, agentOnly: true },
    USER: { actions: CRUD, agency: CRUD, agentOnly: true },
    // The units an agency brought: seen, and registered as trials for customers; never changed inside.
    // EDIT: an agency corrects the trial units it registered (a customer's name, code, address).
    UNIT: { actions: ['LIST', 'VIEW', 'ADD', 'EDIT'], agency: ['LIST', 'VIEW', 'ADD', 'EDIT'] },
  },
} as const satisfies Record<string, Record<string, FeatureDefinition>>;

type Catalogue = typeof PERMISSION_CATALOGUE;
export type PermissionModule = keyof Catalogue;

/** Every permission name the catalogue defines, as a type. */
export type PermissionName = {
  [M in PermissionModule]: {
    [F in keyof Catalogue[M]]: Catalogue[M][F] extends { actions: readonly (infer A extends string)[] }
      ? `${M}_${F & string}_${A}`
      : never;
  }[keyof Catalogue[M]];
}[PermissionModule];

export interface PermissionEntry {
  name: PermissionName;
  module: string;
  feature: string;
  action: Action;
  /** May a unit's own role hold it? */
  unit: boolean;
  /** May an agency's role hold it? */
  agency: boolean;
  /** Held only by an agency's agent (its principal), not by its agent users. */
  agentOnly: boolean;
}

/** The catalogue as a flat list, in catalogue order. */
export const PERMISSIONS: readonly PermissionEntry[] = Object.entries(PERMISSION_CATALOGUE).flatMap(
  ([module, features]) =>
    Object.entries(features as Record<string, FeatureDefinition>).flatMap(([feature, definition]) =>
      definition.actions.map((action) => ({
        name: `${module}_${feature}_${action}` as PermissionName,
        module,
        feature,
        action,
        unit: definition.unit === true,
        agency: definition.agency?.includes(action) ?? false,
        agentOnly: definition.agentOnly === true,
      })),
    ),
);

export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSIONS.map((p) => p.name);

/** What a unit administrator (ADMINENTERPRISE) holds: every unit-level permission. */
export const UNIT_ADMIN_PERMISSIONS: readonly PermissionName[] = PERMISSIONS.filter((p) => p.unit).map(
  (p) => p.name,
);

/** What a plain unit user holds by default. */
export const UNIT_USER_PERMISSIONS: readonly PermissionName[] = ['DASHBOARD_MANAGEMENT_ACCESS'];

const unitLevel = new Set<string>(UNIT_ADMIN_PERMISSIONS);

export function isUnitLevelPermission(name: string): boolean {
  return unitLevel.has(name);
}

/** What an agency's roles may hold (the permission matrix of an agency role offers these). */
export const AGENCY_PERMISSIONS: readonly PermissionName[] = PERMISSIONS.filter((p) => p.agency).map((p) => p.name);

const agencyLevel = new Set<string>(AGENCY_PERMISSIONS);
const agentOnly = new Set<string>(PERMISSIONS.filter((p) => p.agentOnly).map((p) => p.name));

export function isAgencyLevelPermission(name: string): boolean {
  return agencyLevel.has(name);
}

/** Does an agency user of this kind (agent or agent user) hold `name` when a role grants it? */
export function agencyUserMayHold(name: string, isAgent: boolean): boolean {
  return agencyLevel.has(name) && (isAgent || !agentOnly.has(name));
}

export function isPermissionName(name: string): name is PermissionName {
  return (PERMISSION_NAMES as readonly string[]).includes(name);
}

/** Built-in roles seeded on first start. */
export const BUILT_IN_ROLES = {
  superAdmin: 'SUPER_ADMIN',
  unitAdmin: 'ADMINENTERPRISE',
  unitUser: 'USERUNIT',
} as const;
