import { expect, test, type Page } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { chooseOption, confirm, fillAccount, fillDate, fillFields, openAddDialog, row, saveDialog, searchList } from '../support/resource.ts';
import { sampleClientUrls } from '../support/sample-app.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

// Everything this journey creates is its own: the other specs' demo units, packs and CRM stay untouched.
const service = { code: 'HANHTRINH', name: 'Ứng dụng Hành Trình' };
const app = sampleClientUrls(Number(process.env.E2E_APP_PORT), service.code);
const pack = { name: 'Gói Hành Trình E2E', band: '1' };
const unit = {
  name: 'Công ty TNHH Hành Trình E2E',
  businessCode: '0319999077',
  admin: { username: 'admin.hanhtrinh', email: 'admin@hanhtrinh.example.com', password: 'HanhTrinh#2026' },
};
const member = { username: 'lan.hanhtrinh', email: 'lan@hanhtrinh.example.com', password: 'Lan#HanhTrinh2026', lastName: 'Trần', firstName: 'Lan' };
const EXPIRED = 'Dịch vụ đã hết hạn. Vui lòng nâng cấp gói dịch vụ';

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
const unitPackRow = (page: Page) => row(page, unit.name).filter({ hasText: pack.name });

/** The platform admin adds a service whose links are the sample app's for its code. */
async function createService(page: Page, created: { code: string; name: string }) {
  const links = sampleClientUrls(Number(process.env.E2E_APP_PORT), created.code);
  await page.goto('service/service-manage');
  await expect(page.getByRole('main').locator('.ant-card-head-title').getByText('Dịch vụ', { exact: true })).toBeVisible();
  await openAddDialog(page);
  await fillFields(page, { 'Tên dịch vụ': created.name, 'Mã dịch vụ': created.code, 'Đường dẫn': links.link, 'Đường dẫn chuyển hướng': links.callback });
  await saveDialog(page);
  await expect(row(page, created.code)).toContainText(created.name);
}

/** Opens the service from the header's app switcher; the app opens in a tab of its own. */
async function openFromSwitcher(page: Page): Promise<Page> {
  await page.getByRole('button', { name: 'Ứng dụng' }).click();
  const opened = page.waitForEvent('popup');
  await page.getByRole('region', { name: 'Ứng dụng của bạn' }).getByRole('link', { name: service.name }).click();
  return opened;
}

test('a new service and pack, given to a unit and granted to its admin, open by single sign-on until the pack is ended; then the service is refused', async ({ page, browser }) => {
  // Three people, a dozen screens and two visits to the app: about three minutes while the
  // other worker runs its specs on this 2-core machine.
  test.setTimeout(360_000);

  await test.step('the platform admin creates the service with its redirect link: an OIDC client of the portal', async () => {
    await signIn(page, ADMIN, 'service/service-manage');
    await createService(page, service);
    await row(page, service.code).getByRole('button', { name: `Xem chi tiết ${service.name}` }).click();
    const view = page.getByRole('dialog');
    await expect(view).toContainText(app.callback);
    await expect(view).toContainText('Chưa có (client công khai, PKCE)');
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });

  await test.step('a one-user pack holding it', async () => {
    await page.goto('package/package-manage');
    await openAddDialog(page);
    await fillFields(page, { 'Tên gói dịch vụ': pack.name, 'Giá/người dùng/tháng': '150000' });
    await chooseOption(page, 'Dịch vụ trong gói', service.name);
    await page.keyboard.press('Escape');
    await chooseOption(page, 'Số người dùng', pack.band);
    await saveDialog(page);
    await expect(row(page, pack.name)).toContainText('150.000');
  });

  await test.step('a unit with its administrator, given the pack from last month on', async () => {
    await page.goto('enterprise/enterprise-manage');
    await openAddDialog(page);
    await fillFields(page, {
      'Tên doanh nghiệp': unit.name,
      'Mã số doanh nghiệp': unit.businessCode,
      'Tài khoản quản trị': unit.admin.username,
      'Email quản trị': unit.admin.email,
      'Mật khẩu quản trị (để trống để tạo tự động)': unit.admin.password,
    });
    await chooseOption(page, 'Số lượng nhân viên', '21-100');
    await saveDialog(page);

    await page.goto('package/package-enterprise');
    await openAddDialog(page);
    await chooseOption(page, 'Doanh nghiệp', unit.name);
    await chooseOption(page, 'Tên gói dịch vụ', `${pack.name} (${pack.band})`, page.getByRole('dialog'), pack.name);
    await fillDate(page, 'Ngày bắt đầu', daysFromNow(-30));
    await fillDate(page, 'Ngày hết hạn', daysFromNow(335));
    await saveDialog(page);
    await searchList(page, unit.name);
    await expect(unitPackRow(page)).toContainText('Đang hiệu lực');
  });

  const unitAdmin = await browser.newContext();
  const adminPage = await unitAdmin.newPage();
  await test.step('the unit admin adds a user, then grants the service to themselves: the grant takes the pack’s one seat', async () => {
    await signIn(adminPage, unit.admin, 'user/user-of-enterprise');
    await openAddDialog(adminPage);
    await fillAccount(adminPage, member);
    await saveDialog(adminPage);

    await adminPage.goto('service/permission-user');
    await expect(adminPage.getByRole('main').getByText('Phân quyền người dùng', { exact: true })).toBeVisible();
    await openAddDialog(adminPage);
    await chooseOption(adminPage, 'Người dùng', `${unit.admin.username} (${unit.admin.username})`, adminPage.getByRole('dialog'), unit.admin.username);
    await chooseOption(adminPage, 'Dịch vụ', service.name);
    await saveDialog(adminPage);
    await expect(row(adminPage, unit.admin.username)).toContainText(service.name);

  });

  await test.step('the platform admin grants the service to the unit’s other user on the same screen: refused, the one seat is taken', async () => {
    await page.goto('service/permission-user');
    await openAddDialog(page);
    await chooseOption(page, 'Doanh nghiệp', unit.name);
    await chooseOption(page, 'Người dùng', `${member.lastName} ${member.firstName} (${member.username})`, page.getByRole('dialog'), member.username);
    await chooseOption(page, 'Dịch vụ', service.name);
    // A refusal stays in the dialog where the admin can act on it, not in a passing toast.
    await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByRole('dialog')).toContainText('Đã cấp hết số người dùng của gói dịch vụ (1)');
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();
  });

  await test.step('the unit admin opens the app from the app switcher and is signed in without a second password', async () => {
    await adminPage.goto('dashboard');
    const opened = await openFromSwitcher(adminPage);
    await expect(opened.getByRole('heading', { name: service.code })).toBeVisible();
    await expect(opened.getByText(`Signed in as ${unit.admin.username} (${unit.admin.username})`)).toBeVisible();
    // Leaving the app ends its own session only; the next visit asks the portal again.
    await opened.getByRole('link', { name: 'Sign out' }).click();
    await expect(opened.getByText('Signed out')).toBeVisible();
    await opened.close();
  });

  await test.step('the platform admin ends the pack early: its expiry moves to yesterday', async () => {
    await page.goto('package/package-enterprise');
    await searchList(page, unit.name);
    await unitPackRow(page).getByRole('button', { name: `Chỉnh sửa ${unit.name} – ${pack.name}` }).click();
    await fillDate(page, 'Ngày hết hạn', daysFromNow(-1));
    await saveDialog(page);
    await expect(unitPackRow(page)).toContainText('Hết hiệu lực');
  });

  await test.step('the same admin is refused by the portal with the specification’s message, and no session reaches the app', async () => {
    const appTab = await unitAdmin.newPage();
    await appTab.goto(app.link);
    await expect(appTab.getByText('Không thể mở dịch vụ')).toBeVisible();
    await expect(appTab.getByText(EXPIRED)).toBeVisible();
    await expect(appTab).toHaveURL(/\/sso-fe\/signin\?uid=/);
    await appTab.getByRole('link', { name: 'Quay lại cổng thông tin' }).click();
    await expect(appTab.getByRole('navigation')).toBeVisible();
    await appTab.close();
  });

  await test.step('the portal shows the service as expired; its popup offers Upgrade', async () => {
    await adminPage.reload();
    await adminPage.getByRole('button', { name: 'Ứng dụng' }).click();
    const list = adminPage.getByRole('region', { name: 'Ứng dụng của bạn' });
    await expect(list.getByText('Gói dịch vụ hết hiệu lực')).toBeVisible();
    await expect(list.getByRole('link', { name: service.name })).toHaveCount(0);
    await list.getByText(service.name, { exact: true }).click();
    const popup = adminPage.getByRole('dialog', { name: `Dịch vụ đã hết hạn: ${service.name}` });
    await expect(popup.getByText(EXPIRED)).toBeVisible();
    await popup.getByRole('button', { name: 'Nâng cấp' }).click();
    await expect(adminPage).toHaveURL(/\/sso-fe\/package\/upgrade$/);
  });
  await unitAdmin.close();
});

test('a service with a redirect link gets a client secret, shown once, that its token calls must then present', async ({ page, request }) => {
  // Code and name share no text with the other test's service: the two tests may run at once, and a
  // row or link found by text must be the test's own.
  const confidential = { code: 'BAOMAT', name: 'Ứng dụng Bảo Mật' };
  const { callback } = sampleClientUrls(Number(process.env.E2E_APP_PORT), confidential.code);
  await signIn(page, ADMIN, 'service/service-manage');
  await createService(page, confidential);
  await row(page, confidential.code).getByRole('button', { name: `Cấp client secret mới ${confidential.name}` }).click();
  await confirm(page, 'Secret cũ ngừng hoạt động ngay', 'Lưu');
  const shown = page.getByRole('dialog').filter({ hasText: `Client secret mới của "${confidential.name}"` });
  await expect(shown).toContainText(`Client ID: ${confidential.code}`);
  await expect(shown).toContainText('Secret chỉ hiển thị một lần');
  const secret = (await shown.getByText(/^[A-Za-z0-9_-]{43}$/).textContent())!;
  // Opened as the confirmation left: answered once it stands (a click while one zooms reaches neither).
  await confirm(page, `Client secret mới của "${confidential.name}"`, 'OK');
  await expect(shown).toBeHidden();

  // A code exchange with the secret shown gets past the client's authentication (only the
  // made-up code is refused); with another secret the client itself is refused.
  const exchange = (clientSecret: string) =>
    request.post(`http://localhost:${process.env.E2E_PORT}/oidc/token`, {
      headers: { authorization: `Basic ${Buffer.from(`${confidential.code}:${clientSecret}`).toString('base64')}` },
      form: { grant_type: 'authorization_code', code: 'made-up', redirect_uri: callback, code_verifier: 'v'.repeat(43) },
    });
  expect((await (await exchange(secret)).json()).error).toBe('invalid_grant');
  expect((await (await exchange(`${secret}x`)).json()).error).toBe('invalid_client');

  // The list keeps only that a secret exists and since when, never its value.
  await row(page, confidential.code).getByRole('button', { name: `Xem chi tiết ${confidential.name}` }).click();
  const view = page.getByRole('dialog');
  await expect(view).toContainText(/Đã cấp ngày \d{2}\/\d{2}\/\d{4}/);
  await expect(view).not.toContainText(secret);
});

test('a service no unit uses is switched off and on again, each time confirmed, then deleted after a confirmation', async ({ page }) => {
  // Shares no text with the other tests' services (they may run at once).
  const unused = { code: 'TAMNGUNG', name: 'Ứng dụng Tạm Ngưng' };
  await signIn(page, ADMIN, 'service/service-manage');
  await createService(page, unused);
  const status = row(page, unused.code).getByRole('switch');
  await expect(status).toBeChecked();
  await status.click();
  await expectToast(page, 'Cập nhật trạng thái thành công', () =>
    confirm(page, `Bạn có chắc chắn muốn ngừng kích hoạt dịch vụ "${unused.name}"?`, 'Lưu'),
  );
  await expect(status).not.toBeChecked();
  await status.click();
  await confirm(page, `Bạn có chắc chắn muốn kích hoạt dịch vụ "${unused.name}"?`, 'Lưu');
  await expect(status).toBeChecked();

  await row(page, unused.code).getByRole('button', { name: /^Xóa/ }).click();
  await expectToast(page, 'Xóa thành công', () => confirm(page, `Bạn có chắc chắn muốn xóa dịch vụ "${unused.name}"?`, 'Xóa'));
  await expect(row(page, unused.code)).toHaveCount(0);
});
