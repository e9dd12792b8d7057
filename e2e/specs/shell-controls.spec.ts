import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { signIn } from '../support/signin.ts';

// The shell's own controls (no antd): the header's menu button, the sidebar, the toasts.

test('the account menu works from the keyboard: Enter opens it, the arrows move, Escape closes it and returns to its button', async ({ page }) => {
  await signIn(page, ADMIN);
  const button = page.getByRole('button', { name: /^Tài khoản:/ });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Tài khoản' });
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Quản lý tài khoản' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Đổi mật khẩu' })).toBeFocused();
  // The divider is skipped; past the last entry the first comes again.
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Đăng xuất' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Quản lý tài khoản' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // ArrowDown on the button opens it too; a click elsewhere closes it.
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Quản lý tài khoản' })).toBeFocused();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();

  // The language menu marks the language in use.
  await page.getByRole('button', { name: 'Ngôn ngữ' }).click();
  await expect(page.getByRole('menuitem', { name: 'Tiếng Việt' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('menuitem', { name: 'English' })).not.toHaveAttribute('aria-current', 'true');
});

test('the sidebar opens the section of the address and marks its screen', async ({ page }) => {
  await signIn(page, ADMIN, 'system/role-system');
  const nav = page.getByRole('navigation');
  const system = nav.getByRole('button', { name: 'Quản trị hệ thống' });
  await expect(system).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Vai trò hệ thống' })).toHaveAttribute('aria-current', 'page');

  // Closed by hand, the section opens again when the address comes back into it.
  await system.click();
  await expect(system).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Vai trò hệ thống' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Tổng quan' }).click();
  await expect(page).toHaveURL(/\/sso-fe\/dashboard$/);
  await expect(nav.getByRole('link', { name: 'Tổng quan' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/\/sso-fe\/system\/role-system$/);
  await expect(system).toHaveAttribute('aria-expanded', 'true');
});

test('the sidebar collapses to its icons (remembered) and expands on a section', async ({ page }) => {
  await signIn(page, ADMIN);
  const nav = page.getByRole('navigation');
  const system = nav.getByRole('button', { name: 'Quản trị hệ thống' });
  // Collapsed: icons only, no version line; it stays so after a reload.
  await page.getByRole('button', { name: 'Thu gọn menu' }).click();
  await expect(page.getByRole('button', { name: 'Mở rộng menu' })).toBeVisible();
  await expect(page.getByText(/Phiên bản \d+\.\d+\.\d+/)).toHaveCount(0);
  await expect(system).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mở rộng menu' })).toBeVisible();
  // A click on a section expands the sidebar on that section.
  await system.click();
  await expect(page.getByRole('button', { name: 'Thu gọn menu' })).toBeVisible();
  await expect(system).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Vai trò hệ thống' })).toBeVisible();
});

test('a failed request shows an error toast (an alert) that stays while pointed at and closes with its button', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.route('**/api/Dashboard/ActivityStatisticUnit', (route) =>
    route.fulfill({ json: { success: false, errorCode: 500, busErrorMessage: 'Máy chủ thống kê đang bận' } }),
  );
  // The page's timers run on Playwright's clock: the toast's two seconds pass when the test says.
  await page.clock.install();
  await page.reload();
  const toast = page.getByRole('alert').filter({ hasText: 'Máy chủ thống kê đang bận' });
  await expect(toast).toBeVisible();
  // Held by the pointer past its two seconds.
  await toast.hover();
  await page.clock.runFor(2_500);
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Đóng' }).click();
  await expect(toast).toBeHidden();
});
