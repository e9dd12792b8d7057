import { expect, test, type Page } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { expectReadableChart } from '../support/chart.ts';
import { chooseOption } from '../support/resource.ts';
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
  await expect(usage).not.toContainText('--');
  // Two series of different sizes, each on an axis of its own (left and right), labels readable.
  const drawn = await expectReadableChart(usage, 'bars');
  expect(drawn.axes.slice(1).map((axis) => axis.side).sort()).toEqual([1, 3]);
  await expectReadableChart(page.getByRole('img', { name: 'Biểu đồ truy cập' }), 'lines');
  const portal = (JSON.parse((await usage.getAttribute('data-labels')) ?? '[]') as string[]).indexOf('Portal');
  expect(portal).toBeGreaterThanOrEqual(0);
  await expect.poll(async () => (await chartPoints(page, 'Biểu đồ sử dụng dịch vụ'))[1]![portal]).toBe(await figure(page, 'numberUserSignIn'));

  // Narrowed to the unit the other browser's user belongs to.
  await chooseOption(page, 'Doanh nghiệp', 'Công ty TNHH Minh Phát', page.getByRole('main'));
  await expect.poll(() => figure(page, 'totalUnit')).toBe(1);
  const signIns = await figure(page, 'numberUserSignIn');
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
  await expect.poll(async () => (await chartPoints(page, 'Biểu đồ truy cập'))[0]!.at(-1)).toBeGreaterThan(chart[0]!.at(-1)!);

  // A plain user of the unit sees their own figures (devices, sign-ins, sign-outs and the chart), not the unit's.
  await expect(unitUser.getByText('Số liệu đăng nhập của riêng bạn')).toBeVisible();
  await expect(unitUser.getByText('Thiết bị đăng nhập')).toBeVisible();
  await expect(unitUser.locator('[data-figure="userOnline"]')).toHaveCount(0);
  await expect.poll(() => figure(unitUser, 'numberOfSignin')).toBeGreaterThan(0);
  await expect(unitUser.getByRole('img', { name: 'Biểu đồ truy cập' })).toBeVisible();
  expect(refused).toEqual([]);
  await expect(unitUser.getByText('Không có quyền truy cập!')).toHaveCount(0);
  // Users online are live connections, so this is read once the user's page stands (its
  // connection open). Another spec's user of this unit may close its page at any moment: the
  // figure is compared with what must hold (this user is connected), not with a count read before.
  await expect.poll(() => figure(page, 'userOnline')).toBeGreaterThanOrEqual(1);
  await other.close();
});
