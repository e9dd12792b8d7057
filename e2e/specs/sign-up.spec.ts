import { expect, test } from '../support/test.ts';
import { codeIn, waitForMail } from '../support/mail.ts';
import { expectSigninForm, fillCode } from '../support/signin.ts';

test('a visitor signs up for a trial: OTP by e-mail, then a trial unit with its administrator', async ({ page }) => {
  await page.goto('signin');
  await expectSigninForm(page);
  await page.getByRole('button', { name: 'Đăng ký dùng thử' }).click();
  await expect(page.getByRole('heading', { name: 'Đăng ký dùng thử' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chính sách bảo mật' }).first()).toHaveAttribute('href', '/sso-fe/privacy-policy-public');

  // Nothing filled: every rule of section 5 speaks.
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await expect(page.getByText('Tên doanh nghiệp không được để trống')).toBeVisible();
  await expect(page.getByText('Mã số doanh nghiệp không được để trống')).toBeVisible();
  await expect(page.getByText('Số lượng nhân viên không được để trống')).toBeVisible();
  await expect(page.getByText('Tên tài khoản không được để trống')).toBeVisible();
  await expect(page.getByText('Địa chỉ email không được để trống')).toBeVisible();
  await expect(page.getByText('Vui lòng đồng ý với chính sách bảo mật và điều khoản dịch vụ')).toBeVisible();

  const email = `owner${Date.now()}@anphu-e2e.vn`;
  await page.getByLabel('Tên doanh nghiệp').fill('Công ty TNHH An Phú');
  await page.getByLabel('Mã số doanh nghiệp').fill(`01${String(Date.now() % 100000000).padStart(8, '0')}`);
  await page.getByLabel('Số lượng nhân viên').selectOption('21-100');
  await page.getByLabel('Tên tài khoản').fill(`owner.${Date.now()}`);
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Email không đúng định dạng')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('weak');
  await expect(page.getByText(/Mật khẩu gồm ít nhất 8 ký tự/)).toBeVisible();
  await page.getByLabel('Mật khẩu', { exact: true }).fill('AnPhu#2026');
  await page.getByLabel('Xác nhận mật khẩu').fill('AnPhu#2025');
  await expect(page.getByText('Mật khẩu xác nhận không khớp')).toBeVisible();
  await page.getByLabel('Xác nhận mật khẩu').fill('AnPhu#2026');
  await page.getByRole('checkbox').check();
  const since = Date.now();
  await page.getByRole('button', { name: 'Đăng ký' }).click();

  await expect(page.getByRole('heading', { name: 'Xác nhận email' })).toBeVisible();
  await expect(page.getByText(/Mã gồm 6 chữ số đã được gửi tới ow\*\*\*\*\*@anphu-e2e\.vn/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Gửi lại mã sau \d+ giây/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText('Vui lòng nhập mã OTP')).toBeVisible();
  const mail = await waitForMail(email, since, (m) => m.subject.startsWith('Mã xác thực'));
  await fillCode(page, 'Mã OTP', codeIn(mail) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByRole('alert')).toHaveText('Mã xác thực không đúng hoặc đã hết hạn, vui lòng thử lại');
  await fillCode(page, 'Mã OTP', codeIn(mail));
  await page.getByRole('button', { name: 'Xác nhận' }).click();

  // Signed in as the new unit's administrator, on a 30-day trial.
  await expect(page).toHaveURL(/\/sso-fe\/dashboard$/);
  await expect(page.getByRole('status').getByText('Dùng thử: còn 30 ngày')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nâng cấp' })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Quản lý người dùng')).toBeVisible();
});

test('a sign-up with a taken username says so', async ({ page }) => {
  await page.goto('signin');
  await expectSigninForm(page);
  await page.getByRole('button', { name: 'Đăng ký dùng thử' }).click();
  await page.getByLabel('Tên doanh nghiệp').fill('Công ty Trùng Tên');
  await page.getByLabel('Mã số doanh nghiệp').fill('0199999999');
  await page.getByLabel('Số lượng nhân viên').selectOption('2-20');
  await page.getByLabel('Tên tài khoản').fill('admin.minhphat');
  await page.getByLabel('Email').fill('someone@trungten-e2e.vn');
  await page.getByLabel('Mật khẩu', { exact: true }).fill('Trung#2026');
  await page.getByLabel('Xác nhận mật khẩu').fill('Trung#2026');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tên đăng nhập đã tồn tại');
});
