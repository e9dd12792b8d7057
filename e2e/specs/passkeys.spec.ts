import { expect, test, type Page } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { confirm, motionSettled } from '../support/resource.ts';
import { expectSigninForm, openAccountMenu, signIn, signOut } from '../support/signin.ts';

// A demo account of its own: its passkeys change how it signs in.
const account = demoAccount('giang', 'hoanglong');

async function openSecurityTab(page: Page) {
  await openAccountMenu(page, 'Quản lý tài khoản');
  await page.getByRole('tab', { name: 'Bảo mật' }).click();
}

test('passkeys: registered from the account screen, then signing in with no password (autofill, then the button), renamed, removed and refused', async ({ page }) => {
  test.slow();
  // Chromium's virtual authenticator: a platform authenticator holding discoverable
  // credentials, verifying the user and consenting by itself.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await signIn(page, account);

  await test.step('register: named, after the password', async () => {
    await openSecurityTab(page);
    await expect(page.getByText('Bạn chưa có khóa truy cập nào.')).toBeVisible();
    await page.getByRole('button', { name: 'Thêm khóa truy cập' }).click();
    await page.getByLabel('Tên khóa truy cập').fill('Máy thử nghiệm');
    await page.getByLabel('Mật khẩu hiện tại').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Tạo khóa truy cập' }).click();
    await expect(page.getByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeVisible();
    await page.getByLabel('Mật khẩu hiện tại').fill(account.password);
    await page.getByRole('button', { name: 'Tạo khóa truy cập' }).click();
    await expect(page.getByText('Máy thử nghiệm')).toBeVisible();
    await expect(page.getByText('chưa sử dụng')).toBeVisible();
  });

  await page.keyboard.press('Escape');

  await test.step('signing out, the username field\'s autofill signs in with the passkey: no password', async () => {
    // The sign-in screen offers the passkey in the username field at once (conditional
    // mediation); the virtual authenticator, consenting by itself, picks it.
    await openAccountMenu(page, 'Đăng xuất');
    await expect(page.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
    await openSecurityTab(page);
    await expect(page.getByText(/dùng lần cuối/)).toBeVisible();
  });

  await test.step('signing out, the button signs in with the passkey: no password', async () => {
    // The autofill would pick the passkey by itself (the virtual authenticator consents at
    // once): the authenticator holds none while the sign-in screen opens, and gets it back
    // once the button has taken the ceremony over from the autofill.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
    await page.keyboard.press('Escape');
    await openAccountMenu(page, 'Đăng xuất');
    await expectSigninForm(page);
    await page.getByRole('button', { name: 'Đăng nhập bằng khóa truy cập' }).click();
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credentials[0]! });
    await expect(page.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
    await openSecurityTab(page);
  });

  await test.step('rename, then remove after confirming and the password', async () => {
    await page.getByRole('button', { name: 'Đổi tên khóa truy cập Máy thử nghiệm' }).click();
    await page.getByLabel('Tên khóa truy cập').fill('Máy cũ');
    await page.getByLabel('Tên khóa truy cập').press('Enter');
    await expect(page.getByText('Máy cũ')).toBeVisible();
    await page.getByRole('button', { name: 'Xóa khóa truy cập Máy cũ' }).click();
    await confirm(page, 'Xóa khóa truy cập “Máy cũ”?', 'Xóa');
    await page.getByLabel('Mật khẩu hiện tại').fill(account.password);
    // The confirmation may still be zooming out over the account dialog.
    await motionSettled(page);
    await page.getByRole('tabpanel', { name: 'Bảo mật' }).getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText('Bạn chưa có khóa truy cập nào.')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await signOut(page);

  await test.step('the removed passkey is refused, by the autofill and by the button', async () => {
    const refusal = page.getByRole('alert');
    await expect(refusal).toHaveText('Khóa truy cập này không còn được đăng ký cho tài khoản nào');
    await page.getByRole('button', { name: 'Đăng nhập bằng khóa truy cập' }).click();
    await expect(refusal).toHaveText('Khóa truy cập này không còn được đăng ký cho tài khoản nào');
    await expectSigninForm(page);
  });
});
