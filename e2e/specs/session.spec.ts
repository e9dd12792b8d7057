import { expect, test } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { expectSigninForm, openAccountMenu, signIn } from '../support/signin.ts';

const account = demoAccount('dung', 'minhphat');
const expiredTitle = 'Phiên đăng nhập đã hết hạn';

test('signing out in another tab opens the session-expired modal, removes the tokens and closes the live connection', async ({ page, context }) => {
  const liveConnection = page.waitForEvent('websocket', (socket) => socket.url().includes('/realtime/'));
  await signIn(page, account);
  const socket = await liveConnection;
  const closed = socket.waitForEvent('close');

  const other = await context.newPage();
  await other.goto('dashboard');
  await expect(other.getByRole('navigation')).toBeVisible();
  await openAccountMenu(other, 'Đăng xuất');
  await expectSigninForm(other);

  const modal = page.getByRole('dialog');
  await expect(modal.getByText(expiredTitle, { exact: true })).toBeVisible();
  await expect(modal.getByText('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sso.access_token'))).toBeNull();
  await closed;

  await modal.getByRole('button', { name: 'Đăng nhập lại' }).click();
  await expectSigninForm(page);
});

test('a 401 from the API opens the same modal; logging in again returns to the page', async ({ page }) => {
  await signIn(page, account, 'list-base-app');
  await page.evaluate(() => localStorage.setItem('sso.access_token', 'expired-or-forged'));
  await page.reload();
  await expect(page.getByRole('dialog').getByText(expiredTitle, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Đăng nhập lại' }).click();
  // The provider session is still alive: no password, straight back with new tokens (the
  // page was already at this address, so the address alone would not show the round trip).
  // (While the page navigates there is nothing to read: ask again.)
  const accessToken = () => page.evaluate(() => localStorage.getItem('sso.access_token')).catch(() => null);
  await expect.poll(accessToken, { timeout: 20_000 }).not.toBeNull();
  await expect(page).toHaveURL(/\/sso-fe\/list-base-app$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the session renews silently before expiry; when renewal fails twice, the modal opens', async ({ page }) => {
  await page.clock.install();
  await signIn(page, account);
  const firstToken = await page.evaluate(() => localStorage.getItem('sso.access_token'));

  // 180 s before the 15-minute expiry the token is renewed without the user noticing.
  await page.clock.runFor('12:30');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sso.access_token'))).not.toBe(firstToken);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The identity provider cannot be reached: the renewal, and its retry a second later, fail.
  let renewals = 0;
  await page.route('**/oidc/token', (route) => {
    renewals += 1;
    return route.abort();
  });
  await page.clock.runFor('12:30');
  await page.clock.runFor(1500);
  await expect(page.getByRole('dialog').getByText(expiredTitle, { exact: true })).toBeVisible();
  expect(renewals).toBeGreaterThanOrEqual(2);
});
