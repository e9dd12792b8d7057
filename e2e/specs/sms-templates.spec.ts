import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { chooseOption, fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

test('an administrator writes an SMS template, sees its length in parts, and a test lands in the development outbox', async ({ page }) => {
  test.slow();
  const name = `Mẫu SMS E2E ${Date.now()}`;
  await signIn(page, ADMIN, 'system/template-sms');
  await expect(page.getByRole('main').getByText('Mẫu SMS', { exact: true })).toBeVisible();
  await openAddDialog(page);
  await fillFields(page, { 'Tên mẫu': name });
  const dialog = page.getByRole('dialog');
  const content = dialog.getByLabel('Nội dung', { exact: true });
  await content.fill('Ma xac thuc: {{code}}');
  await expect(dialog.getByText('21 ký tự, 1 phần (GSM-7)')).toBeVisible();
  // One Vietnamese letter makes the whole message UCS-2: 70 characters a message, 67 a part beyond.
  await content.fill(`Mã xác thực của bạn là {{code}}. ${'Xin cảm ơn. '.repeat(4)}`);
  await expect(dialog.getByText(/\d+ ký tự, 2 phần \(UCS-2\)/)).toBeVisible();
  // A variable the chosen type does not offer is refused on the field.
  await chooseOption(page, 'Loại hệ thống', 'Mật khẩu mới (Biến: username, password)');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Nội dung dùng biến không có trong loại mẫu này')).toBeVisible();
  await content.fill('Mã xác thực của bạn là {{code}}, hiệu lực {{minutes}} phút.');
  await chooseOption(page, 'Loại hệ thống', 'Mã xác thực (Biến: code, minutes)');
  await saveDialog(page);

  const template = row(page, name);
  await template.getByRole('button', { name: `Gửi thử ${name}` }).click();
  const send = page.getByRole('dialog').filter({ hasText: `Gửi thử mẫu ${name}` });
  await send.getByLabel('Số điện thoại').fill('09x1');
  await send.getByRole('button', { name: 'Gửi thử' }).click();
  await expect(send.getByText('Số điện thoại không hợp lệ')).toBeVisible();
  const phone = `09${String(Date.now()).slice(-8)}`;
  await send.getByLabel('Số điện thoại').fill(phone);
  await expectToast(page, 'Đã đưa tin nhắn vào hộp thư SMS', () => send.getByRole('button', { name: 'Gửi thử' }).click());

  await page.getByRole('button', { name: 'Hộp thư SMS' }).click();
  const held = page.getByRole('dialog').getByRole('row').filter({ hasText: phone });
  await expect(held).toContainText('Mã xác thực của bạn là 123456, hiệu lực 10 phút.');
  await expect(held).toContainText('Chờ trong hộp thư phát triển');
  await expect(held).toContainText('1 × UCS2');
});
