/** Form messages of section 5, keyed by the contracts' field error keys. */
export default {
  required: '{{field}} không được để trống',
  emailRequired: 'Địa chỉ email không được để trống',
  too_long: 'Nhập tối đa {{max}} ký tự',
  email_invalid: 'Email không đúng định dạng',
  digits_only: '{{field}} chỉ gồm chữ số',
  password_invalid: 'Mật khẩu gồm ít nhất 8 ký tự, có chữ thường, chữ hoa, chữ số và ký tự đặc biệt (!@#$%^&*)',
  password_mismatch: 'Mật khẩu xác nhận không khớp',
  code_required: 'Mã xác thực không được để trống',
  code_invalid: 'Vui lòng nhập đủ 6 chữ số của mã xác thực',
  otp_required: 'Vui lòng nhập mã OTP',
  agreement_required: 'Vui lòng đồng ý với chính sách bảo mật và điều khoản dịch vụ',
  username_invalid: 'Tên tài khoản gồm ít nhất 3 ký tự: chữ, số, dấu chấm, gạch ngang hoặc gạch dưới',
  url_invalid: 'Đường dẫn không đúng định dạng',
  business_code_invalid: 'Mã số doanh nghiệp chỉ gồm chữ số, chữ cái và dấu -',
  date_range: 'Ngày kết thúc phải sau ngày bắt đầu',
  invalid: '{{field}} không hợp lệ',
};
