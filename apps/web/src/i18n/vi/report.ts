export default {
  reports: {
    Report_3: 'Report_3 · Thống kê lượt truy cập dịch vụ theo thời gian',
    Report_UnitsByPackageService: 'Số đơn vị sử dụng dịch vụ của gói',
    Report_UnitsOfService: 'Chi tiết đơn vị sử dụng dịch vụ',
  },
  filters: {
    period: 'Khoảng thời gian',
    unit: 'Đơn vị',
    service: 'Dịch vụ',
  },
  columns: {
    date: 'Ngày',
    serviceName: 'Dịch vụ',
    packageName: 'Gói dịch vụ',
    packageNames: 'Gói dịch vụ',
    unitName: 'Đơn vị',
    numberOfAccesses: 'Số lượt truy cập',
    numberOfUnits: 'Số đơn vị sử dụng',
  },
  chart: 'Biểu đồ',
  empty: 'Không có dữ liệu trong khoảng thời gian này',
};
