import { expect, test } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { expectSigninForm, fillSignin, openAccountMenu, signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

// The default-app test below sends this account's sign-ins to CRM when they ask for no particular
// page (the dashboard): its sign-ins here, whichever test runs first, ask for a page of their own.
const trialAdmin = demoAccount('admin', 'hoanglong');
const trialUser = demoAccount('binh', 'hoanglong');
const unitAdmin = demoAccount('admin', 'minhphat');

test('a trial unit shows its days left; Upgrade is for its administrator, not its users', async ({ page, browser }) => {
  await signIn(page, trialAdmin, 'list-base-app');
  const banner = page.getByRole('status');
  await expect(banner.getByText(/^Dùng thử: còn 1[12] ngày$/)).toBeVisible();
  await page.getByRole('button', { name: 'Nâng cấp' }).click();
  await expect(page).toHaveURL(/\/sso-fe\/package\/upgrade$/);
  await expect(page.getByText('Nâng cấp / đăng ký dịch vụ').first()).toBeVisible();

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, trialUser);
  await expect(userPage.getByRole('status').getByText(/^Dùng thử: còn 1[12] ngày$/)).toBeVisible();
  await expect(userPage.getByRole('button', { name: 'Nâng cấp' })).toHaveCount(0);
  await userContext.close();
});

test('the app switcher opens a service app that signs in through the portal, without a second password', async ({ page }) => {
  await signIn(page, unitAdmin);
  await page.getByRole('button', { name: 'Ứng dụng' }).click();
  const list = page.getByRole('region', { name: 'Ứng dụng của bạn' });
  await expect(list.getByRole('link', { name: 'Portal' })).toBeVisible();
  // IC is in the unit's pack, but the administrator holds no grant for it: not theirs to open.
  await expect(list.getByRole('link', { name: 'CRM' })).toBeVisible();
  await expect(list.getByText('IC', { exact: true })).toHaveCount(0);
  const opened = page.waitForEvent('popup');
  await list.getByRole('link', { name: 'CRM' }).click();
  const app = await opened;
  await expect(app.getByRole('heading', { name: 'CRM' })).toBeVisible();
  await expect(app.getByText('Signed in as Nguyễn An (admin.minhphat)')).toBeVisible();

  await page.getByRole('link', { name: 'Xem tất cả ứng dụng' }).click();
  await expect(page).toHaveURL(/\/sso-fe\/list-base-app$/);
  await expect(page.getByRole('main').getByRole('region', { name: 'Ứng dụng của bạn' }).getByRole('link', { name: 'CRM' })).toBeVisible();
});

test('the default app is chosen in the header; the next sign-in goes straight to it', async ({ page }) => {
  await signIn(page, trialAdmin, 'list-base-app');
  await expectToast(page, 'Đã lưu ứng dụng mặc định', () => page.getByLabel('Mở sau đăng nhập').selectOption({ label: 'CRM' }));

  await openAccountMenu(page, 'Đăng xuất');
  await expectSigninForm(page);
  await fillSignin(page, trialAdmin);
  await expect(page.getByText('Signed in as Nguyễn An (admin.hoanglong)')).toBeVisible();
});

test('platform administrators have no default-app selector', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('button', { name: 'Ứng dụng' })).toBeVisible();
  await expect(page.getByLabel('Mở sau đăng nhập')).toHaveCount(0);
});
