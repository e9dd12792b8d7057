import type { Language } from '@portal/contracts';

/**
 * The portal's own messages, in the recipient's language. Each template answers the subject
 * and a plain-text body; the HTML body is the same text in a simple frame.
 */
interface Rendered {
  subject: string;
  text: string;
}

type Template<P> = Record<Language, (params: P) => Rendered>;

const verificationCode: Template<{ code: string; minutes: number; purpose: { vi: string; en: string } }> = {
  vi: ({ code, minutes, purpose }) => ({
    subject: `Mã xác thực: ${code}`,
    text: `Mã xác thực để ${purpose.vi} của bạn là ${code}.\nMã có hiệu lực trong ${minutes} phút và chỉ dùng được một lần.\nNếu bạn không yêu cầu mã này, hãy bỏ qua email này.`,
  }),
  en: ({ code, minutes, purpose }) => ({
    subject: `Verification code: ${code}`,
    text: `Your verification code to ${purpose.en} is ${code}.\nIt is valid for ${minutes} minutes and can be used once.\nIf you did not ask for it, ignore this e-mail.`,
  }),
};

const newPassword: Template<{ username: string; password: string; signinUrl: string }> = {
  vi: ({ username, password, signinUrl }) => ({
    subject: 'Mật khẩu mới của bạn',
    text: `Mật khẩu của tài khoản ${username} đã được đặt lại.\nMật khẩu mới: ${password}\nĐăng nhập tại ${signinUrl} và đổi mật khẩu ngay sau khi đăng nhập.`,
  }),
  en: ({ username, password, signinUrl }) => ({
    subject: 'Your new password',
    text: `The password of the account ${username} has been reset.\nNew password: ${password}\nSign in at ${signinUrl} and change it right after signing in.`,
  }),
};

const accountCreated: Template<{ username: string; password: string; unitName: string; signinUrl: string }> = {
  vi: ({ username, password, unitName, signinUrl }) => ({
    subject: `Tài khoản của bạn tại ${unitName}`,
    text: `Tài khoản ${username} của bạn tại ${unitName} đã được tạo.\nMật khẩu: ${password}\nĐăng nhập tại ${signinUrl} và đổi mật khẩu ngay sau khi đăng nhập.`,
  }),
  en: ({ username, password, unitName, signinUrl }) => ({
    subject: `Your account at ${unitName}`,
    text: `Your account ${username} at ${unitName} has been created.\nPassword: ${password}\nSign in at ${signinUrl} and change the password right after signing in.`,
  }),
};

const elearningAccount: Template<{ unitName: string; username: string; elearningUrl: string }> = {
  vi: ({ unitName, username, elearningUrl }) => ({
    subject: 'Thông tin tài khoản học trực tuyến',
    text: `Xin chào ${unitName},\nTài khoản ${username} có thể dùng để học cách sử dụng các dịch vụ tại ${elearningUrl}.`,
  }),
  en: ({ unitName, username, elearningUrl }) => ({
    subject: 'Your e-learning account',
    text: `Hello ${unitName},\nThe account ${username} can be used to learn the services at ${elearningUrl}.`,
  }),
};

const passwordResetLink: Template<{ username: string; link: string; minutes: number }> = {
  vi: ({ username, link, minutes }) => ({
    subject: 'Đặt lại mật khẩu',
    text: `Chúng tôi nhận được yêu cầu đặt lại mật khẩu của tài khoản ${username}.\nMở liên kết sau để đặt mật khẩu mới (hiệu lực ${minutes} phút, dùng một lần):\n${link}\nNếu bạn không yêu cầu, hãy bỏ qua email này; mật khẩu hiện tại vẫn giữ nguyên.`,
  }),
  en: ({ username, link, minutes }) => ({
    subject: 'Reset your password',
    text: `We received a request to reset the password of the account ${username}.\nOpen this link to choose a new password (valid for ${minutes} minutes, usable once):\n${link}\nIf you did not ask for it, ignore this e-mail; your current password stays as it is.`,
  }),
};

const passwordChanged: Template<{ username: string; signinUrl: string }> = {
  vi: ({ username, signinUrl }) => ({
    subject: 'Mật khẩu của bạn đã được thay đổi',
    text: `Mật khẩu của tài khoản ${username} vừa được thay đổi; các phiên đăng nhập khác đã được đăng xuất.\nNếu không phải bạn, hãy đặt lại mật khẩu ngay tại ${signinUrl} và liên hệ quản trị viên.`,
  }),
  en: ({ username, signinUrl }) => ({
    subject: 'Your password was changed',
    text: `The password of the account ${username} has just been changed; other sessions have been signed out.\nIf this was not you, reset your password at ${signinUrl} right away and contact your administrator.`,
  }),
};

const trialStarted: Template<{ username: string; unitName: string; days: number; signinUrl: string }> = {
  vi: ({ username, unitName, days, signinUrl }) => ({
    subject: `Chào mừng ${unitName} dùng thử`,
    text: `Đơn vị ${unitName} đã được tạo với tài khoản quản trị ${username}.\nThời gian dùng thử: ${days} ngày.\nĐăng nhập tại ${signinUrl}.`,
  }),
  en: ({ username, unitName, days, signinUrl }) => ({
    subject: `Welcome to your trial, ${unitName}`,
    text: `The unit ${unitName} has been created with the administrator account ${username}.\nTrial period: ${days} days.\nSign in at ${signinUrl}.`,
  }),
};

export const MAIL_TEMPLATES = {
  verificationCode,
  newPassword,
  accountCreated,
  elearningAccount,
  passwordResetLink,
  passwordChanged,
  trialStarted,
};

/** What each e-mailed code is for, as the verification mail says it. */
export const CODE_MAIL_PURPOSES = {
  sign_up: { vi: 'hoàn tất đăng ký', en: 'complete your sign-up' },
  two_factor_signin: { vi: 'đăng nhập', en: 'sign in' },
  two_factor_setup: { vi: 'bật xác thực hai lớp', en: 'turn on two-factor authentication' },
  two_factor_policy: { vi: 'thay đổi chính sách xác thực hai lớp', en: 'change the two-factor policy' },
  change_password: { vi: 'đổi mật khẩu', en: 'change your password' },
} as const;
export type MailKind = keyof typeof MAIL_TEMPLATES;
export type MailParams<K extends MailKind> = Parameters<(typeof MAIL_TEMPLATES)[K]['vi']>[0];

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderMail<K extends MailKind>(kind: K, language: Language, params: MailParams<K>): Rendered & { html: string } {
  const rendered = (MAIL_TEMPLATES[kind][language] as (p: MailParams<K>) => Rendered)(params);
  const paragraphs = rendered.text
    .split('\n')
    .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
    .join('');
  return {
    ...rendered,
    html: `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f1f1f"><div style="max-width:560px;margin:24px auto">${paragraphs}</div></body></html>`,
  };
}
