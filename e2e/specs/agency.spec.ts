import { expect, test, type Page } from '../support/test.ts';
import { ADMIN, DEMO_PASSWORD } from '../support/accounts.ts';
import { chooseOption, fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { exportList } from '../support/export.ts';
import { signIn, signOut } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const agency = { name: 'Đại lý Sông Hàn E2E', code: 'SONGHANE2E' };
const agencyOption = `${agency.name} (${agency.code})`;
const role = 'Bán hàng Sông Hàn';
const agent = { username: 'agent.songhan', email: 'agent@songhan.example.com', password: 'Agent#Songhan2026' };
const customer = { name: 'Công ty Khách hàng Sông Hàn', code: '0401234567-001', admin: 'admin.khsonghan' };
/** The demo's second agency: Bình Minh, which brought Sao Việt. */
const otherAgent = { username: 'agent.binhminh', password: DEMO_PASSWORD };

/** Ticks one box of the permission matrix open on the page. */
async function grant(page: Page, feature: string, action: string): Promise<void> {
  await page.getByRole('checkbox', { name: `${feature}: ${action}`, exact: true }).check();
}

test('an agency, its role and agent: the agent sees only the agency section, registers a trial unit the platform sees attributed, and another agency sees none of it', async ({ page }) => {
  // A journey through five sign-ins and a dozen screens, each opened afresh: it took 2–3 minutes
  // on the CI machine, so it has five (as the other long journeys have their own limits).
  test.setTimeout(300_000);

  await test.step('the platform admin creates an agency with its commission terms', async () => {
    await signIn(page, ADMIN, 'agency-crm/agency-manage');
    await openAddDialog(page);
    await fillFields(page, { 'Tên đại lý': agency.name, 'Mã đại lý': agency.code, 'Người liên hệ': 'Lê Hàn', 'Hoa hồng (%)': '12.5' });
    await chooseOption(page, 'Cách tính hoa hồng', 'Mỗi lần doanh nghiệp thanh toán');
    await saveDialog(page);
    await expect(row(page, agency.name)).toContainText('12.5% — Mỗi lần doanh nghiệp thanh toán');
  });

  await test.step('a role of the agency, granted the agency and its units through the permission matrix', async () => {
    await page.goto('agency-crm/agency-role');
    await openAddDialog(page);
    await chooseOption(page, 'Đại lý', agencyOption, page.getByRole('dialog'), agency.name);
    await fillFields(page, { 'Tên vai trò': role });
    await saveDialog(page);
    await row(page, role).getByRole('button', { name: `Phân quyền ${role}` }).click();
    const matrix = page.getByRole('dialog');
    // Only agency-level permissions are offered.
    await expect(matrix.getByRole('checkbox', { name: 'Doanh nghiệp: Danh sách', exact: true })).toHaveCount(0);
    for (const action of ['Danh sách', 'Xem']) await grant(page, 'Đại lý', action);
    for (const action of ['Danh sách', 'Xem', 'Thêm']) await grant(page, 'Doanh nghiệp của đại lý', action);
    await expectToast(page, 'Đã lưu phân quyền', () => matrix.getByRole('button', { name: 'Lưu' }).click());
    // Closed by its button: once on the CI machine Escape left this dialog open (antd's portals
    // give Escape only to the top-most one open; which one was on top was not found).
    await matrix.getByRole('button', { name: 'Đóng' }).click();
    await expect(matrix).toBeHidden();
  });

  await test.step("the agency's agent, holding the role", async () => {
    await page.goto('agency-crm/agency-user');
    await openAddDialog(page);
    await chooseOption(page, 'Đại lý', agencyOption, page.getByRole('dialog'), agency.name);
    await fillFields(page, {
      'Tài khoản': agent.username,
      Email: agent.email,
      'Mật khẩu (để trống để tạo tự động)': agent.password,
      'Xác nhận mật khẩu': agent.password,
      Họ: 'Lê',
      Tên: 'Hàn',
    });
    await page.getByRole('dialog').getByRole('switch', { name: 'Đại lý chính' }).click();
    // The platform may let an agent export their lists, as it may a unit's admin.
    await page.getByRole('dialog').getByRole('switch', { name: 'Được xuất dữ liệu' }).click();
    await chooseOption(page, 'Vai trò', role);
    await saveDialog(page);
    await expect(row(page, agent.username)).toContainText('Đại lý chính');
    await signOut(page);
  });

  await test.step('the agent sees the agency section only, and registers a trial unit for a customer', async () => {
    await signIn(page, agent, '');
    const menu = page.getByRole('navigation');
    await expect(menu.getByText('Quản lý đại lý')).toBeVisible();
    for (const other of ['Tổng quan', 'Quản lý doanh nghiệp', 'Quản lý người dùng', 'Quản trị hệ thống']) await expect(menu.getByText(other, { exact: true })).toHaveCount(0);
    await page.goto('agency-crm/agency-manage');
    await expect(row(page, agency.name)).toBeVisible();
    await expect(row(page, 'Đại lý An Phú')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Thêm mới' })).toHaveCount(0);

    await page.goto('agency-crm/agency-unit');
    await expect(page.getByText('Không có dữ liệu')).toBeVisible();
    await openAddDialog(page);
    await expect(page.getByRole('dialog').getByLabel('Đại lý', { exact: true })).toHaveCount(0);
    await fillFields(page, { 'Tên doanh nghiệp': customer.name, 'Mã số doanh nghiệp': customer.code, 'Tài khoản quản trị': customer.admin, 'Email quản trị': 'admin@khsonghan.example.com' });
    await chooseOption(page, 'Số lượng nhân viên', '2-20');
    await saveDialog(page);
    await expect(row(page, customer.name)).toContainText('Dùng thử');
    await expect(row(page, customer.name)).toContainText('Gói dùng thử');
    // Given the option, the agent exports the units they brought, and only those.
    const { sheet } = await exportList(page, 'AgencyUnit.xlsx');
    expect((sheet!.getColumn(1).values as unknown[]).slice(2)).toEqual([customer.name]);
    await page.goto('enterprise/enterprise-manage');
    await expect(page.getByText('Bạn không có quyền truy cập chức năng này')).toBeVisible();
    await signOut(page);
  });

  await test.step('the platform admin sees the unit attributed to the agency', async () => {
    await signIn(page, ADMIN, 'enterprise/enterprise-manage');
    await expect(row(page, customer.name)).toContainText(agency.name);
    await page.goto('agency-crm/agency-unit');
    await expect(row(page, customer.name)).toContainText(agency.name);
    await signOut(page);
  });

  await test.step("another agency's agent sees none of it", async () => {
    await signIn(page, otherAgent, 'agency-crm/agency-unit');
    await expect(row(page, 'Công ty Cổ phần Sao Việt')).toBeVisible();
    await expect(row(page, customer.name)).toHaveCount(0);
    await page.goto('agency-crm/agency-manage');
    await expect(row(page, 'Đại lý Bình Minh')).toBeVisible();
    await expect(row(page, agency.name)).toHaveCount(0);
  });
});
