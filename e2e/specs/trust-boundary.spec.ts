import { expect, test, type Page } from '../support/test.ts';
import { ADMIN, UNIT_USER } from '../support/accounts.ts';
import { confirm, searchList } from '../support/resource.ts';
import { sampleAppUrls } from '../support/sample-app.ts';
import { expectSigninForm, fillSignin, openAccountMenu, signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const app = sampleAppUrls(Number(process.env.E2E_APP_PORT));

/** What the sample app (openid-client) hears from the portal for its tokens now. */
async function askApp(page: Page, what: 'userinfo' | 'refresh'): Promise<Record<string, unknown>> {
  const response = await page.request.get(`${app.link}${what}`);
  return (await response.json()) as Record<string, unknown>;
}

test('a relying party written with openid-client signs in through the portal, reads userinfo, refreshes, and its tokens die with the portal sign-out', async ({ page }) => {
  await test.step('the app sends the browser to the portal, which signs the user in and sends them back', async () => {
    await page.goto(app.link);
    await expectSigninForm(page);
    await fillSignin(page, UNIT_USER);
    await expect(page.getByText(/^Signed in as .+ \(binh\.minhphat\)$/)).toBeVisible();
  });

  await test.step('userinfo answers the claims of the scopes asked, with the unit and the role in the app', async () => {
    expect(await askApp(page, 'userinfo')).toMatchObject({
      ok: true,
      sessionEnded: false,
      preferred_username: UNIT_USER.username,
      email: 'binh@minhphat.example.com',
      email_verified: true,
      tenant_id: 'minhphat',
      roles: ['SALES'],
    });
  });

  await test.step('the refresh token renews, and the new access token reads userinfo', async () => {
    expect(await askApp(page, 'refresh')).toMatchObject({ ok: true, refreshed: true, scope: 'openid profile email unit roles' });
    expect(await askApp(page, 'userinfo')).toMatchObject({ ok: true });
  });

  await test.step('signed out through the portal, the app’s access and refresh tokens are refused', async () => {
    await page.goto('/sso-fe/dashboard');
    await expect(page.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
    await openAccountMenu(page, 'Đăng xuất');
    await expectSigninForm(page);
    // The app heard it by back-channel logout; the tokens it kept are dead at the portal anyway.
    expect(await askApp(page, 'userinfo')).toMatchObject({ ok: false, sessionEnded: true, status: 401 });
    expect(await askApp(page, 'refresh')).toMatchObject({ ok: false, sessionEnded: true, error: 'invalid_grant' });
  });
});

test('an administrator signs a staff account out everywhere from its row, after confirming; its open tab is told at once', async ({ page, browser }) => {
  const username = `trust.${Date.now().toString(36)}`;
  const password = 'Trust#Boundary2026';
  await signIn(page, ADMIN, 'system/admin-account');

  await test.step('the administrator adds a staff account', async () => {
    const token = await page.evaluate(() => localStorage.getItem('sso.access_token'));
    const roles = await page.request.post('/api/Role/SearchRolePage', { headers: { authorization: `Bearer ${token}` }, data: { pageIndex: 1, pageSize: 50 } });
    const roleId = ((await roles.json()).data.records as { id: string; scope?: string }[])[0]!.id;
    const created = await page.request.post('/api/User/AddUpdateUserWebPortal', {
      headers: { authorization: `Bearer ${token}` },
      data: { username, email: `${username}@example.com`, firstName: 'Tin', lastName: 'Cậy', mobile: '0912345678', roleIds: [roleId], password, confirmPassword: password },
    });
    expect((await created.json()).success).toBe(true);
  });

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, { username, password });

  await test.step('the row action asks first, then ends every session of the account', async () => {
    await searchList(page, username);
    await page.getByRole('button', { name: `Đăng xuất khỏi mọi nơi ${username}` }).click();
    await expectToast(page, `Đã đăng xuất "${username}" khỏi mọi nơi`, () => confirm(page, /khỏi mọi phiên đăng nhập, trên cổng và trong mọi ứng dụng/, 'Đăng xuất'));
  });

  await test.step('the staff tab hears that its session ended', async () => {
    await expect(staff.getByRole('dialog').getByText('Phiên đăng nhập đã hết hạn', { exact: true })).toBeVisible();
  });
});
