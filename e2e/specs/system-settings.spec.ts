import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { chooseOption, confirm, fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

test('an administrator adds a default setting and the sync list brings it into force', async ({ page }) => {
  await signIn(page, ADMIN, 'system/config-data-manage');
  await expect(row(page, 'MAIL_SENDER_NAME')).toContainText('Hệ thống');

  await page.getByRole('tab', { name: 'Giá trị mặc định' }).click();
  const defaults = page.getByRole('tabpanel', { name: 'Giá trị mặc định' });
  await defaults.getByRole('button', { name: 'Thêm mới' }).click();
  await fillFields(page, { Khóa: 'E2E_SYNC_KEY', 'Giá trị': 'from-default' });
  await saveDialog(page);

  await page.getByRole('tab', { name: 'Cấu hình đang dùng' }).click();
  await expect(row(page, 'E2E_SYNC_KEY')).toHaveCount(0);
  await page.getByRole('button', { name: 'Đồng bộ danh sách' }).click();
  await expectToast(page, 'Đồng bộ thành công', () => confirm(page, 'Mọi cấu hình có giá trị mặc định sẽ được đặt lại', 'Đồng bộ danh sách'));
  await expect(row(page, 'E2E_SYNC_KEY')).toContainText('from-default');

  // The portal's own settings refuse a value of the wrong type, on the field.
  await row(page, 'LOCKOUT_MAX_FAILED_ATTEMPTS').getByRole('button', { name: 'Chỉnh sửa LOCKOUT_MAX_FAILED_ATTEMPTS' }).click();
  await fillFields(page, { 'Giá trị': 'nhiều' });
  await expect(page.getByRole('dialog')).toContainText('Giá trị');
  await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByRole('dialog').locator('.ant-form-item-explain-error')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();
});

test('an administrator adds a category to a group, sees it in the tree, and cannot delete one in use', async ({ page }) => {
  await signIn(page, ADMIN, 'system/category');
  await openAddDialog(page);
  await chooseOption(page, 'Nhóm cha', 'POSITION (POSITION)', page.getByRole('dialog'), 'POSITION');
  await fillFields(page, { Mã: 'E2E_POS', Tên: 'Chức vụ E2E' });
  await saveDialog(page);
  // Nested under its group, which is expanded.
  const entry = row(page, 'E2E_POS');
  await expect(entry).toContainText('Chức vụ E2E');
  await expect(entry).toHaveClass(/ant-table-row-level-1/);

  await row(page, 'Nhân viên').filter({ hasText: 'STAFF' }).getByRole('button', { name: /^Xóa/ }).click();
  await expectToast(page, 'Danh mục đang được sử dụng, không thể xóa hoặc đổi mã', () => confirm(page, 'Bạn có chắc chắn muốn xóa danh mục', 'Xóa'));
});
