/**
 * The catalogue's areas the SPA's HTTP client shows by itself (an expired session, a refused or
 * failed request): a module apart from the rest of the catalogue (./errors.ts, which merges
 * them), so the sign-in and the shell carry these messages and not the whole catalogue.
 */
export interface CatalogueEntry {
  code: number;
  vi: string;
  en: string;
}

/** Messages the specification lists as "other messages". */
export const SESSION_ERRORS = {
  'session.expired': {
    code: 9001,
    vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    en: 'Login session expired, please login again',
  },
  'service.expired': {
    code: 9002,
    vi: 'Dịch vụ đã hết hạn. Vui lòng nâng cấp gói dịch vụ',
    en: 'The service has expired. Please upgrade the service pack',
  },
  'service.license_expired': {
    code: 9003,
    vi: 'Dịch vụ {product} đã hết hạn giấy phép. Vui lòng liên hệ bộ phận chăm sóc khách hàng',
    en: '{product} service has expired license. Please contact customer service',
  },
  'session.logged_in_elsewhere': {
    code: 9004,
    vi: 'Tài khoản của bạn đang đăng nhập trên hệ thống {product} ở nơi khác. Vui lòng thử lại sau!',
    en: 'Your account is currently logged in on the {product} system somewhere else. Please try again later!',
  },
  'verification.failed': {
    code: 9005,
    vi: 'Mã xác thực không đúng hoặc đã hết hạn, vui lòng thử lại',
    en: 'The verification code is incorrect or has expired, please try again',
  },
  'system.path_not_configured': {
    code: 9006,
    vi: 'Đường dẫn hệ thống chưa được cấu hình',
    en: 'System path not configured',
  },
  'package.in_use': {
    code: 9007,
    vi: 'Gói dịch vụ đang được sử dụng. Bạn có chắc chắn muốn xóa?',
    en: 'The service pack is currently in use. Are you sure you want to delete it?',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** Refusals of the request itself (transport, access, limits). */
export const REQUEST_ERRORS = {
  'request.bad_request': {
    code: 9400,
    vi: 'Đã có lỗi xảy ra với yêu cầu của bạn, vui lòng kiểm tra lại!',
    en: 'Something went wrong with your request, please check again!',
  },
  'request.unauthorized': {
    code: 9401,
    vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    en: 'Login session expired, please login again',
  },
  'request.forbidden': { code: 9403, vi: 'Không có quyền truy cập!', en: 'Forbidden!' },
  'request.not_found': {
    code: 9404,
    vi: 'Không tìm thấy đường dẫn yêu cầu',
    en: 'The requested path does not exist',
  },
  'request.too_many': {
    code: 9429,
    vi: 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau',
    en: 'Too many attempts, please try again later',
  },
  'request.internal': {
    code: 9500,
    vi: 'Lỗi máy chủ nội bộ!',
    en: 'Internal server error!',
  },
  'request.unavailable': {
    code: 9503,
    vi: 'Hệ thống đang tạm gián đoạn, vui lòng thử lại sau giây lát',
    en: 'The service is briefly unavailable, please try again in a moment',
  },
  'request.network': { code: 9600, vi: 'Lỗi kết nối mạng!', en: 'Network error!' },
} as const satisfies Record<string, CatalogueEntry>;

export type RequestErrorKey = keyof typeof SESSION_ERRORS | keyof typeof REQUEST_ERRORS;

/** An entry's message in a language, with `{name}` placeholders filled in. */
export function messageOf(entry: CatalogueEntry, language: 'vi' | 'en', params: Record<string, string | number> = {}): string {
  return entry[language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The message of a key the HTTP client shows itself. */
export function requestErrorMessage(key: RequestErrorKey, language: 'vi' | 'en'): string {
  return messageOf({ ...SESSION_ERRORS, ...REQUEST_ERRORS }[key], language);
}
