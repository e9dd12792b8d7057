import { expect, test, type Page } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { codeIn, waitForMail } from '../support/mail.ts';
import { chooseOption, fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { expectToast } from '../support/toast.ts';
import { expectSigninForm, fillCode, fillSignin, openAccountMenu, signIn, signOut } from '../support/signin.ts';

// Minh Phát's own policy becomes "passkey only" with its status left optional: it then holds
// only for its users who turned two-factor on, and no other spec's Minh Phát user does (no other
// spec changes a business's policy either: specs run in parallel). The user is one of this
// spec's own, so that nothing else sees them change.
const BUSINESS = 'Công ty TNHH Minh Phát';
const unitAdmin = demoAccount('admin', 'minhphat');
const member = { username: 'lan.minhphat', password: 'Demo@2026', email: 'lan@minhphat.example.com' };

const PASSKEY_ONLY = 'Chỉ khóa truy cập (chống lừa đảo)';
const ANY_FACTOR = 'Bất kỳ yếu tố thứ hai nào (mã qua email, ứng dụng xác thực, khóa truy cập)';

const chooseBusiness = (page: Page) => chooseOption(page, 'Áp dụng cho', BUSINESS, page.getByRole('main'));

async function savePolicy(page: Page, factor: string) {
  await page.getByRole('radio', { name: factor }).check();
  await expectToast(page, 'Đã lưu chính sách', () => page.getByRole('button', { name: 'Lưu chính sách' }).click());
}

test('"passkey only": a user without a passkey registers one during the sign-in, after the code, and only then is signed in', async ({ page, browser }) => {
  test.slow();
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN, 'system/two-factor');

  try {
    await test.step("the platform administrator makes the business's own policy \"passkey only\"; the default stays as it was", async () => {
      await chooseBusiness(adminPage);
      await expect(adminPage.getByText('Chính sách riêng của doanh nghiệp này', { exact: false })).toBeVisible();
      await savePolicy(adminPage, PASSKEY_ONLY);
      // Read again from the server: the business keeps "passkey only", the default still takes any factor.
      await adminPage.reload();
      await expect(adminPage.getByRole('radio', { name: ANY_FACTOR })).toBeChecked();
      await chooseBusiness(adminPage);
      await expect(adminPage.getByRole('radio', { name: PASSKEY_ONLY })).toBeChecked();
    });

    await test.step("the business's administrator adds the user", async () => {
      const unitContext = await browser.newContext();
      const unitPage = await unitContext.newPage();
      await signIn(unitPage, unitAdmin, 'user/user-of-enterprise');
      await openAddDialog(unitPage);
      await fillFields(unitPage, {
        'Tài khoản': member.username,
        Email: member.email,
        'Mật khẩu (để trống để tạo tự động)': member.password,
        'Xác nhận mật khẩu': member.password,
        Họ: 'Trần',
        Tên: 'Lan',
      });
      await saveDialog(unitPage);
      await expect(row(unitPage, member.username)).toContainText('Trần Lan');
      await unitContext.close();
    });

    // Chromium's virtual authenticator, as in passkeys.spec.ts: it verifies the user and consents by itself.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await test.step('the user turns two-factor on: the business now asks them for a passkey', async () => {
      await signIn(page, member);
      await openAccountMenu(page, 'Quản lý tài khoản');
      await page.getByRole('tab', { name: 'Xác thực hai lớp' }).click();
      await page.getByRole('button', { name: 'Bật xác thực hai lớp' }).click();
      const since = Date.now();
      await page.getByLabel('Mật khẩu hiện tại').fill(member.password);
      await page.getByRole('button', { name: 'Tiếp tục' }).click();
      await fillCode(page, 'Mã xác thực', codeIn(await waitForMail(member.email, since)));
      await page.getByRole('button', { name: 'Xác nhận' }).click();
      await page.getByRole('button', { name: 'Tôi đã lưu các mã' }).click();
      await expect(page.getByText(/^Doanh nghiệp của bạn yêu cầu đăng nhập bằng khóa truy cập/)).toBeVisible();
      await page.keyboard.press('Escape');
      await signOut(page);
    });

    await test.step('signing in again, on the same device: the password, the e-mailed code, then the passkey', async () => {
      const since = Date.now();
      await fillSignin(page, member);
      await expect(page.getByRole('heading', { name: 'Xác thực hai lớp' })).toBeVisible();
      await fillCode(page, 'Mã xác thực', codeIn(await waitForMail(member.email, since)));
      await page.getByRole('button', { name: 'Xác nhận' }).click();
      // The step has no way past it but a passkey.
      await expect(page.getByRole('heading', { name: 'Tạo khóa truy cập' })).toBeVisible();
      await expect(page.getByText(`Doanh nghiệp của bạn yêu cầu đăng nhập bằng khóa truy cập (passkey) cho tài khoản ${member.username}.`)).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
      const name = page.getByLabel('Tên khóa truy cập');
      await expect(name).toHaveValue('Khóa truy cập của tôi');
      await name.fill('');
      await page.getByRole('button', { name: 'Tạo khóa truy cập' }).click();
      await expect(page.getByText('Tên khóa truy cập không được để trống')).toBeVisible();
      await name.fill('Máy thử nghiệm');
      await name.press('Enter');
      await expect(page.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      await openAccountMenu(page, 'Quản lý tài khoản');
      await page.getByRole('tab', { name: 'Bảo mật' }).click();
      await expect(page.getByText('Máy thử nghiệm')).toBeVisible();
      await page.keyboard.press('Escape');
    });

    await test.step('from now on the password alone is refused; the passkey signs in', async () => {
      // Without the credential for a moment, so that the autofill does not sign in by itself.
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      await signOut(page);
      await fillSignin(page, member);
      // (The passkey part beside the form may say something of its own autofill meanwhile.)
      await expect(page.getByRole('alert').filter({ hasText: 'Chính sách xác thực hai lớp yêu cầu đăng nhập bằng khóa truy cập' })).toBeVisible();
      await expectSigninForm(page);
      await page.getByRole('button', { name: 'Đăng nhập bằng khóa truy cập' }).click();
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credentials[0]! });
      await expect(page.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
    });
  } finally {
    // Left as the other specs expect it (the page shows the business chosen above).
    await savePolicy(adminPage, ANY_FACTOR);
    await admin.close();
  }
});
