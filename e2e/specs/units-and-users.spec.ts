import ExcelJS from 'exceljs';
import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { chooseOption, confirm, fillFields, openAddDialog, row, saveDialog, searchList } from '../support/resource.ts';
import { signIn, signOut } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';
import { exportList } from '../support/export.ts';

const unit = {
  name: 'Công ty TNHH Bình Minh E2E',
  businessCode: '0319999001',
  adminUsername: 'admin.binhminh',
  adminEmail: 'admin@binhminh.example.com',
  adminPassword: 'BinhMinh#2026',
};
const member = { username: 'lan.binhminh', email: 'lan@binhminh.example.com', password: 'Lan#Pass2026' };

test('a platform admin creates a unit; its admin adds, locks and unlocks a user; both show in the action log', async ({ page }) => {
  // A whole journey through several sign-ins: give it three times the usual time.
  test.slow();
  await test.step('the platform admin creates the unit with its administrator', async () => {
    await signIn(page, ADMIN, 'enterprise/enterprise-manage');
    await expect(page.getByRole('main').locator('.ant-card-head-title').getByText('Doanh nghiệp', { exact: true })).toBeVisible();
    await openAddDialog(page);
    // Saving an empty form shows the rules of the contract and keeps the dialog open.
    await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Tên doanh nghiệp không được để trống')).toBeVisible();
    await fillFields(page, {
      'Tên doanh nghiệp': unit.name,
      'Mã số doanh nghiệp': unit.businessCode,
      'Tài khoản quản trị': unit.adminUsername,
      'Email quản trị': unit.adminEmail,
      'Mật khẩu quản trị (để trống để tạo tự động)': unit.adminPassword,
    });
    await chooseOption(page, 'Số lượng nhân viên', '21-100');
    await saveDialog(page);
    await expect(row(page, unit.name)).toContainText(unit.adminUsername);
  });

  await test.step('the platform admin exports the unit list to .xlsx', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Unit.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('Report');
    expect(sheet).toBeDefined();
    const headers = (sheet!.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([
      'Tên doanh nghiệp',
      'Mã số doanh nghiệp',
      'Số nhân viên',
      'Tên viết tắt',
      'Tenant ID',
      'Quản trị doanh nghiệp',
      'Địa chỉ',
      'Trạng thái',
      'Ngày hết hạn',
      'Ngày đăng ký',
    ]);
    expect(sheet!.getRow(1).font?.bold).toBe(true);
    const names = sheet!.getColumn(1).values.slice(2);
    expect(names).toContain(unit.name);
  });

  await test.step("the platform admin lets the unit's admin export data", async () => {
    await page.goto('user/user-manage');
    await searchList(page, unit.adminUsername);
    await row(page, unit.adminUsername).getByRole('button', { name: `Chỉnh sửa ${unit.adminUsername}` }).click();
    const allowed = page.getByRole('dialog').getByRole('switch', { name: 'Được xuất dữ liệu' });
    await expect(allowed).not.toBeChecked();
    await allowed.click();
    await saveDialog(page);
    await signOut(page);
  });

  await test.step("the unit's admin signs in and adds a user", async () => {
    await signIn(page, { username: unit.adminUsername, password: unit.adminPassword }, 'user/user-of-enterprise');
    await expect(page.getByText('Người dùng doanh nghiệp').first()).toBeVisible();
    // The admin sees only their own unit: themselves.
    await expect(page.getByText('Tổng số 1 bản ghi')).toBeVisible();
    await openAddDialog(page);
    await fillFields(page, {
      'Tài khoản': member.username,
      Email: member.email,
      'Mật khẩu (để trống để tạo tự động)': member.password,
      'Xác nhận mật khẩu': 'Different#2026',
      Họ: 'Nguyễn',
      Tên: 'Lan',
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Mật khẩu xác nhận không khớp')).toBeVisible();
    await fillFields(page, { 'Xác nhận mật khẩu': member.password });
    await saveDialog(page);
    await expect(row(page, member.username)).toContainText('Nguyễn Lan');
  });

  await test.step('the unit admin, given the option, exports their users with dates Excel reads as dates', async () => {
    const { sheet } = await exportList(page, 'UnitUser.xlsx');
    const headers = (sheet!.getRow(1).values as unknown[]).slice(1);
    const created = headers.indexOf('Ngày tạo') + 1;
    expect(created).toBeGreaterThan(0);
    const usernames = (sheet!.getColumn(headers.indexOf('Tài khoản') + 1).values as unknown[]).slice(2);
    expect(usernames.sort()).toEqual([unit.adminUsername, member.username].sort());
    expect(sheet!.getRow(2).getCell(created).value).toBeInstanceOf(Date);
    expect(sheet!.getRow(2).getCell(created).numFmt).toMatch(/^dd\/mm\/yyyy/);
  });

  await test.step('the admin locks and unlocks the user, confirming each time', async () => {
    const status = row(page, member.username).getByRole('switch');
    await expect(status).toBeChecked();
    await status.click();
    await expectToast(page, 'Cập nhật trạng thái thành công', () => confirm(page, `Bạn có chắc chắn muốn khóa người dùng "${member.username}"?`, 'Lưu'));
    await expect(status).not.toBeChecked();
    await status.click();
    await confirm(page, `Bạn có chắc chắn muốn mở khóa người dùng "${member.username}"?`, 'Lưu');
    await expect(status).toBeChecked();
    await signOut(page);
  });

  await test.step('the platform admin sees both changes in the action log', async () => {
    await signIn(page, ADMIN, 'log/action');
    await searchList(page, member.username);
    const changes = page.getByRole('row').filter({ hasText: 'Đổi trạng thái' }).filter({ hasText: unit.adminUsername });
    await expect(changes).toHaveCount(2);
    await expect(page.getByRole('row').filter({ hasText: 'Thêm mới' }).filter({ hasText: member.username })).toHaveCount(1);
    await changes.first().getByRole('button', { name: /Xem chi tiết/ }).click();
    const view = page.getByRole('dialog');
    await expect(view).toContainText('Người dùng theo doanh nghiệp');
    await expect(view).toContainText(unit.name);
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });
});
