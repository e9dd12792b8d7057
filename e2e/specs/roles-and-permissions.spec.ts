import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { chooseOption, fillAccount, fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { signIn, signOut } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const role = 'Hỗ trợ khách hàng E2E';
const staff = { username: 'support.e2e', email: 'support.e2e@example.com', password: 'Support#2026' };

test('a system role granted through the matrix decides what a staff account sees and may do', async ({ page }) => {
  // A whole journey through several sign-ins: give it three times the usual time.
  test.slow();
  await test.step('the platform admin creates a role and grants it the unit list and the dashboard', async () => {
    await signIn(page, ADMIN, 'system/role-system');
    await openAddDialog(page);
    await fillFields(page, { 'Tên vai trò': role });
    await saveDialog(page);
    await row(page, role).getByRole('button', { name: `Quyền của vai trò ${role}` }).click();
    await expect(page).toHaveURL(/system\/permission-manage\?roleId=/);
    await page.getByRole('checkbox', { name: 'Tổng quan: Truy cập', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Doanh nghiệp: Danh sách', exact: true }).check();
    await expectToast(page, 'Đã lưu phân quyền', () => page.getByRole('button', { name: 'Lưu' }).click());
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Doanh nghiệp: Danh sách', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Doanh nghiệp: Thêm', exact: true })).not.toBeChecked();
  });

  await test.step('the platform admin creates a staff account holding the role', async () => {
    await page.goto('system/admin-account');
    await openAddDialog(page);
    await fillAccount(page, { ...staff, lastName: 'Trần', firstName: 'Hỗ Trợ' });
    await chooseOption(page, 'Vai trò', role);
    await saveDialog(page);
    await expect(row(page, staff.username)).toContainText(role);
    await signOut(page);
  });

  await test.step('the staff account sees only what the role grants', async () => {
    await signIn(page, staff);
    const menu = page.getByRole('navigation');
    await expect(menu.getByText('Tổng quan')).toBeVisible();
    await expect(menu.getByText('Quản lý doanh nghiệp')).toBeVisible();
    await expect(menu.getByText('Quản trị hệ thống')).toHaveCount(0);
    await page.goto('enterprise/enterprise-manage');
    await expect(row(page, 'Công ty TNHH Minh Phát')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Thêm mới' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Xóa/ })).toHaveCount(0);
    await page.goto('system/role-system');
    await expect(page.getByText('Bạn không có quyền truy cập chức năng này')).toBeVisible();
  });
});
