import { expect, test } from '../support/test.ts';
import { ADMIN, UNIT_USER } from '../support/accounts.ts';
import { signIn } from '../support/signin.ts';

test('the platform administrator follows the outbox; other users may not', async ({ page, browser }) => {
  // A forgot-password request puts a message in the outbox.
  await page.request.post('/api/Account/ForgotPassword', { data: { email: 'giang@hoanglong.example.com' }, headers: { 'accept-language': 'vi' } });
  await signIn(page, ADMIN, 'system/mail-outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Quản trị hệ thống' })).toBeVisible();
  await page.getByLabel('Tìm theo người nhận hoặc tiêu đề').fill('giang@hoanglong');
  await page.getByLabel('Tìm theo người nhận hoặc tiêu đề').press('Enter');
  const row = page.getByRole('row', { name: /giang@hoanglong\.example\.com/ });
  await expect(row.getByText('Đặt lại mật khẩu')).toBeVisible();
  await expect(row.getByText(/Đã gửi|Đang chờ gửi/)).toBeVisible();

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, UNIT_USER, 'system/mail-outbox');
  await expect(userPage.getByText('Bạn không có quyền truy cập chức năng này')).toBeVisible();
  await other.close();
});
