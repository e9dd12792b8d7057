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

  // Narrowed to the unit the other browser's user belongs to.
  await page.getByLabel('Đơn vị', { exact: true }).selectOption({ label: 'Công ty TNHH Minh Phát' });
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

  // The unit's user sees their unit's dashboard: devices, sign-ins, sign-outs and the chart.
  await expect(unitUser.getByText('Thiết bị đăng nhập')).toBeVisible();
  await expect.poll(() => figure(unitUser, 'numberOfSignin')).toBeGreaterThan(0);
  await expect(unitUser.getByRole('img', { name: 'Biểu đồ truy cập' })).toBeVisible();
  expect(refused).toEqual([]);
  await expect(unitUser.getByText('Không có quyền truy cập!')).toHaveCount(0);
  await other.close();
});
