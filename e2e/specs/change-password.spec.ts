import { expect, test } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { expectSigninForm, fillSignin, openAccountMenu, signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const account = demoAccount('binh', 'saoviet');

test('change password from the account menu; the other sessions end, this one goes on', async ({ page, browser }) => {
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, account);
  await signIn(page, account);

  await openAccountMenu(page, 'Đổi mật khẩu');
  const dialog = page.getByRole('dialog', { name: 'Đổi mật khẩu' });
  await dialog.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(dialog.getByText('Mật khẩu hiện tại không được để trống', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Mật khẩu mới không được để trống', { exact: true })).toBeVisible();
  await dialog.getByLabel('Mật khẩu hiện tại').fill('Wrong#Pass1');
  await dialog.getByLabel('Mật khẩu mới', { exact: true }).fill('short');
  await expect(dialog.getByText(/Mật khẩu gồm ít nhất 8 ký tự/)).toBeVisible();
  await dialog.getByLabel('Mật khẩu mới', { exact: true }).fill('Sao Viet#2027');
  await dialog.getByLabel('Xác nhận mật khẩu mới').fill('SaoViet#2028');
  await expect(dialog.getByText('Mật khẩu xác nhận không khớp')).toBeVisible();
  // Spaces are stripped: "Sao Viet#2027" and "SaoViet#2027" are the same password.
  await dialog.getByLabel('Xác nhận mật khẩu mới').fill('SaoViet#2027');
  await dialog.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu cũ không đúng')).toBeVisible();

  await dialog.getByLabel('Mật khẩu hiện tại').fill(account.password);
  await expectToast(page, 'Đã đổi mật khẩu; các phiên đăng nhập khác đã được đăng xuất', () => dialog.getByRole('button', { name: 'Đổi mật khẩu' }).click());

  // The other browser is told at once and must sign in again.
  await expect(otherPage.getByRole('dialog').getByText('Phiên đăng nhập đã hết hạn', { exact: true })).toBeVisible();
  // This browser goes on working.
  await page.getByRole('navigation').getByText('Tổng quan').click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tổng quan' })).toBeVisible();
  await expect(page.getByText('Phiên đăng nhập đã hết hạn', { exact: true })).toHaveCount(0);

  await otherPage.getByRole('button', { name: 'Đăng nhập lại' }).click();
  await expectSigninForm(otherPage);
  await fillSignin(otherPage, account);
  await expect(otherPage.getByRole('alert')).toHaveText('Tên đăng nhập hoặc mật khẩu không đúng');
  await fillSignin(otherPage, { ...account, password: 'SaoViet#2027' });
  await expect(otherPage).toHaveURL(/\/sso-fe\/dashboard$/);
  await elsewhere.close();
});
