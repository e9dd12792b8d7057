import type { EmailTemplateType, Language } from '@portal/contracts';

interface DefaultTemplate {
  subject: string;
  /** HTML with `{{variable}}` placeholders. */
  content: string;
}

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

const code = (vi: string, en: string): Record<Language, DefaultTemplate> => ({
  vi: {
    subject: 'Mã xác thực: {{code}}',
    content: paragraphs(`Mã xác thực để ${vi} của bạn là <strong>{{code}}</strong>.`, 'Mã có hiệu lực trong {{minutes}} phút và chỉ dùng được một lần.', 'Nếu bạn không yêu cầu mã này, hãy bỏ qua email này.'),
  },
  en: {
    subject: 'Verification code: {{code}}',
    content: paragraphs(`Your verification code to ${en} is <strong>{{code}}</strong>.`, 'It is valid for {{minutes}} minutes and can be used once.', 'If you did not ask for it, ignore this e-mail.'),
  },
});

/**
 * The templates every installation starts with, one per system type and language; they are
 * seeded into the e-mail templates on first start, and render a mail whose template an
 * administrator deleted or switched off.
 */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateType, Record<Language, DefaultTemplate>> = {
  signUpCode: code('hoàn tất đăng ký', 'complete your sign-up'),
  twoFactorCode: code('đăng nhập', 'sign in'),
  twoFactorSetupCode: code('bật xác thực hai lớp', 'turn on two-factor authentication'),
  twoFactorPolicyCode: code('thay đổi chính sách xác thực hai lớp', 'change the two-factor policy'),
  changePasswordCode: code('đổi mật khẩu', 'change your password'),
  passwordResetLink: {
    vi: {
      subject: 'Đặt lại mật khẩu',
      content: paragraphs(
        'Chúng tôi nhận được yêu cầu đặt lại mật khẩu của tài khoản {{username}}.',
        'Mở liên kết sau để đặt mật khẩu mới (hiệu lực {{minutes}} phút, dùng một lần):',
        '<a href="{{link}}">{{link}}</a>',
        'Nếu bạn không yêu cầu, hãy bỏ qua email này; mật khẩu hiện tại vẫn giữ nguyên.',
      ),
    },
    en: {
      subject: 'Reset your password',
      content: paragraphs(
        'We received a request to reset the password of the account {{username}}.',
        'Open this link to choose a new password (valid for {{minutes}} minutes, usable once):',
        '<a href="{{link}}">{{link}}</a>',
        'If you did not ask for it, ignore this e-mail; your current password stays as it is.',
      ),
    },
  },
  secondFactorsReset: {
    vi: {
      subject: 'Phương thức xác thực của bạn đã được đặt lại',
      content: paragraphs('Quản trị viên đã xóa {{factors}} của tài khoản {{username}}.', 'Bạn có thể đăng nhập tại {{signinUrl}} và thiết lập lại trong Thông tin tài khoản → Bảo mật.', 'Nếu bạn không yêu cầu việc này, hãy liên hệ quản trị viên.'),
    },
    en: {
      subject: 'Your sign-in methods were reset',
      content: paragraphs('An administrator removed {{factors}} of the account {{username}}.', 'You can sign in at {{signinUrl}} and set them up again in Account information → Security.', 'If you did not ask for this, contact your administrator.'),
    },
  },
  passwordChanged: {
    vi: {
      subject: 'Mật khẩu của bạn đã được thay đổi',
      content: paragraphs('Mật khẩu của tài khoản {{username}} vừa được thay đổi; các phiên đăng nhập khác đã được đăng xuất.', 'Nếu không phải bạn, hãy đặt lại mật khẩu ngay tại {{signinUrl}} và liên hệ quản trị viên.'),
    },
    en: {
      subject: 'Your password was changed',
      content: paragraphs('The password of the account {{username}} has just been changed; other sessions have been signed out.', 'If this was not you, reset your password at {{signinUrl}} right away and contact your administrator.'),
    },
  },
  newPassword: {
    vi: {
      subject: 'Mật khẩu mới của bạn',
      content: paragraphs('Mật khẩu của tài khoản {{username}} đã được đặt lại.', 'Mật khẩu mới: {{password}}', 'Đăng nhập tại {{signinUrl}} và đổi mật khẩu ngay sau khi đăng nhập.'),
    },
    en: {
      subject: 'Your new password',
      content: paragraphs('The password of the account {{username}} has been reset.', 'New password: {{password}}', 'Sign in at {{signinUrl}} and change it right after signing in.'),
    },
  },
  accountCreated: {
    vi: {
      subject: 'Tài khoản của bạn tại {{unitName}}',
      content: paragraphs('Tài khoản {{username}} của bạn tại {{unitName}} đã được tạo.', 'Mật khẩu: {{password}}', 'Đăng nhập tại {{signinUrl}} và đổi mật khẩu ngay sau khi đăng nhập.'),
    },
    en: {
      subject: 'Your account at {{unitName}}',
      content: paragraphs('Your account {{username}} at {{unitName}} has been created.', 'Password: {{password}}', 'Sign in at {{signinUrl}} and change the password right after signing in.'),
    },
  },
  elearningAccount: {
    vi: { subject: 'Thông tin tài khoản học trực tuyến', content: paragraphs('Xin chào {{unitName}},', 'Tài khoản {{username}} có thể dùng để học cách sử dụng các dịch vụ tại {{elearningUrl}}.') },
    en: { subject: 'Your e-learning account', content: paragraphs('Hello {{unitName}},', 'The account {{username}} can be used to learn the services at {{elearningUrl}}.') },
  },
  trialStarted: {
    vi: {
      subject: 'Chào mừng {{unitName}} dùng thử',
      content: paragraphs('Đơn vị {{unitName}} đã được tạo với tài khoản quản trị {{username}}.', 'Thời gian dùng thử: {{days}} ngày.', 'Đăng nhập tại {{signinUrl}}.'),
    },
    en: {
      subject: 'Welcome to your trial, {{unitName}}',
      content: paragraphs('The unit {{unitName}} has been created with the administrator account {{username}}.', 'Trial period: {{days}} days.', 'Sign in at {{signinUrl}}.'),
    },
  },
  upgradeRequested: {
    vi: {
      subject: 'Yêu cầu nâng cấp gói dịch vụ: {{unitName}}',
      content: paragraphs('{{requesterName}} của đơn vị {{unitName}} yêu cầu nâng cấp.', 'Gói dịch vụ: {{packageName}}. Dịch vụ: {{serviceName}}.', 'Ghi chú: {{note}}', 'Danh sách yêu cầu: {{requestsUrl}}'),
    },
    en: {
      subject: 'Upgrade request: {{unitName}}',
      content: paragraphs('{{requesterName}} of {{unitName}} asks for an upgrade.', 'Service pack: {{packageName}}. Service: {{serviceName}}.', 'Note: {{note}}', 'Requests: {{requestsUrl}}'),
    },
  },
};
