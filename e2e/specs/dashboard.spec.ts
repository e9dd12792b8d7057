import { expect, test, type Page } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { signIn } from '../support/signin.ts';

/** A figure of the dashboard, as the number it shows. */
async function figure(page: Page, key: string): Promise<number> {
  const text = await page.locator(`[data-figure="${key}"] .figure-value`).innerText();
  return Number(text.replace(/\D/g, ''));
}

/** The points of a chart (its series' values), as the chart was last drawn. */
async function chartPoints(page: Page, name: string): Promise<number[][]> {
  return JSON.parse((await page.getByRole('img', { name }).getAttribute('data-points')) ?? '[]');
}

test("a sign-in elsewhere moves the platform dashboard's figures and the unit's chart without a reload", async ({ page, browser }) => {
  await signIn(page, ADMIN);
  await expect(page.getByText('Người dùng hoạt động')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Biểu đồ truy cập' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Biểu đồ sử dụng dịch vụ' })).toBeVisible();
  await expect.poll(() => figure(page, 'totalUnit')).toBeGreaterThanOrEqual(3);
  await expect.poll(() => figure(page, 'userOnline')).toBeGreaterThanOrEqual(1);

  // The portal's own pickers, not the browser's: the period as DD/MM/YYYY, the unit a searchable select.
  const period = page.locator('.dashboard-filters .ant-picker-range input');
  await expect(period.first()).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.locator('input[type="date"], select')).toHaveCount(0);
  // The service-usage chart: the portal's own sign-ins are its accesses, each series named in the legend.
  const usage = page.getByRole('img', { name: 'Biểu đồ sử dụng dịch vụ' });
  await expect(usage).toContainText('Doanh nghiệp sử dụng (trục trái)');
  await expect(usage).toContainText('Lượt truy cập trong kỳ (trục phải)');
  await expect(usage).not.toContainText('Value');
  const portal = (JSON.parse((await usage.getAttribute('data-labels')) ?? '[]') as string[]).indexOf('Portal');
  expect(portal).toBeGreaterThanOrEqual(0);
  await expect.poll(async () => (await chartPoints(page, 'Biểu đồ sử dụng dịch vụ'))[1]![portal]).toBe(await figure(page, 'numberUserSignIn'));

  // Narrowed to the unit the other browser's user belongs to.
  const unitSelect = page.getByLabel('Doanh nghiệp', { exact: true });
  await unitSelect.click();
  await unitSelect.fill('Minh Phát');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Công ty TNHH Minh Phát').click();
  await expect.poll(() => figure(page, 'totalUnit')).toBe(1);
  const signIns = await figure(page, 'numberUserSignIn');
  const online = await figure(page, 'userOnline');
  const chart = await chartPoints(page, 'Biểu đồ truy cập');

  const other = await browser.newContext();
  const unitUser = await other.newPage();
  // Nothing the screen asks for on its own may be refused (a refusal toasts "Forbidden").
  const refused: string[] = [];
  unitUser.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await signIn(unitUser, demoAccount('dung', 'minhphat'));

  await expect.poll(() => figure(page, 'numberUserSignIn')).toBeGreaterThan(signIns);
  await expect.poll(() => figure(page, 'userOnline')).toBeGreaterThan(online);
  await expect.poll(async () => (await chartPoints(page, 'Biểu đồ truy cập'))[0]!.at(-1)).toBeGreaterThan(chart[0]!.at(-1)!);

  // A plain user of the unit sees their own figures (devices, sign-ins, sign-outs and the chart), not the unit's.
  await expect(unitUser.getByText('Số liệu đăng nhập của riêng bạn')).toBeVisible();
  await expect(unitUser.getByText('Thiết bị đăng nhập')).toBeVisible();
  await expect(unitUser.locator('[data-figure="userOnline"]')).toHaveCount(0);
  await expect.poll(() => figure(unitUser, 'numberOfSignin')).toBeGreaterThan(0);
  await expect(unitUser.getByRole('img', { name: 'Biểu đồ truy cập' })).toBeVisible();
  expect(refused).toEqual([]);
  await expect(unitUser.getByText('Không có quyền truy cập!')).toHaveCount(0);
  await other.close();
});
