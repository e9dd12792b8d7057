/** Notifications pushed by service apps: the bell's list and the work screen (loaded with them, not with the shell). */
export default {
  list: {
    title: 'Thông báo của bạn',
    empty: 'Chưa có thông báo nào',
  },
  workScreen: {
    opening: 'Đang mở {{app}}…',
    singleSignOn: 'Bạn được đăng nhập một lần qua cổng, không cần nhập lại mật khẩu.',
    incomplete: 'Liên kết không đủ thông tin: thiếu ứng dụng hoặc mã tương tác.',
    unavailable: 'Ứng dụng {{app}} không khả dụng với tài khoản của bạn.',
    unavailableHint: 'Bạn chưa được cấp quyền dùng ứng dụng này, hoặc gói dịch vụ đã hết hiệu lực. Hãy liên hệ quản trị viên doanh nghiệp.',
    notConfigured: 'Ứng dụng {{app}} chưa được cấu hình đường dẫn.',
  },
};
