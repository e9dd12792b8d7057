/** Service packs and what units bought (issue 7). */
export default {
  pack: {
    title: 'Quản lý gói dịch vụ',
    name: 'Tên gói dịch vụ',
    services: 'Dịch vụ trong gói',
    serviceCount: 'Số dịch vụ',
    level: 'Cấp độ',
    userBand: 'Số người dùng',
    pricePerUserMonth: 'Giá/người dùng/tháng',
    discountPercent: 'Chiết khấu (%)',
    paymentAmount: 'Số tiền thanh toán',
    highlightFeatures: 'Tính năng nổi bật',
    trialDays: 'Thời gian dùng thử (ngày)',
    expiryMonths: 'Thời hạn (tháng, để trống là không giới hạn)',
    expiry: 'Thời hạn',
    unlimited: 'Không giới hạn',
    months: '{{count}} tháng',
    unitsUsing: 'Số doanh nghiệp đang dùng',
    createdAt: 'Ngày tạo',
    deleteQuestion: 'Bạn có chắc chắn muốn xóa gói dịch vụ "{{name}}"?',
    deleteInUse:
      'Gói dịch vụ đang được sử dụng. Bạn có chắc chắn muốn xóa không? {{count}} doanh nghiệp sẽ mất gói này: các dịch vụ của gói bị đóng với họ, trừ khi một gói khác của họ cũng có.',
    activate: 'Bạn có chắc chắn muốn kích hoạt gói dịch vụ "{{name}}"?',
    deactivate: 'Bạn có chắc chắn muốn ngừng kích hoạt gói dịch vụ "{{name}}"? Người dùng của các doanh nghiệp đang dùng gói sẽ không đăng nhập được các dịch vụ của gói.',
  },
};
