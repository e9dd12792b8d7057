export default {
  privacy: {
    title: 'Chính sách bảo mật',
    updated: 'Cập nhật lần cuối: 01/11/2026',
    sections: {
      collect: {
        heading: 'Thông tin chúng tôi thu thập',
        body: 'Chúng tôi thu thập thông tin doanh nghiệp và tài khoản mà bạn cung cấp khi đăng ký (tên doanh nghiệp, mã số doanh nghiệp, họ tên, email, số điện thoại) và nhật ký đăng nhập (thiết bị, địa chỉ IP, trình duyệt, thời gian) để bảo vệ tài khoản của bạn.',
      },
      use: {
        heading: 'Cách chúng tôi sử dụng thông tin',
        body: 'Thông tin được dùng để cung cấp dịch vụ đăng nhập một lần, quản trị người dùng và gói dịch vụ, gửi mã xác thực và thông báo liên quan đến tài khoản. Chúng tôi không bán thông tin của bạn cho bên thứ ba.',
      },
      protect: {
        heading: 'Bảo vệ thông tin',
        body: 'Mật khẩu được lưu dưới dạng băm một chiều (argon2id); dữ liệu của mỗi doanh nghiệp được tách biệt với các doanh nghiệp khác; mọi thay đổi đều được ghi nhật ký.',
      },
      rights: {
        heading: 'Quyền của bạn',
        body: 'Bạn có thể xem và cập nhật thông tin tài khoản bất cứ lúc nào trong mục Quản lý tài khoản, hoặc liên hệ quản trị viên của doanh nghiệp để xóa tài khoản.',
      },
    },
  },
  terms: {
    title: 'Điều khoản dịch vụ',
    updated: 'Cập nhật lần cuối: 01/11/2026',
    sections: {
      accept: {
        heading: 'Chấp nhận điều khoản',
        body: 'Khi đăng ký hoặc sử dụng cổng quản trị, bạn đồng ý với các điều khoản này thay mặt cho doanh nghiệp của mình.',
      },
      account: {
        heading: 'Tài khoản',
        body: 'Bạn chịu trách nhiệm giữ bí mật mật khẩu và mã xác thực, và thông báo ngay cho chúng tôi khi phát hiện truy cập trái phép.',
      },
      trial: {
        heading: 'Dùng thử và gói dịch vụ',
        body: 'Tài khoản dùng thử được sử dụng miễn phí trong thời hạn dùng thử. Khi hết hạn, bạn cần nâng cấp gói dịch vụ để tiếp tục sử dụng.',
      },
      use: {
        heading: 'Sử dụng hợp lệ',
        body: 'Không sử dụng dịch vụ để gửi thư rác, truy cập trái phép hệ thống khác hoặc vi phạm pháp luật Việt Nam.',
      },
    },
  },
};
