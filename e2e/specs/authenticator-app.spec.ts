import { TOTP } from 'otpauth';
import { expect, test, type Page } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { confirm, row, searchList } from '../support/resource.ts';
import { codeIn, waitForMail } from '../support/mail.ts';
import { expectToast } from '../support/toast.ts';
import { expectSigninForm, fillCode, fillSignin, openAccountMenu, signIn, signOut } from '../support/signin.ts';

const account = demoAccount('dung', 'hoanglong');
const unitAdmin = demoAccount('admin', 'hoanglong');
const WRONG = 'Mã xác thực không đúng hoặc đã hết hạn, vui lòng thử lại';
/** What the sign-in's app step says. */
const APP_STEP = 'Nhập mã gồm 6 chữ số đang hiển thị trong ứng dụng xác thực của bạn.';

/** The app's codes for the secret the page showed: the server's clock is the real one, so codes are picked by window, never waited for. */
function authenticator(secret: string) {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  const at = (windows: number) => totp.generate({ timestamp: Date.now() + windows * 30_000 });
  return {
    /** The code of the window now. */
    now: () => at(0),
    /** The next window's code: accepted (one window of drift) and later than any code used so far. */
    next: () => at(1),
    /** A code of none of the windows the server accepts now or soon. */
    wrong: (n: number) => {
      const valid = new Set([-1, 0, 1, 2].map(at));
      let code = n;
      while (valid.has(String(code).padStart(6, '0'))) code++;
      return String(code).padStart(6, '0');
    },
  };
}

async function openTwoFactorTab(page: Page) {
  await openAccountMenu(page, 'Quản lý tài khoản');
  await page.getByRole('tab', { name: 'Xác thực hai lớp' }).click();
}

async function submitCode(page: Page, label: string, code: string) {
  await fillCode(page, label, code);
  await page.getByRole('button', { name: 'Xác nhận' }).click();
}

test('authenticator app: enrolled from the shown secret, asked at sign-in (or an e-mailed code, or a recovery code, instead), a reused code refused, wrong codes lock; the unit admin resets it', async ({ page, browser }) => {
  // Three browsers and a mail-less but multi-step journey: more than the usual time on a busy machine.
  test.slow();
  await signIn(page, account);
  await openTwoFactorTab(page);
  await page.getByRole('button', { name: 'Thiết lập ứng dụng xác thực' }).click();
  await page.getByLabel('Mật khẩu hiện tại').fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  // Refused at the password field, where it is typed again.
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText('Tên đăng nhập hoặc mật khẩu không đúng');
  await page.getByLabel('Mật khẩu hiện tại').fill(account.password);
  await page.getByRole('button', { name: 'Tiếp tục' }).click();

  await expect(page.getByRole('img', { name: 'Mã QR để thêm tài khoản vào ứng dụng xác thực' })).toBeVisible();
  // The secret as the user reads it: groups of four, spaces to be dropped when typed.
  const shown = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const app = authenticator(shown.replace(/\s/g, ''));

  await submitCode(page, 'Mã từ ứng dụng', app.wrong(123456));
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText(WRONG);
  await submitCode(page, 'Mã từ ứng dụng', app.now());
  // The app turned two-factor on: the recovery codes, once.
  const shownCodes = page.getByRole('list', { name: 'Mã khôi phục của bạn' }).getByRole('listitem');
  await expect(shownCodes).toHaveCount(10);
  const recoveryCodes = await shownCodes.allTextContents();
  await page.getByRole('button', { name: 'Tôi đã lưu các mã' }).click();
  await expect(page.getByText('Đã thiết lập', { exact: true })).toBeVisible();
  await expect(page.getByText('Đang bật', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await signOut(page);

  // A new device: the app's code is asked, not an e-mailed one.
  const first = await browser.newContext();
  const device = await first.newPage();
  await device.goto('dashboard');
  await expectSigninForm(device);
  await fillSignin(device, account);
  await expect(device.getByText(APP_STEP)).toBeVisible();
  await expect(device.getByRole('button', { name: 'Nhận mã qua email thay vì ứng dụng' })).toBeVisible();
  const used = app.next();
  await submitCode(device, 'Mã từ ứng dụng xác thực', used);
  await expect(device).toHaveURL(/\/sso-fe\/dashboard$/, { timeout: 30_000 });
  await first.close();

  // Another device, the phone not at hand: an e-mailed code instead, asked for at the app's step.
  const mailing = await browser.newContext();
  const byMail = await mailing.newPage();
  await byMail.goto('dashboard');
  await expectSigninForm(byMail);
  await fillSignin(byMail, account);
  await expect(byMail.getByText(APP_STEP)).toBeVisible();
  const since = Date.now();
  await byMail.getByRole('button', { name: 'Nhận mã qua email thay vì ứng dụng' }).click();
  await expect(byMail.getByText(/^Mã gồm 6 chữ số đã được gửi tới /)).toBeVisible();
  const mail = await waitForMail(account.email, since);
  await submitCode(byMail, 'Mã xác thực', codeIn(mail));
  await expect(byMail).toHaveURL(/\/sso-fe\/dashboard$/, { timeout: 30_000 });
  await mailing.close();

  // And one with neither phone nor mail: a recovery code saved at the enrolment.
  const recovering = await browser.newContext();
  const byRecovery = await recovering.newPage();
  await byRecovery.goto('dashboard');
  await expectSigninForm(byRecovery);
  await fillSignin(byRecovery, account);
  await expect(byRecovery.getByText(APP_STEP)).toBeVisible();
  await byRecovery.getByRole('button', { name: 'Dùng mã khôi phục' }).click();
  await byRecovery.getByLabel('Mã khôi phục').fill(recoveryCodes[0]!);
  await byRecovery.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(byRecovery).toHaveURL(/\/sso-fe\/dashboard$/, { timeout: 30_000 });
  await recovering.close();

  // Another new device: the same code again is refused at the field; then wrong codes lock the
  // account (the reused code counted as the first of the five wrong attempts).
  const second = await browser.newContext();
  const other = await second.newPage();
  await other.goto('dashboard');
  await expectSigninForm(other);
  await fillSignin(other, account);
  await expect(other.getByText(APP_STEP)).toBeVisible();
  await submitCode(other, 'Mã từ ứng dụng xác thực', used);
  await expect(other.locator('#code-error')).toHaveText(WRONG);
  for (let attempt = 2; attempt <= 4; attempt++) {
    await submitCode(other, 'Mã từ ứng dụng xác thực', app.wrong(100_000 * attempt));
    await expect(other.locator('#code-error')).toHaveText(WRONG);
  }
  await submitCode(other, 'Mã từ ứng dụng xác thực', app.wrong(555_555));
  await expect(other.getByRole('alert')).toHaveText('Tài khoản đã bị khóa trong 30 phút');
  // Locked: even the right code is refused.
  await submitCode(other, 'Mã từ ứng dụng xác thực', app.next());
  await expect(other.getByRole('alert')).toHaveText('Tài khoản đã bị khóa trong 30 phút');
  await second.close();

  // The unit's administrator sees the app in the users list and resets it (asked first).
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, unitAdmin, 'user/user-of-enterprise');
  await searchList(adminPage, account.username);
  const user = row(adminPage, account.username);
  await expect(user.getByText('Ứng dụng', { exact: true })).toBeVisible();
  await user.getByRole('button', { name: `Đặt lại phương thức xác thực ${account.username}` }).click();
  await expectToast(adminPage, `Đã đặt lại phương thức xác thực của "${account.username}"`, () =>
    confirm(adminPage, /Xóa các khóa truy cập \(passkey\) và ứng dụng xác thực/, 'Đặt lại'),
  );
  await expect(user.getByText('Ứng dụng', { exact: true })).toHaveCount(0);
  await admin.close();
});
