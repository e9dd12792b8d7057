/** Business constants named once (specification, section 9). */

/** The SPA's base path; every public URL of the portal's front end starts with it. */
export const BASE_PATH = '/sso-fe';

/**
 * The product's name where software outside the portal shows it: the issuer an authenticator
 * app lists beside the account, the relying party a passkey dialog names, the provider's own
 * client, the sender of its mail by default.
 */
export const PORTAL_NAME = 'SSO Portal';

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

export const SESSION = {
  /** oidc-client-ts raises "access token expiring" this many seconds before expiry. */
  renewalWarningSeconds: 180,
  /** A failed silent renewal is retried once after this delay. */
  silentRenewRetryMs: 1000,
  /** After the session-expired modal opens, the live connection closes after this delay. */
  closeLiveConnectionAfterMs: 500,
  /** Lifetime of API access tokens issued by the portal's provider. */
  accessTokenTtlSeconds: 15 * 60,
} as const;

export const VERIFICATION = {
  codeLength: 6,
  /** Resend countdown of the change-password dialog opened from the account menu. */
  resendCountdownAccountMenuSeconds: 300,
  resendCountdownDefaultSeconds: 60,
} as const;

export const LIMITS = {
  nameMax: 70,
  phoneMax: 15,
  descriptionMax: 150,
  passwordMin: 8,
  passwordMax: 255,
  /** The number formatter rejects input longer than this. */
  numberInputMax: 10000,
} as const;

export const LOCKOUT = {
  maxFailedAttempts: 5,
  lockMinutes: 30,
  /** A second forgot-password request within this window is refused (code 14). */
  resetRequestWaitMinutes: 10,
} as const;

export const NOTIFICATION = {
  durationSeconds: 2,
  clearedAfterMs: 2100,
} as const;

/**
 * What service apps push to their users (PullMessage): how many the header's bell lists (the
 * newest), and the query parameter carrying an interaction id into the app — /work-screen opens
 * the app's link with it, and the app shows that interaction once its sign-in is done.
 */
export const PUSHED_NOTIFICATIONS = { latest: 20, interactionParam: 'interaction_id' } as const;

/** User-count bands offered for "number of employees" and pack pricing. */
export const USER_COUNT_BANDS = ['1', '2-20', '21-100', '101-500', '501-1000'] as const;
export type UserCountBand = (typeof USER_COUNT_BANDS)[number];

export const PACK_LEVELS = ['Premium', 'Plus', 'Essentials', 'Trial', 'Free'] as const;
export type PackLevel = (typeof PACK_LEVELS)[number];

/** When two-factor verification recurs, in days (2 months = 60, …, 1 year = 365). */
export const TWO_FA_RECURRENCE_DAYS = [1, 7, 30, 60, 90, 180, 365] as const;

export const USER_STATUS = { active: 1, lock: 5 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

/** Generic status of catalogue entities (services, roles, packages …). */
export const STATUS = { active: 1, inactive: 0 } as const;

export const TWO_FA_STATUS = { enabled: 1, disabled: 5 } as const;

/** Keys under which the SPA keeps its state in localStorage. */
export const STORAGE_KEYS = {
  accessToken: 'sso.access_token',
  idToken: 'sso.id_token',
  identitySettings: 'sso.identity_settings',
  environment: 'sso.environment',
  portalVersion: 'sso.portal_version',
  language: 'sso.language',
  sidebarCollapsed: 'sso.sidebar_collapsed',
  /** In sessionStorage: the first list each address showed (the web's `rememberFirstList`), forgotten with the tokens. */
  firstLists: 'sso.first_lists',
} as const;

/** Excel export layout (section 9). */
export const EXPORT_SHEET = { name: 'Report', narrowColumnWidth: 20, wideColumnWidth: 40 } as const;

/** Action-log object categories, actions and results (section 3). */
export const LOG_OBJECT = {
  unit: 1,
  serviceInUnit: 5,
  user: 10,
  role: 15,
  userByUnit: 20,
  servicePackage: 25,
  systemPermission: 30,
  servicePermission: 35,
  systemConfig: 40,
  blacklist: 45,
  unitServicePackage: 50,
  // Agency CRM (issue 11): a block of its own, so the specification's series can grow.
  agency: 100,
  agencyRole: 105,
  agencyUser: 110,
  // The suite's services themselves (issue 7): the specification's list names none for them.
  service: 120,
  // Messaging (issue 25): templates and campaigns are filed under their own names, not as
  // "system configuration".
  emailTemplate: 125,
  emailCampaign: 130,
  smsTemplate: 135,
  // Passkeys and authenticator apps (issue 26): every ceremony and change.
  passkey: 140,
  authenticatorApp: 145,
  /** The platform's default and each unit's two-factor policy (issue 26). */
  twoFactorPolicy: 150,
} as const;

export const LOG_ACTION = {
  add: 1,
  edit: 5,
  delete: 10,
  changeStatus: 15,
  sync: 20,
  register: 25,
  confirm: 30,
  // A sign-in ceremony (a passkey's, issue 26): not a change, but the log keeps every ceremony.
  signIn: 35,
} as const;

export const LOG_RESULT = { success: 1, failure: 0 } as const;

/** How one-time codes behave (sign-up OTP, two-factor, change password, policy changes). */
export const ONE_TIME_CODE = {
  ttlMinutes: 10,
  /** Wrong tries allowed on one code; after that it is burned and a new one must be sent. */
  maxAttempts: 5,
  /** Codes sent for one request (the first and the resends). */
  maxSends: 5,
} as const;

/** A forgot-password link stays valid this long. */
export const PASSWORD_RESET = { linkTtlMinutes: 30 } as const;

/** Trial length of a unit created by sign-up when no Trial pack says otherwise. */
export const TRIAL = { defaultDays: 30 } as const;

/** Recovery codes issued when two-factor is turned on or the codes are regenerated. */
export const RECOVERY_CODES = { count: 10 } as const;

/** When a two-factor policy asks for the code at sign-in (section 4). */
export const TWO_FA_TRIGGERS = ['first_login', 'new_device', 'recurring'] as const;
export type TwoFaTrigger = (typeof TWO_FA_TRIGGERS)[number];

/** Dashboards and reports: the calendar their days follow, and the longest period asked at once. */
export const ACTIVITY = {
  timeZone: 'Asia/Ho_Chi_Minh',
  /** The zone's offset: Vietnam keeps no daylight-saving time. */
  utcOffset: '+07:00',
  maxPeriodDays: 366,
} as const;
