import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { chooseOption, confirm, fillAccount, fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { sampleAppUrls } from '../support/sample-app.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const unitAdmin = demoAccount('admin', 'saoviet');
const tenant = 'saoviet';
const member = { username: 'scim.e2e.saoviet', email: 'scim.e2e@saoviet.example.com', password: 'Scim#E2e2026' };
const app = sampleAppUrls(Number(process.env.E2E_APP_PORT));

interface ScimState {
  received: { method: string; type: string; id?: string; body?: Record<string, unknown> }[];
  users: Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- SCIM resources are read loosely
  groups: Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
}

/** What the sample app has received and holds for the unit, read from its test endpoint. */
async function scimState(request: APIRequestContext): Promise<ScimState> {
  return (await request.get(`${app.control}/scim?tenant=${tenant}`)).json() as Promise<ScimState>;
}
const appUserOf = (state: ScimState) => state.users.find((user) => user.userName === member.username);

/** Adds one role, profile or group on its screen. */
async function addAppObject(page: Page, screen: { path: string; title: string; name: string; code: string; value: string }) {
  await page.goto(screen.path);
  await expect(page.getByRole('main').getByText(screen.title, { exact: true })).toBeVisible();
  await openAddDialog(page);
  await chooseOption(page, 'Dịch vụ', 'CRM');
  await fillFields(page, { Mã: screen.code, [screen.name]: screen.value });
  await saveDialog(page);
  await expect(row(page, screen.code)).toContainText('CRM');
}

test('a unit admin sets up CRM roles, profiles and groups and a user; the sample app is provisioned by SCIM, catches up after an outage, and ends the locked user’s session', async ({ page, browser, request }) => {
  // A long journey with deliveries retried after backoff.
  test.setTimeout(360_000);
  await signIn(page, unitAdmin, 'user/role-service');

  await test.step('a role, a profile and a group in the CRM service', async () => {
    await addAppObject(page, { path: 'user/role-service', title: 'Vai trò dịch vụ', name: 'Tên vai trò', code: 'E2E_ROLE', value: 'Trưởng nhóm E2E' });
    await addAppObject(page, { path: 'user/profile-service', title: 'Hồ sơ dịch vụ', name: 'Tên hồ sơ', code: 'E2E_PROFILE', value: 'Hồ sơ E2E' });
    await addAppObject(page, { path: 'user/user-group-service', title: 'Nhóm người dùng dịch vụ', name: 'Tên nhóm', code: 'E2E_GROUP', value: 'Nhóm E2E' });
    // A code already used in the service is refused, whatever its case.
    await openAddDialog(page);
    await chooseOption(page, 'Dịch vụ', 'CRM');
    await fillFields(page, { Mã: 'e2e_group', 'Tên nhóm': 'Trùng' });
    await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Đối tượng bị trùng')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();
  });

  await test.step('a new user of the unit, added to CRM with them: the app receives the SCIM user and group', async () => {
    await page.goto('user/user-of-enterprise');
    await openAddDialog(page);
    await fillAccount(page, { ...member, lastName: 'Phạm', firstName: 'Scim' });
    await saveDialog(page);
    await row(page, member.username).getByRole('button', { name: `Dịch vụ của người dùng ${member.username}` }).click();
    await expect(page).toHaveURL(/user\/app-user\?userId=/);
    await openAddDialog(page);
    await chooseOption(page, 'Dịch vụ', 'CRM');
    await chooseOption(page, 'Tên vai trò', 'Trưởng nhóm E2E');
    await chooseOption(page, 'Tên hồ sơ', 'Hồ sơ E2E');
    await chooseOption(page, 'Tên nhóm', 'Nhóm E2E');
    await saveDialog(page);
    await expect(row(page, member.username)).toContainText('Trưởng nhóm E2E');

    await expect.poll(async () => appUserOf(await scimState(request))?.roles?.[0]?.value, { timeout: 20_000 }).toBe('E2E_ROLE');
    const state = await scimState(request);
    expect(appUserOf(state)).toMatchObject({ active: true, emails: [{ value: member.email }], entitlements: [{ value: 'E2E_PROFILE' }] });
    await expect
      .poll(async () => (await scimState(request)).groups.find((group) => group.displayName === 'Nhóm E2E')?.members?.map((m: { value: string }) => m.value), { timeout: 20_000 })
      .toEqual([appUserOf(state)!.id]);
    await page.reload();
    await expect(row(page, member.username)).toContainText('Đã đồng bộ');
  });

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await test.step('the user signs in to the portal and opens the sample app', async () => {
    await signIn(userPage, member);
    await userPage.goto(app.link);
    await expect(userPage.getByText(`Signed in as Phạm Scim (${member.username})`)).toBeVisible();
  });

  await test.step('with the app down, a role change waits as pending; back up, the app receives exactly one update', async () => {
    await request.post(`${app.control}/down?tenant=${tenant}`);
    const before = (await scimState(request)).received.length;
    await row(page, member.username).getByRole('button', { name: `Chỉnh sửa CRM ${member.username}` }).click();
    await chooseOption(page, 'Tên vai trò', 'Quản trị CRM');
    await saveDialog(page);
    await expect(row(page, member.username)).toContainText('Quản trị CRM');
    await expect(row(page, member.username)).toContainText('Đang chờ');
    // The screen reads the list again while a delivery is pending: the first failed attempt's
    // error appears without a reload (a reload's list is not there yet when counted at once).
    await expect(row(page, member.username).getByLabel(/^Đang chờ: .*503/)).toBeVisible({ timeout: 30_000 });

    await request.post(`${app.control}/up?tenant=${tenant}`);
    await expect.poll(async () => appUserOf(await scimState(request))?.roles?.[0]?.value, { timeout: 40_000 }).toBe('CRM_ADMIN');
    const userId = appUserOf(await scimState(request))!.id;
    const updates = (await scimState(request)).received.slice(before).filter((r) => r.type === 'Users' && (r.id === userId || r.body?.userName === member.username));
    expect(updates.map((r) => r.method)).toEqual(['PUT']);
    await expect(row(page, member.username)).toContainText('Đã đồng bộ', { timeout: 15_000 });
  });

  await test.step('the admin locks the user: the app deactivates them and their session in the app ends', async () => {
    await page.goto('user/user-of-enterprise');
    await row(page, member.username).getByRole('switch').click();
    await expectToast(page, 'Cập nhật trạng thái thành công', () => confirm(page, `Bạn có chắc chắn muốn khóa người dùng "${member.username}"?`, 'Lưu'));
    await expect.poll(async () => appUserOf(await scimState(request))?.active, { timeout: 20_000 }).toBe(false);
    await expect.poll(async () => {
      await userPage.goto(app.link);
      return userPage.getByText(`Signed in as Phạm Scim (${member.username})`).count();
    }, { timeout: 20_000 }).toBe(0);
    // The app no longer knows them: it sends them to the portal to sign in again.
    await expect(userPage).toHaveURL(new RegExp(`^http://localhost:${process.env.E2E_PORT}/`));
  });
  await userContext.close();
});
