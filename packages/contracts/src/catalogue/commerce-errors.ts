import type { CatalogueEntry } from './request-errors.ts';

// An area of the catalogue (./errors.ts merges it) in a module of its own: the sign-in reads
// its service refusals' codes without carrying the whole catalogue.

/** Services, packs and what units bought (issue 7): codes 9160–9179. */
export const COMMERCE_ERRORS = {
  'service.base_service': { code: 9160, vi: 'Dịch vụ gốc của hệ thống không thể xóa hoặc đổi mã', en: "The suite's own services cannot be deleted or recoded" },
  'service.no_redirect_link': { code: 9161, vi: 'Dịch vụ chưa có đường dẫn chuyển hướng', en: 'The service has no redirect link' },
  'service.no_permission': { code: 9162, vi: 'Bạn không có quyền sử dụng dịch vụ này', en: 'You do not have permission to use this service' },
  'service.not_bought': { code: 9163, vi: 'Doanh nghiệp chưa đăng ký gói dịch vụ có dịch vụ này. Vui lòng nâng cấp gói dịch vụ', en: 'Your business has no service pack with this service. Please upgrade the service pack' },
  'service.access_off': { code: 9164, vi: 'Quyền truy cập dịch vụ của doanh nghiệp đang tắt', en: "Your business's access to this service is turned off" },
  'package.seats_exhausted': { code: 9165, vi: 'Đã cấp hết số người dùng của gói dịch vụ ({seats})', en: 'Every seat of the service pack is taken ({seats})' },
  'package.seats_below_grants': { code: 9166, vi: 'Số người dùng ít hơn số quyền đã cấp ({grants})', en: 'Fewer seats than the grants already given ({grants})' },
  'package.trial_used': { code: 9167, vi: 'Doanh nghiệp đã dùng thử dịch vụ này', en: 'Your business has already had a trial of this service' },
  'package.no_trial': { code: 9168, vi: 'Gói dịch vụ này không có thời gian dùng thử', en: 'This service pack has no trial period' },
  'service.held_by_pack': { code: 9169, vi: 'Gói dịch vụ của doanh nghiệp đang có dịch vụ này: hãy tắt quyền truy cập thay vì xóa', en: "A pack of the business holds this service: switch its access off instead of removing it" },
  'package.service_held': { code: 9171, vi: 'Doanh nghiệp đang sử dụng dịch vụ này', en: 'Your business already has this service' },
  'service.not_started': { code: 9172, vi: 'Gói dịch vụ của doanh nghiệp chưa đến ngày bắt đầu', en: "Your business's service pack has not started yet" },
  'service.no_seat': { code: 9173, vi: 'Gói dịch vụ của doanh nghiệp không còn chỗ cho tài khoản của bạn. Vui lòng liên hệ quản trị doanh nghiệp', en: "Your business's service pack has no seat left for your account. Please contact your business's administrator" },
  'package.request_handled': { code: 9170, vi: 'Yêu cầu đã được xử lý xong', en: 'The request has already been handled' },
} as const satisfies Record<string, CatalogueEntry>;
