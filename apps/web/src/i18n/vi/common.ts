export default {
  appName: 'Cổng quản trị SSO',
  loading: 'Đang tải…',
  retry: 'Thử lại',
  ok: 'Đồng ý',
  cancel: 'Hủy',
  close: 'Đóng',
  back: 'Quay lại',
  backHome: 'Về trang chủ',
  version: 'Phiên bản {{version}}',
  language: { label: 'Ngôn ngữ', vi: 'Tiếng Việt', en: 'English' },
  notFound: { title: 'KHÔNG TÌM THẤY TRANG', description: 'Trang bạn tìm không tồn tại hoặc đã được chuyển đi.' },
  forbidden: {
    title: 'Không có quyền truy cập',
    description: 'Bạn không có quyền truy cập chức năng này',
  },
  account: {
    menu: 'Tài khoản',
    manage: 'Quản lý tài khoản',
    changePassword: 'Đổi mật khẩu',
    signOut: 'Đăng xuất',
  },
  sidebar: { collapse: 'Thu gọn menu', expand: 'Mở rộng menu', open: 'Mở menu', close: 'Đóng menu' },
  sessionExpired: {
    title: 'Phiên đăng nhập đã hết hạn',
    description: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    action: 'Đăng nhập lại',
  },
  envFailed: {
    title: 'Không tải được cấu hình của cổng quản trị',
    description: 'Vui lòng kiểm tra kết nối mạng rồi thử lại.',
  },
};
