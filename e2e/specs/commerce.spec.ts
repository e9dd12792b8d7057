import { expect, test } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';
import { row } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';

const unitAdmin = demoAccount('admin', 'minhphat');
const UNIT = 'Công ty TNHH Minh Phát';

test('a unit admin asks for a bigger pack; customer care is mailed; platform staff mark it contacted, then done', async ({ page, browser }) => {
  const since = Date.now();
  const note = `Cần thêm người dùng ${since}`;
  await signIn(page, unitAdmin, 'package/upgrade');
  const services = page.locator('.ant-card').filter({ has: page.getByText('Dịch vụ', { exact: true }) }).first();
  // Services without a link are marked Coming Soon (in the screen's language); CRM (the sample app) is in use.
  await expect(services.getByText('Sắp ra mắt').first()).toBeVisible();
  await expect(services.getByText('Coming Soon')).toHaveCount(0);
  await expect(services.getByText(/^Đang sử dụng/).first()).toBeVisible();

  const premium = page.locator('.ant-card-small').filter({ hasText: 'Gói Premium' });
  await expect(premium.getByText('/tháng')).toBeVisible();
  await premium.getByRole('button', { name: 'Yêu cầu nâng cấp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yêu cầu gói "Gói Premium"' });
  await dialog.getByLabel('Ghi chú').fill(note);
  await dialog.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(page.getByText('Yêu cầu đã được gửi. Bộ phận chăm sóc khách hàng sẽ liên hệ với bạn.')).toBeVisible();

  const mail = await waitForMail('admin@example.com', since, (m) => m.text.includes(note));
  expect(mail.subject).toBe(`Yêu cầu nâng cấp gói dịch vụ: ${UNIT}`);

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signIn(staffPage, ADMIN, 'package/upgrade-request');
  const request = row(staffPage, note);
  await expect(request.getByText('Mới')).toBeVisible();
  await request.getByRole('button', { name: `Đã liên hệ ${UNIT}` }).click();
  await staffPage.getByRole('dialog').filter({ hasText: `Đánh dấu đã liên hệ với ${UNIT}?` }).getByRole('button', { name: 'Lưu' }).click();
  await expect(request.getByText('Đã liên hệ')).toBeVisible();
  await request.getByRole('button', { name: `Hoàn tất ${UNIT}` }).click();
  await staffPage.getByRole('dialog').filter({ hasText: `Đánh dấu hoàn tất yêu cầu của ${UNIT}?` }).getByRole('button', { name: 'Lưu' }).click();
  await expect(request.getByText('Hoàn tất')).toBeVisible();
  await staff.close();

  // The unit's administrator sees their request done.
  await page.getByRole('link', { name: 'Yêu cầu của doanh nghiệp' }).click();
  await expect(row(page, note).getByText('Hoàn tất')).toBeVisible();
});
