import { clientAddress, expect, test } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { exportList } from '../support/export.ts';
import { signIn } from '../support/signin.ts';

const user = demoAccount('giang', 'minhphat');

test('every sign-in lands in the access log with device, IP, browser and time; by user; exported to .xlsx', async ({ page, browser }, testInfo) => {
  const userContext = await browser.newContext();
  await signIn(await userContext.newPage(), user);
  await userContext.close();

  await signIn(page, ADMIN, 'log/access');
  await expect(page.getByRole('main').getByText('Thiết bị đăng nhập')).toBeVisible();
  const latest = page.getByRole('row').filter({ hasText: user.username }).first();
  await expect(latest).toContainText('Công ty TNHH Minh Phát');
  await expect(latest).toContainText('Linux Desktop');
  // The address the sign-in came from, as the trusted proxy (the test's X-Forwarded-For) said.
  await expect(latest).toContainText(clientAddress(testInfo));
  await expect(latest).toContainText(/Chrome \d+/);

  await test.step('the view by user keeps only that user', async () => {
    await latest.getByRole('button', { name: `Chỉ xem các lần đăng nhập của ${user.username}` }).click();
    await expect(page.getByRole('row').filter({ hasText: ADMIN.username })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: user.username }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Xem tất cả người dùng' }).click();
    await expect(page.getByRole('row').filter({ hasText: ADMIN.username }).first()).toBeVisible();
  });

  await test.step('the log is exported, sheet "Report", and the file holds the sign-in', async () => {
    const sheet = (await exportList(page, 'UserDevice.xlsx')).sheet!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Thời gian đăng nhập', 'Tài khoản', 'Họ và tên', 'Doanh nghiệp', 'Thiết bị', 'Trình duyệt', 'Địa chỉ IP']);
    const accounts = sheet.getColumn(2).values as unknown[];
    expect(accounts).toContain(user.username);
  });
});
