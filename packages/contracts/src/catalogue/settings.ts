import { LOCKOUT, ONE_TIME_CODE, PASSWORD_RESET, PORTAL_NAME } from '../constants.ts';
import { EMAIL_PATTERN, URL_PATTERN } from '../schemas/text-rules.ts';

/** The types a setting's value may have; the value is stored as text and checked against it. */
export const SETTING_VALUE_TYPES = ['text', 'number', 'boolean', 'email', 'url'] as const;
export type SettingValueType = (typeof SETTING_VALUE_TYPES)[number];

interface SettingDefinition {
  type: SettingValueType;
  /** The default value (text); empty means "not set", and the portal falls back as described. */
  default: string;
  min?: number;
  max?: number;
  description: string;
}

/**
 * The settings the portal itself reads (System → configuration). Their keys cannot be renamed
 * or deleted and their values are checked against their type and bounds; a change takes effect
 * on every instance at the next read. The specification leaves these values open; where it
 * fixes one (the 30-minute lock) it stays a constant.
 */
export const SYSTEM_SETTINGS = {
  /** Where upgrade requests and customer-care mail go; empty: the platform administrator's address (PORTAL_ADMIN_EMAIL). */
  CUSTOMER_CARE_EMAIL: { type: 'email', default: '', description: 'Địa chỉ email chăm sóc khách hàng / Customer care e-mail address' },
  MAIL_SENDER_NAME: { type: 'text', default: PORTAL_NAME, description: 'Tên người gửi thư / Sender name of the portal’s mail' },
  LOCKOUT_MAX_FAILED_ATTEMPTS: {
    type: 'number',
    default: String(LOCKOUT.maxFailedAttempts),
    min: 3,
    max: 20,
    description: 'Số lần sai mật khẩu trước khi khóa 30 phút / Wrong passwords before the 30-minute lock',
  },
  ONE_TIME_CODE_TTL_MINUTES: {
    type: 'number',
    default: String(ONE_TIME_CODE.ttlMinutes),
    min: 1,
    max: 60,
    description: 'Thời hạn mã xác thực (phút) / Lifetime of e-mailed codes (minutes)',
  },
  PASSWORD_RESET_LINK_TTL_MINUTES: {
    type: 'number',
    default: String(PASSWORD_RESET.linkTtlMinutes),
    min: 5,
    max: 1440,
    description: 'Thời hạn liên kết đặt lại mật khẩu (phút) / Lifetime of password-reset links (minutes)',
  },
} as const satisfies Record<string, SettingDefinition>;
export type SystemSettingKey = keyof typeof SYSTEM_SETTINGS;

export function isSystemSettingKey(key: string): key is SystemSettingKey {
  return Object.hasOwn(SYSTEM_SETTINGS, key.toUpperCase()) && key === key.toUpperCase();
}

/**
 * Why `value` is not a valid value of a setting of `type` (and of the portal's own `key`),
 * as a field message key, or undefined when it is. Empty is allowed: "not set".
 */
export function settingValueProblem(key: string, type: SettingValueType, value: string): 'invalid' | 'email_invalid' | 'url_invalid' | 'digits_only' | undefined {
  const own = isSystemSettingKey(key) ? (SYSTEM_SETTINGS[key] as SettingDefinition) : undefined;
  if (own && own.type !== type) return 'invalid';
  if (value === '') return own && own.type === 'number' ? 'invalid' : undefined;
  switch (type) {
    case 'number': {
      if (!/^-?\d+(\.\d+)?$/.test(value)) return 'digits_only';
      const n = Number(value);
      if (own?.min !== undefined && n < own.min) return 'invalid';
      if (own?.max !== undefined && n > own.max) return 'invalid';
      return undefined;
    }
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : 'invalid';
    case 'email':
      return EMAIL_PATTERN.test(value) ? undefined : 'email_invalid';
    case 'url':
      return URL_PATTERN.test(value) ? undefined : 'url_invalid';
    default:
      return undefined;
  }
}
