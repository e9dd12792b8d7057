import { expect, test } from '../support/test.ts';
import { ADMIN, UNIT_USER } from '../support/accounts.ts';
import { expectSigninForm, fillSignin, signIn } from '../support/signin.ts';

test('a visitor without a session is sent to the sign-in screen, without downloading the signed-in app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  await page.goto('dashboard');
  await expectSigninForm(page);
  expect(scripts.filter((path) => /\/(AdminFrame|Shell|DashboardPage)-[^/]+\.js$/.test(path))).toEqual([]);
  expect(scripts.some((path) => /\/SigninPage-[^/]+\.js$/.test(path))).toBe(true);
  // The username field also offers the account's passkeys (the browser's autofill).
  await expect(page.getByLabel('Tên đăng nhập')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect(page.getByLabel('Mật khẩu')).toHaveAttribute('autocomplete', 'current-password');
});

test('wrong credentials show the catalogue message without saying which was wrong', async ({ page }) => {
  await page.goto('signin');
  await expectSigninForm(page);
  await fillSignin(page, { username: ADMIN.username, password: 'Wrong#Pass1' });
  await expect(page.getByRole('alert')).toHaveText('Tên đăng nhập hoặc mật khẩu không đúng');
  await fillSignin(page, { username: 'nobody-here', password: 'Wrong#Pass1' });
  await expect(page.getByRole('alert')).toHaveText('Tên đăng nhập hoặc mật khẩu không đúng');
});

test('the administrator signs in and lands on the dashboard, in Vietnamese', async ({ page }) => {
  await page.goto('');
  await expectSigninForm(page);
  await fillSignin(page, ADMIN);
  await expect(page).toHaveURL(/\/sso-fe\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tổng quan' })).toBeVisible();
  const menu = page.getByRole('navigation');
  await expect(menu.getByText('Quản trị hệ thống')).toBeVisible();
  await expect(page.getByText(/Phiên bản \d+\.\d+\.\d+/)).toBeVisible();
  // A signed-in user visiting /signin goes to the dashboard.
  await page.goto('signin');
  await expect(page).toHaveURL(/\/sso-fe\/dashboard$/);
});

test('the sign-in returns the user to the page they asked for', async ({ page }) => {
  await signIn(page, ADMIN, 'system/role-system');
  await expect(page).toHaveURL(/\/sso-fe\/system\/role-system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quản trị hệ thống' })).toBeVisible();
});

test('the language switches to English and stays so', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'Ngôn ngữ' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('System management')).toBeVisible();
});

test('an unknown path shows PAGE NOT FOUND, in the language of the screens', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('no/such/page');
  await expect(page.getByText('KHÔNG TÌM THẤY TRANG')).toBeVisible();
  await expect(page.getByText('PAGE NOT FOUND')).toHaveCount(0);
  await page.getByRole('button', { name: /^Ngôn ngữ:/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('PAGE NOT FOUND')).toBeVisible();
});

test('a screen the user may not open says so', async ({ page }) => {
  await signIn(page, UNIT_USER);
  await expect(page.getByRole('navigation').getByText('Quản trị hệ thống')).toHaveCount(0);
  await page.goto('system/role-system');
  await expect(page.getByText('Bạn không có quyền truy cập chức năng này')).toBeVisible();
});

test('the public pages open without a session', async ({ page }) => {
  await page.goto('privacy-policy-public');
  await expect(page.getByRole('heading', { level: 1, name: 'Chính sách bảo mật' })).toBeVisible();
  await page.goto('terms-of-service-public');
  await expect(page.getByRole('heading', { level: 1, name: 'Điều khoản dịch vụ' })).toBeVisible();
  await expect(page).toHaveURL(/terms-of-service-public$/);
});

test('signing out ends the provider session and returns to the sign-in screen', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: /^Tài khoản:/ }).click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expectSigninForm(page);
  // The provider session is gone too: asking for a page needs the password again.
  await page.goto('dashboard');
  await expectSigninForm(page);
});
