import { expect, test } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { openAccountMenu, signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const account = demoAccount('chi', 'minhphat');

test('account information: section 5 rules, save blocked while invalid, read-only e-mail and roles', async ({ page }) => {
  await signIn(page, account);
  await openAccountMenu(page, 'Quản lý tài khoản');
  const dialog = page.getByRole('dialog', { name: 'Thông tin tài khoản' });
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
  await expect(dialog.getByLabel('Email')).toBeDisabled();
  await expect(dialog.getByText('USERUNIT')).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Lưu' });

  await dialog.getByLabel('Tên', { exact: true }).fill('');
  await expect(dialog.getByText('Tên không được để trống')).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Tên', { exact: true }).fill('C'.repeat(71));
  await expect(dialog.getByText('Nhập tối đa 70 ký tự')).toBeVisible();
  await dialog.getByLabel('Tên', { exact: true }).fill('  Chi Mai ');
  await dialog.getByLabel('Số điện thoại').fill('09ab');
  await expect(dialog.getByText('Số điện thoại chỉ gồm chữ số')).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Số điện thoại').fill('0987654321');
  await dialog.getByLabel('Mô tả').fill('x'.repeat(151));
  await expect(dialog.getByText('Nhập tối đa 150 ký tự')).toBeVisible();
  await dialog.getByLabel('Mô tả').fill('Phòng kinh doanh miền Bắc');
  await expect(save).toBeEnabled();
  await expectToast(page, 'Đã cập nhật thông tin tài khoản', () => save.click());
  await expect(dialog.getByLabel('Tên', { exact: true })).toHaveValue('Chi Mai');
  // The header shows the new full name.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Tài khoản' })).toContainText('Lê Chi Mai');
});
