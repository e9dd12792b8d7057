import { expect, test } from '../support/test.ts';
import { passwordInMail } from '../../apps/server/test/db-state.ts';
import { ADMIN, demoAccount, demoAgencyAccount } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';
import { chooseOption, confirm, fillFields, motionSettled, openAddDialog, pickerText, row, saveDialog, searchList } from '../support/resource.ts';
import { expectSigninForm, fillSignin, signIn, signOut } from '../support/signin.ts';
import { toastsSeen, watchToasts } from '../support/toast.ts';

// Walking the screens as their users do (issue 25): phones, landings, the first sign-in, and
// the defects found on the way, grouped by who walks them.

test.describe('the shell on a phone (390 px)', () => {
  test('the sidebar is a drawer: closed at first, opened by a named button, closed by Escape and by choosing a screen; nothing is wider than the screen', async ({ page }) => {
    await signIn(page, ADMIN);
    // The sign-in's last address change (the code taken off the URL) closes an open drawer as
    // choosing a screen does: it has happened before the drawer is opened.
    await expect(page).toHaveURL(/\/sso-fe\/dashboard$/);
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole('button', { name: 'Mở menu' });
    const nav = page.getByRole('navigation');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Tổng quan' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await nav.getByRole('button', { name: 'Quản trị hệ thống' }).click();
    await nav.getByRole('link', { name: 'Vai trò hệ thống' }).click();
    await expect(page).toHaveURL(/\/system\/role-system$/);
    await expect(nav).toBeHidden();
    // The header's controls keep to the screen: the language and account buttons show their icons, named in full.
    await expect(page.getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('.shell-header')!.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('landings and sign-in', () => {
  test('the signed-out visitor reaches the sign-in form with one load of the app', async ({ page }) => {
    const documents: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'document' && documents.push(new URL(request.url()).pathname)));
    await page.goto('dashboard');
    await expectSigninForm(page);
    expect(documents).toEqual(['/sso-fe/dashboard']);
  });

  test("an agent lands on the first screen of their menu, not on a refusal, and so does a visit of the dashboard; they correct a trial unit they registered", async ({ page }) => {
    await signIn(page, demoAgencyAccount('agent', 'anphu'));
    await expect(page).toHaveURL(/\/sso-fe\/agency-crm\/agency-manage$/);
    await expect(page.getByText('Bạn không có quyền truy cập chức năng này')).toHaveCount(0);
    await page.goto('dashboard');
    await expect(page).toHaveURL(/\/sso-fe\/agency-crm\/agency-manage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quản lý đại lý' })).toBeVisible();

    await page.goto('agency-crm/agency-unit');
    await row(page, 'Hộ kinh doanh Hoàng Long').getByRole('button', { name: 'Chỉnh sửa Hộ kinh doanh Hoàng Long' }).click();
    const address = `Số ${Date.now() % 1000} Trần Hưng Đạo, Cần Thơ`;
    await fillFields(page, { 'Địa chỉ': address });
    await saveDialog(page);
    await row(page, 'Hộ kinh doanh Hoàng Long').getByRole('button', { name: /^Xem chi tiết/ }).click();
    await expect(page.getByRole('dialog')).toContainText(address);
  });

  test('a user given a generated password sets their own at the first sign-in, before anything else', async ({ page, browser }) => {
    const admin = demoAccount('admin', 'hoanglong');
    const member = { username: `first.${Date.now() % 1_000_000}`, email: `first.${Date.now() % 1_000_000}@hoanglong.example.com` };
    const since = Date.now();
    await signIn(page, admin, 'user/user-of-enterprise');
    await openAddDialog(page);
    await fillFields(page, { 'Tài khoản': member.username, Email: member.email, Họ: 'Phạm', Tên: 'Đầu' });
    await saveDialog(page);
    await expect(row(page, member.username)).toBeVisible();
    const given = passwordInMail((await waitForMail(member.email, since)).text);

    const context = await browser.newContext();
    const user = await context.newPage();
    await user.goto('dashboard');
    await expectSigninForm(user);
    await fillSignin(user, { username: member.username, password: given });
    await expect(user.getByRole('heading', { name: 'Đặt mật khẩu của bạn' })).toBeVisible();
    // The specification's rules, and a password of their own.
    await user.getByLabel('Mật khẩu mới', { exact: true }).fill('short');
    await user.getByLabel('Xác nhận mật khẩu mới').fill('short');
    await user.getByRole('button', { name: 'Lưu mật khẩu và tiếp tục' }).click();
    await expect(user.getByText('Mật khẩu gồm ít nhất 8 ký tự, có chữ thường, chữ hoa, chữ số và ký tự đặc biệt')).toBeVisible();
    await user.getByLabel('Mật khẩu mới', { exact: true }).fill(given);
    await user.getByLabel('Xác nhận mật khẩu mới').fill(given);
    await user.getByRole('button', { name: 'Lưu mật khẩu và tiếp tục' }).click();
    await expect(user.getByRole('alert')).toHaveText('Mật khẩu mới phải khác mật khẩu được cấp');
    await user.getByLabel('Mật khẩu mới', { exact: true }).fill('Own#First2026');
    await user.getByLabel('Xác nhận mật khẩu mới').fill('Own#First2026');
    await user.getByRole('button', { name: 'Lưu mật khẩu và tiếp tục' }).click();
    await expect(user.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
    // A plain user of the unit: their own figures.
    await expect(user.getByText('Số liệu đăng nhập của riêng bạn')).toBeVisible();
    await expect(user.getByRole('heading', { name: 'Dịch vụ của bạn' })).toBeVisible();

    // The next sign-in takes the new password straight in; the given one no longer works.
    await signOut(user);
    await fillSignin(user, { username: member.username, password: given });
    await expect(user.getByRole('alert')).toHaveText('Tên đăng nhập hoặc mật khẩu không đúng');
    await fillSignin(user, { username: member.username, password: 'Own#First2026' });
    await expect(user.getByRole('navigation')).toBeVisible({ timeout: 30_000 });
    await context.close();
  });
});

test.describe("the platform administrator's screens", () => {
  test('a business registration code is checked as the user types; a refused unit is in the action log, in words', async ({ page }) => {
    // The page's clock, moved on below instead of waiting for it (it runs as the real one until then).
    await page.clock.install();
    await signIn(page, ADMIN, 'enterprise/enterprise-manage');
    // A column the contract declares sortable is sorted by the server, one way then the other.
    const header = page.locator('.resource-table th').filter({ hasText: 'Tên doanh nghiệp' });
    const names = () => page.locator('.resource-table tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    const sortedBy = (order: string) => page.waitForResponse((response) => response.url().endsWith('/api/Unit/Search') && response.request().postDataJSON()?.sort?.order === order);
    // The list shows its previous rows until the next answer is drawn (then its spinner goes).
    const drawn = () => expect(page.locator('.resource-table .ant-spin-spinning')).toHaveCount(0);
    const ascendReply = sortedBy('ascend');
    await header.click();
    await ascendReply;
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await drawn();
    const ascending = await names();
    const descendReply = sortedBy('descend');
    await header.click();
    await descendReply;
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await drawn();
    const descending = await names();
    // Other specs add units meanwhile: the names both lists hold are in opposite orders.
    const heldBy = (list: string[], other: string[]) => list.filter((name) => other.includes(name));
    expect(heldBy(ascending, descending).length).toBeGreaterThan(2);
    expect(heldBy(descending, ascending)).toEqual(heldBy(ascending, descending).reverse());
    await openAddDialog(page);
    const dialog = page.getByRole('dialog');
    // A dialog is titled by what it adds, not by the list's title.
    await expect(dialog.locator('.ant-modal-title')).toHaveText('Thêm doanh nghiệp');
    await fillFields(page, { 'Tên doanh nghiệp': 'Công ty Trùng Mã', 'Mã số doanh nghiệp': '0312345' });
    await expect(dialog.getByText('Mã số doanh nghiệp gồm 10 chữ số, hoặc 10 chữ số, dấu - và 3 chữ số với chi nhánh')).toBeVisible();
    // Minh Phát's code: the server refuses it, and the refusal is logged.
    await fillFields(page, { 'Mã số doanh nghiệp': '0312345678', 'Tài khoản quản trị': 'admin.trungma', 'Email quản trị': 'admin@trungma.example.com' });
    await chooseOption(page, 'Số lượng nhân viên', '2-20');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    // The refusal lands at its field and stays there (no toast to miss) until the field is edited.
    const codeItem = dialog.locator('.ant-form-item').filter({ has: page.getByLabel('Mã số doanh nghiệp', { exact: true }) });
    await expect(codeItem.locator('.ant-form-item-explain-error')).toHaveText('Mã số doanh nghiệp đã được đăng ký');
    await expect(page.locator('.toast-title').filter({ hasText: 'Mã số doanh nghiệp đã được đăng ký' })).toHaveCount(0);
    // Longer than a toast stays (2 s): whatever the page would clear with time, it has.
    await page.clock.runFor(2500);
    await expect(codeItem.locator('.ant-form-item-explain-error')).toHaveText('Mã số doanh nghiệp đã được đăng ký');
    await fillFields(page, { 'Mã số doanh nghiệp': '0312345679' });
    await expect(codeItem.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Hủy' }).click();

    await page.goto('log/action');
    await searchList(page, 'Trùng Mã');
    const failure = row(page, 'Thất bại').first();
    await failure.getByRole('button', { name: /^Xem chi tiết/ }).click();
    const view = page.getByRole('dialog');
    await expect(view).toContainText('Lý do: Mã số doanh nghiệp đã được đăng ký');
    await expect(view).toContainText('Mã số doanh nghiệp');
    await expect(view).not.toContainText('unit.business_code_exists');
    await expect(view.locator('pre')).toHaveCount(0);
  });

  test('a 400 naming a field of the form shows at that field only, no toast beside it', async ({ page }) => {
    await signIn(page, ADMIN, 'system/email-campaign');
    await openAddDialog(page);
    const dialog = page.getByRole('dialog');
    await chooseOption(page, 'Người nhận', 'Các địa chỉ email');
    await fillFields(page, { 'Tên chiến dịch': 'Quá giờ', 'Địa chỉ nhận (cách nhau bởi dấu phẩy)': 'qua.gio@example.com', 'Tiêu đề': 'Quá giờ' });
    await dialog.getByRole('button', { name: 'Mã HTML' }).click();
    await dialog.getByLabel('Nội dung (HTML)').fill('<p>Quá giờ.</p>');
    // A minute ago passes the form's own rules (today may be picked); the server answers 400 naming sendAt.
    const sendAt = dialog.getByLabel('Thời gian gửi', { exact: true });
    const past = new Date(Date.now() - 60_000);
    await sendAt.click();
    await sendAt.fill(pickerText(past, true));
    await motionSettled(page);
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await watchToasts(page);
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/EmailCampaign/AddUpdate') && response.status() === 400);
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await refused;
    const item = dialog.locator('.ant-form-item').filter({ has: page.getByLabel('Thời gian gửi', { exact: true }) });
    await expect(item.locator('.ant-form-item-explain-error')).toHaveText('Thời gian gửi phải sau thời điểm hiện tại');
    await expect(dialog.getByRole('alert').filter({ hasText: 'Không lưu được' })).toHaveCount(0);
    expect(await toastsSeen(page)).toEqual([]);
  });

  test('a built-in role says so and offers no delete; a refusal naming no field shows inside the dialog; the list scrolls from the keyboard with status and actions in view', async ({ page }) => {
    await signIn(page, ADMIN, 'system/role-system');
    const superAdmin = row(page, 'Super admin');
    await expect(superAdmin.getByRole('img', { name: 'Bản ghi tích hợp sẵn: không xóa được: Super admin' })).toBeVisible();
    await expect(superAdmin.getByRole('button', { name: /^Xóa/ })).toHaveCount(0);

    await openAddDialog(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-title')).toHaveText('Thêm vai trò');
    await fillFields(page, { 'Tên vai trò': 'Super admin' });
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Không lưu được' });
    await expect(refusal).toContainText('Đối tượng phân quyền đã tồn tại');
    await fillFields(page, { 'Tên vai trò': 'Super admin 2' });
    await expect(refusal).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Hủy' }).click();

    // The widest list: its scroll container is a named tab stop, the status and actions pinned in view at 1440.
    await page.goto('enterprise/enterprise-manage');
    const scroller = page.getByRole('region', { name: /doanh nghiệp/i });
    await scroller.focus();
    await expect(scroller).toBeFocused();
    const status = page.getByRole('columnheader', { name: 'Trạng thái' });
    const box = (await status.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
    // The actions column is as narrow as its icons (32 px each) and the cell's padding.
    const actions = (await page.getByRole('columnheader', { name: 'Thao tác' }).boundingBox())!;
    const icons = await page.locator('tbody .resource-actions').first().locator('button, [role="img"]:not(.anticon)').count();
    expect(actions.width).toBeLessThanOrEqual(icons * 32 + 48);
  });

  test("giving a unit a pack: starts today, expires after the pack's term (saved and read back), Enter in a date does not save, a warning when the unit already holds one; a trial unit's pack reads Trial", async ({ page }) => {
    await signIn(page, ADMIN, 'package/package-enterprise');
    await expect(row(page, 'Hộ kinh doanh Hoàng Long').first()).toContainText('Dùng thử');
    await openAddDialog(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-title')).toHaveText('Thêm gói dịch vụ cho doanh nghiệp');
    const today = new Date();
    await expect(dialog.getByLabel('Ngày bắt đầu', { exact: true })).toHaveValue(pickerText(today));
    await chooseOption(page, 'Doanh nghiệp', 'Công ty Cổ phần Sao Việt', dialog, 'Sao Việt');
    await expect(dialog.getByRole('alert')).toContainText('Công ty Cổ phần Sao Việt đang có gói dùng được');
    // Sao Việt holds Plus already; Essentials runs 12 months.
    await chooseOption(page, 'Tên gói dịch vụ', 'Gói Essentials (2-20)', dialog, 'Essentials');
    const inAYear = new Date(today);
    inAYear.setMonth(inAYear.getMonth() + 12);
    await expect(dialog.getByLabel('Ngày hết hạn', { exact: true })).toHaveValue(pickerText(inAYear));
    // Enter in a date saves nothing: the one save asked of the server is the button's.
    const saves: string[] = [];
    page.on('request', (request) => void (request.url().includes('/api/PackageServiceChannel/Update') && saves.push(request.url())));
    await dialog.getByLabel('Ngày bắt đầu', { exact: true }).press('Enter');
    await expect(dialog).toBeVisible();
    await saveDialog(page);
    expect(saves).toHaveLength(1);

    // Read back: the expiry is the pack's term, not "Unlimited".
    await searchList(page, 'Sao Việt');
    const given = row(page, 'Công ty Cổ phần Sao Việt').filter({ hasText: 'Gói Essentials' });
    await expect(given).toHaveCount(1);
    await expect(given).toContainText(pickerText(inAYear));
    await expect(given).not.toContainText('Không giới hạn');
    // Taken back, so that Sao Việt keeps the packs the other specs know.
    await given.getByRole('button', { name: /^Xóa/ }).click();
    await confirm(page, /Bạn có chắc chắn muốn xóa gói "Gói Essentials"/, 'Xóa');
    await expect(given).toHaveCount(0);
  });

  test('one table, one menu entry: enterprise permissions open the access screen by service', async ({ page }) => {
    await signIn(page, ADMIN, 'service/permission-enterprise');
    await expect(page).toHaveURL(/\/enterprise\/manage-access\?view=service$/);
    await expect(page.getByRole('radio', { name: 'Theo dịch vụ' })).toBeChecked();
    const nav = page.getByRole('navigation');
    const service = nav.getByRole('button', { name: 'Quản lý dịch vụ' });
    if ((await service.getAttribute('aria-expanded')) !== 'true') await service.click();
    await expect(nav.getByRole('link', { name: 'Phân quyền người dùng' })).toBeVisible();
    await expect(nav.getByText('Phân quyền doanh nghiệp')).toHaveCount(0);
  });

  test("a grant's state says what it means and who can fix it, in the screen's language; adding a unit user asks nothing it must refuse", async ({ page }) => {
    const refused: string[] = [];
    page.on('response', (response) => void (response.status() === 400 && refused.push(new URL(response.url()).pathname)));
    await signIn(page, ADMIN, 'service/permission-user');
    // The demo's grants are CRM's, whose app is integrated (a grant of a service without one says
    // "Chưa kết nối … liên hệ quản trị hệ thống": the API test of app users covers it).
    await expect(page.getByRole('main').getByLabel('Đã đồng bộ: Ứng dụng của dịch vụ đã có người dùng này như trên cổng.').first()).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('SCIM');

    await page.goto('user/user-of-enterprise');
    await openAddDialog(page);
    await expect(page.getByRole('dialog').getByLabel('Báo cáo cho', { exact: true })).toBeVisible();
    expect(refused.filter((path) => path.endsWith('/GetListReportTo'))).toEqual([]);
  });

  test('screens without a menu title have one: the mail outbox, two-factor, and the app list', async ({ page }) => {
    await signIn(page, ADMIN, 'system/mail-outbox');
    await expect(page.getByRole('main').getByText('Hộp thư đi', { exact: true })).toBeVisible();
    await page.goto('system/two-factor');
    await expect(page.getByRole('main').getByText('Xác thực hai lớp', { exact: true })).toBeVisible();
    await page.goto('list-base-app');
    await expect(page.getByRole('heading', { level: 1, name: 'Ứng dụng của bạn' })).toBeVisible();
  });
});

test.describe('selects that search the server, and the upgrade page', () => {
  test('a role past the first page of options is found by typing, and an account holding it shows its name when edited', async ({ page }) => {
    // Two screens' selects, 42 records made through the API: more than the default limit on CI.
    test.setTimeout(240_000);
    await signIn(page, ADMIN, 'system/admin-account');
    const stamp = Date.now().toString(36);
    const roleName = (n: number) => `A ${stamp} ${String(n).padStart(2, '0')}`;
    const token = await page.evaluate(() => localStorage.getItem('sso.access_token'));
    const api = async (path: string, data: object) => {
      const answer = await (await page.request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data })).json();
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      return answer.data;
    };
    // 21 roles that sort together, the last after the first page (20) of the roles' options.
    for (let n = 1; n <= 21; n++) await api('Role/AddUpdateRole', { name: roleName(n), description: 'E2E' });
    const roles = await api('Role/SearchRolePage', { pageIndex: 1, pageSize: 20, scope: 'platform' });
    expect(roles.totalRecord).toBeGreaterThan(20);
    expect((roles.records as { name: string }[]).map((role) => role.name)).not.toContain(roleName(21));

    await openAddDialog(page);
    await chooseOption(page, 'Vai trò', roleName(21));
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();

    // An account holding that role: its edit dialog names the role, not its id.
    const last = (await api('Role/SearchRolePage', { pageIndex: 1, pageSize: 5, scope: 'platform', keyword: roleName(21) })).records[0];
    const username = `far.${stamp}`;
    const password = 'Far#Option2026';
    await api('User/AddUpdateUserWebPortal', { username, email: `${username}@example.com`, firstName: 'Xa', lastName: 'Trang', roleIds: [last.id], password, confirmPassword: password });
    await page.reload();
    await searchList(page, username);
    await row(page, username).getByRole('button', { name: `Chỉnh sửa ${username}` }).click();
    await expect(page.getByRole('dialog').locator('.ant-select').filter({ has: page.getByLabel('Vai trò', { exact: true }) })).toContainText(roleName(21));
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();

    // The same with the keyboard alone, on the agencies' select: an agency past the first page
    // (20) is reached by typing part of its name, the arrows and Enter.
    const agencyName = (n: number) => `Đại lý ${stamp} ${String(n).padStart(2, '0')}`;
    for (let n = 1; n <= 21; n++) await api('Agency/Create', { name: agencyName(n), code: `E2E${stamp}${n}`.slice(-20), commissionPercent: 5, commissionBasis: 'FIRST_PAYMENT' });
    const firstPage = (await api('Agency/Search', { pageIndex: 1, pageSize: 20 })).records as { name: string }[];
    const far = Array.from({ length: 21 }, (_, i) => i + 1).find((n) => !firstPage.some((agency) => agency.name === agencyName(n)))!;
    // Typing all but the last digit leaves the options of that ten; the arrows walk to the far one.
    const typed = agencyName(far).slice(0, -1);
    const offered = ((await api('Agency/Search', { pageIndex: 1, pageSize: 20, keyword: typed })).records as { name: string; code: string }[]).map((agency) => `${agency.name} (${agency.code})`);
    const target = offered.find((label) => label.startsWith(`${agencyName(far)} (`))!;
    await page.goto('agency-crm/agency-role');
    await openAddDialog(page);
    const agencyField = page.getByRole('dialog').getByLabel('Đại lý', { exact: true });
    await agencyField.focus();
    await page.keyboard.type(typed);
    const list = page.locator('.ant-select-dropdown:visible');
    await expect(list.locator('.ant-select-item-option')).toHaveCount(offered.length);
    await expect(list.locator('.ant-select-item-option').first()).toHaveAttribute('title', offered[0]!);
    for (let i = 0; i < offered.indexOf(target); i++) await page.keyboard.press('ArrowDown');
    await expect(list.locator('.ant-select-item-option-active')).toHaveAttribute('title', target);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').locator('.ant-select').filter({ has: page.getByLabel('Đại lý', { exact: true }) })).toContainText(target);
    // A keyword nothing matches says so.
    await agencyField.focus();
    await page.keyboard.type(`${stamp} không có`);
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('Không có kết quả phù hợp');
    await page.keyboard.press('Escape');
  });

  test("a department past the first page of a category's options is found by typing, the server searching it", async ({ page }) => {
    await signIn(page, ADMIN, 'user/user-of-enterprise');
    const stamp = Date.now().toString(36);
    const name = (n: number) => `Phòng ${stamp} ${String(n).padStart(2, '0')}`;
    const token = await page.evaluate(() => localStorage.getItem('sso.access_token'));
    const api = async (path: string, data: object) => {
      const answer = await (await page.request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data })).json();
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      return answer.data;
    };
    // 21 departments after the seeded ones: the last is past the first page (20) of the options.
    for (let n = 1; n <= 21; n++) await api('Category/Create', { parentCode: 'DEPARTMENT', code: `D${stamp}${n}`.slice(-20), name: name(n), sortOrder: 900 + n, colorCode: '#0958d9' });
    const first = await api('Category/SearchByParentCode/DEPARTMENT', { pageIndex: 1, pageSize: 20 });
    expect(first.totalRecord).toBeGreaterThan(20);
    expect((first.records as { name: string }[]).map((item) => item.name)).not.toContain(name(21));

    await openAddDialog(page);
    const searched = page.waitForRequest((request) => request.url().endsWith('/api/Category/SearchByParentCode/DEPARTMENT') && request.postDataJSON()?.keyword === name(21));
    await chooseOption(page, 'Phòng ban', name(21));
    await searched;
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();
  });

  test('the upgrade page: the current pack marked, upgrades offered only above it, no Coming Soon on services in use, even cards, plurals and one money format', async ({ page }) => {
    await signIn(page, demoAccount('admin', 'saoviet'), 'package/upgrade');
    const packs = page.locator('.upgrade-pack');
    const card = (name: string) => packs.filter({ has: page.getByText(name, { exact: true }) });
    await expect(card('Gói Plus').getByText('Gói hiện tại')).toBeVisible();
    await expect(card('Gói Premium').getByText('Gói hiện tại')).toHaveCount(0);
    // Premium is dearer and larger than Plus; Plus is current; Essentials is cheaper; trial and free are no purchase.
    await expect(card('Gói Premium').getByRole('button', { name: 'Yêu cầu nâng cấp' })).toBeVisible();
    for (const name of ['Gói Plus', 'Gói Essentials', 'Gói dùng thử', 'Gói miễn phí']) await expect(card(name).getByRole('button', { name: 'Yêu cầu nâng cấp' })).toHaveCount(0);
    await expect(card('Gói miễn phí')).toContainText('1 người dùng');
    // Its services once (the demo highlights only repeat them).
    await expect(card('Gói Premium').getByText('CRM, IC, LCM, WFM', { exact: true })).toHaveCount(1);
    await expect(card('Gói Premium').getByText(/^[\d.]+\s₫\/tháng$/)).toBeVisible();

    const services = page.locator('.ant-card').filter({ has: page.getByText('Dịch vụ', { exact: true }) }).first();
    const inUse = services.locator('.ant-list-item').filter({ hasText: /Đang sử dụng/ });
    expect(await inUse.count()).toBeGreaterThan(0);
    await expect(inUse.getByText('Sắp ra mắt')).toHaveCount(0);
    const names = await services.locator('.ant-list-item-meta-title').allInnerTexts();
    expect(new Set(names).size).toBe(names.length);

    // Cards of a row share its height.
    const heights = await packs.evaluateAll((cards) => cards.map((c) => ({ top: Math.round(c.getBoundingClientRect().top), height: Math.round(c.getBoundingClientRect().height) })));
    const rows = new Map<number, number[]>();
    for (const { top, height } of heights) rows.set(top, [...(rows.get(top) ?? []), height]);
    for (const row of rows.values()) expect(new Set(row).size).toBe(1);

    await page.getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' }).click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect(card('Gói miễn phí')).toContainText('1 user');
    await expect(card('Gói miễn phí')).not.toContainText('1 users');
    await expect(card('Gói Premium')).toContainText('101-500 users');
    await expect(card('Gói Premium').getByText(/^₫[\d,]+\/month$/)).toBeVisible();
    await expect(card('Gói Plus').getByText('Current pack')).toBeVisible();
  });
});
