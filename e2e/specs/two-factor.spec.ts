import { expect, test, type Page } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { codeIn, waitForMail } from '../support/mail.ts';
import { expectSigninForm, fillCode, fillSignin, openAccountMenu, signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const account = demoAccount('giang', 'saoviet');

async function openTwoFactorTab(page: Page) {
  await openAccountMenu(page, 'Quản lý tài khoản');
  await page.getByRole('tab', { name: 'Xác thực hai lớp' }).click();
}

test('two-factor: set up by password and e-mailed code, then asked on a new device; recovery codes work once', async ({ page, browser }) => {
  // Three browsers and three mails waited for: three times the usual time on a busy machine.
  test.slow();
  await signIn(page, account);
  await openTwoFactorTab(page);
  await expect(page.getByText('Đang tắt')).toBeVisible();
  await page.getByRole('button', { name: 'Bật xác thực hai lớp' }).click();
  await page.getByLabel('Mật khẩu hiện tại').fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeVisible();
  let since = Date.now();
  await page.getByLabel('Mật khẩu hiện tại').fill(account.password);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await expect(page.getByText('Nhập mã gồm 6 chữ số đã gửi tới gi*****@saoviet.example.com.')).toBeVisible();
  const setupMail = await waitForMail(account.email, since);
  await fillCode(page, 'Mã xác thực', codeIn(setupMail));
  await page.getByRole('button', { name: 'Xác nhận' }).click();

  const codes = page.getByRole('list', { name: 'Mã khôi phục của bạn' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'Tôi đã lưu các mã' }).click();
  await expect(page.getByText('Đang bật')).toBeVisible();
  await expect(page.getByText('Còn 10 mã khôi phục chưa dùng.')).toBeVisible();
  // Shown once: nowhere to be seen any more.
  await expect(page.getByText(recoveryCodes[0]!)).toHaveCount(0);

  // Another browser is a new device: the code is asked.
  const other = await browser.newContext();
  const device = await other.newPage();
  await device.goto('dashboard');
  await expectSigninForm(device);
  since = Date.now();
  await fillSignin(device, account);
  await expect(device.getByRole('heading', { name: 'Xác thực hai lớp' })).toBeVisible();
  await device.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(device.getByText('Mã xác thực không được để trống')).toBeVisible();
  await fillCode(device, 'Mã xác thực', '123');
  await device.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(device.getByText('Vui lòng nhập đủ 6 chữ số của mã xác thực')).toBeVisible();
  const signinMail = await waitForMail(account.email, since);
  await fillCode(device, 'Mã xác thực', codeIn(signinMail) === '000000' ? '999999' : '000000');
  await device.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(device.getByRole('alert')).toHaveText('Mã xác thực không đúng hoặc đã hết hạn, vui lòng thử lại');
  await fillCode(device, 'Mã xác thực', codeIn(signinMail));
  await device.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(device).toHaveURL(/\/sso-fe\/dashboard$/);
  await other.close();

  // A third browser uses a recovery code instead of the e-mail.
  const third = await browser.newContext();
  const lost = await third.newPage();
  await lost.goto('dashboard');
  await fillSignin(lost, account);
  await lost.getByRole('button', { name: 'Dùng mã khôi phục' }).click();
  await lost.getByLabel('Mã khôi phục').fill(recoveryCodes[0]!);
  await lost.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(lost).toHaveURL(/\/sso-fe\/dashboard$/);
  await third.close();

  // With two-factor on, changing the password asks the e-mailed code, with a 300-second countdown.
  await page.keyboard.press('Escape');
  await openAccountMenu(page, 'Đổi mật khẩu');
  await page.getByLabel('Mật khẩu hiện tại').fill(account.password);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Giang#2027');
  await page.getByLabel('Xác nhận mật khẩu mới').fill('Giang#2027');
  since = Date.now();
  await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByRole('button', { name: /Gửi lại mã sau (300|29\d) giây/ })).toBeDisabled();
  const changeMail = await waitForMail(account.email, since);
  await fillCode(page, 'Mã xác thực', codeIn(changeMail));
  await expectToast(page, 'Đã đổi mật khẩu; các phiên đăng nhập khác đã được đăng xuất', () => page.getByRole('button', { name: 'Xác nhận' }).click());
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
