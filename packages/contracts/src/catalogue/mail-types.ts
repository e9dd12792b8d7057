/**
 * The mail the portal sends, one system template type each (System → e-mail templates): the
 * variables a template of the type may use, as `{{name}}`. Every mail is rendered from the
 * type's template in the recipient's language.
 */
export const EMAIL_TEMPLATE_TYPES = {
  signUpCode: { name: { vi: 'Mã xác thực đăng ký', en: 'Sign-up code' }, variables: ['code', 'minutes'] },
  twoFactorCode: { name: { vi: 'Mã xác thực hai lớp khi đăng nhập', en: 'Two-factor code at sign-in' }, variables: ['code', 'minutes'] },
  twoFactorSetupCode: { name: { vi: 'Mã bật xác thực hai lớp', en: 'Code to turn on two-factor' }, variables: ['code', 'minutes'] },
  twoFactorPolicyCode: { name: { vi: 'Mã đổi chính sách xác thực hai lớp', en: 'Code to change the two-factor policy' }, variables: ['code', 'minutes'] },
  changePasswordCode: { name: { vi: 'Mã đổi mật khẩu', en: 'Change-password code' }, variables: ['code', 'minutes'] },
  passwordResetLink: { name: { vi: 'Liên kết đặt lại mật khẩu', en: 'Password reset link' }, variables: ['username', 'link', 'minutes'] },
  passwordChanged: { name: { vi: 'Thông báo đổi mật khẩu', en: 'Password changed notice' }, variables: ['username', 'signinUrl'] },
  newPassword: { name: { vi: 'Mật khẩu mới', en: 'New password' }, variables: ['username', 'password', 'signinUrl'] },
  accountCreated: { name: { vi: 'Tài khoản mới', en: 'New account' }, variables: ['username', 'password', 'unitName', 'signinUrl'] },
  elearningAccount: { name: { vi: 'Tài khoản học trực tuyến', en: 'Learning account' }, variables: ['unitName', 'username', 'elearningUrl'] },
  trialStarted: { name: { vi: 'Chào mừng dùng thử', en: 'Trial welcome' }, variables: ['username', 'unitName', 'days', 'signinUrl'] },
  secondFactorsReset: { name: { vi: 'Thông báo đặt lại khóa truy cập / ứng dụng xác thực', en: 'Passkeys / authenticator app reset notice' }, variables: ['username', 'factors', 'signinUrl'] },
  upgradeRequested: { name: { vi: 'Yêu cầu nâng cấp gói dịch vụ', en: 'Upgrade request' }, variables: ['unitName', 'requesterName', 'packageName', 'serviceName', 'note', 'requestsUrl'] },
} as const satisfies Record<string, { name: { vi: string; en: string }; variables: readonly string[] }>;

export type EmailTemplateType = keyof typeof EMAIL_TEMPLATE_TYPES;
export const EMAIL_TEMPLATE_TYPE_NAMES = Object.keys(EMAIL_TEMPLATE_TYPES) as [EmailTemplateType, ...EmailTemplateType[]];
/** The values a mail of type `T` is rendered with. */
export type EmailTemplateVariables<T extends EmailTemplateType> = Record<(typeof EMAIL_TEMPLATE_TYPES)[T]['variables'][number], string | number>;

/** A `{{ name }}` placeholder. */
export const TEMPLATE_VARIABLE_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The variables a text uses that `allowed` does not offer. */
export function unknownVariables(text: string, allowed: readonly string[]): string[] {
  return [...text.matchAll(TEMPLATE_VARIABLE_PATTERN)].map((match) => match[1]!).filter((name) => !allowed.includes(name));
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Is every element of the markup closed, in order? (void elements need no end tag) */
export function isBalancedMarkup(html: string): boolean {
  const open: string[] = [];
  for (const match of html.matchAll(/<(\/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*?(\/?)>/g)) {
    const [, closing, rawName, selfClosing] = match;
    const name = rawName!.toLowerCase();
    if (VOID_ELEMENTS.has(name) || selfClosing) continue;
    if (!closing) open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}
