import { expect, type Page } from '@playwright/test';

/** The sign-in screen, in Vietnamese (the default language). */
export async function expectSigninForm(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sso-fe\/signin\?uid=/);
  await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
}

export async function fillSignin(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Tên đăng nhập').fill(account.username);
  await page.getByLabel('Mật khẩu').fill(account.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** Opens `path` (relative to /sso-fe/), signs in on the way and waits for the shell. */
export async function signIn(page: Page, account: { username: string; password: string }, path = 'dashboard'): Promise<void> {
  await page.goto(path);
  await expectSigninForm(page);
  await fillSignin(page, account);
  // The code exchange, the profile and the shell's first load: beyond the usual wait when the
  // machine is busy with the other worker and the server.
  await expect(page.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
}

/** Types a 6-digit code into the code boxes labelled `label` (the whole code fills every box). */
export async function fillCode(page: Page, label: string, code: string): Promise<void> {
  await page.getByLabel(label).getByRole('textbox').first().fill(code);
}

/** Opens an entry of the header's account menu. */
export async function openAccountMenu(page: Page, entry: 'Quản lý tài khoản' | 'Đổi mật khẩu' | 'Đăng xuất'): Promise<void> {
  await page.getByRole('button', { name: /^Tài khoản:/ }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** Signs out through the account menu. */
export async function signOut(page: Page): Promise<void> {
  await openAccountMenu(page, 'Đăng xuất');
  await expectSigninForm(page);
}
