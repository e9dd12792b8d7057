import { expect, test } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';
import { confirm, row } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

// Sao Việt holds the Plus pack: Premium is an upgrade for it (Minh Phát already holds Premium).
const unitAdmin = demoAccount('admin', 'saoviet');
const UNIT = 'Công ty Cổ phần Sao Việt';

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
  await page.getByRole('dialog', { name: 'Yêu cầu gói "Gói Premium"' }).getByLabel('Ghi chú').fill(note);
  await expectToast(page, 'Yêu cầu đã được gửi. Bộ phận chăm sóc khách hàng sẽ liên hệ với bạn.', () => confirm(page, 'Yêu cầu gói "Gói Premium"', 'Gửi yêu cầu'));

  const mail = await waitForMail('admin@example.com', since, (m) => m.text.includes(note));
  expect(mail.subject).toBe(`Yêu cầu nâng cấp gói dịch vụ: ${UNIT}`);

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signIn(staffPage, ADMIN, 'package/upgrade-request');
  const request = row(staffPage, note);
  await expect(request.getByText('Mới')).toBeVisible();
  await request.getByRole('button', { name: `Đã liên hệ ${UNIT}` }).click();
  await confirm(staffPage, `Đánh dấu đã liên hệ với ${UNIT}?`, 'Lưu');
  await expect(request.getByText('Đã liên hệ')).toBeVisible();
  await request.getByRole('button', { name: `Hoàn tất ${UNIT}` }).click();
  await confirm(staffPage, `Đánh dấu hoàn tất yêu cầu của ${UNIT}?`, 'Lưu');
  await expect(request.getByText('Hoàn tất')).toBeVisible();

  // Platform staff hold no business: the upgrade page says to choose one, then shows its offer.
  await staffPage.goto('package/upgrade');
  const hint = staffPage.getByText('Chọn một doanh nghiệp để xem các dịch vụ, gói dịch vụ và bản dùng thử dành cho doanh nghiệp đó.');
  await expect(hint).toBeVisible();
  await expect(staffPage.locator('.upgrade-pack')).toHaveCount(0);
  const unitSelect = staffPage.getByLabel('Doanh nghiệp', { exact: true });
  await unitSelect.click();
  await unitSelect.fill(UNIT);
  await staffPage.locator('.ant-select-dropdown:visible').getByTitle(UNIT, { exact: true }).click();
  await expect(staffPage.locator('.upgrade-pack').filter({ hasText: 'Gói Plus' }).getByText('Gói hiện tại')).toBeVisible();
  await expect(hint).toHaveCount(0);
  await staff.close();

  // The unit's administrator sees their request done.
  await page.getByRole('link', { name: 'Yêu cầu của doanh nghiệp' }).click();
  await expect(row(page, note).getByText('Hoàn tất')).toBeVisible();
});
