export default {
  choose: 'Chọn báo cáo',
  reports: {
    Report_3: 'Report_3 · Thống kê lượt truy cập dịch vụ theo thời gian',
    Report_UnitsByPackageService: 'Số doanh nghiệp sử dụng dịch vụ của gói',
    Report_UnitsOfService: 'Chi tiết doanh nghiệp sử dụng dịch vụ',
  },
  filters: {
    period: 'Khoảng thời gian',
    unit: 'Doanh nghiệp',
    service: 'Dịch vụ',
  },
  columns: {
    date: 'Ngày',
    serviceName: 'Dịch vụ',
    packageName: 'Gói dịch vụ',
    packageNames: 'Gói dịch vụ',
    unitName: 'Doanh nghiệp',
    numberOfAccesses: 'Số lượt truy cập',
    numberOfUnits: 'Số doanh nghiệp sử dụng',
  },
  chart: 'Biểu đồ',
  empty: 'Không có dữ liệu trong khoảng thời gian này',
};
