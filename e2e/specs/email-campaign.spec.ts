import { expect, test } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { mailTo, waitForMail } from '../support/mail.ts';
import { chooseOption, fillFields, motionSettled, openAddDialog, pickerText, row, saveDialog, searchList } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';

test('an administrator schedules a campaign half a minute ahead to two units’ administrators with a Cc; each receives exactly one mail', async ({ page }) => {
  test.slow();
  const subject = `Bản tin E2E ${Date.now()}`;
  const name = `Chiến dịch ${subject}`;
  const cc = `cskh.${Date.now()}@example.com`;
  const receivers = [demoAccount('admin', 'minhphat').email, demoAccount('admin', 'saoviet').email, cc];

  await signIn(page, ADMIN, 'system/email-campaign');
  await expect(page.getByRole('main').getByText('Chiến dịch email', { exact: true })).toBeVisible();
  await openAddDialog(page);
  await fillFields(page, { 'Tên chiến dịch': name, 'Cc (cách nhau bởi dấu phẩy)': cc, 'Tiêu đề': subject });
  await chooseOption(page, 'Người nhận', 'Quản trị viên của các doanh nghiệp');
  await chooseOption(page, 'Doanh nghiệp', 'Công ty TNHH Minh Phát');
  await chooseOption(page, 'Doanh nghiệp', 'Công ty Cổ phần Sao Việt');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Mã HTML' }).click();
  await dialog.getByLabel('Nội dung (HTML)').fill('<p>Kính gửi quý khách, cổng SSO có tính năng mới.</p>');
  // A time already past is refused on its field.
  const sendAt = dialog.getByLabel('Thời gian gửi', { exact: true });
  const pick = async (at: Date) => {
    await sendAt.click();
    await sendAt.fill(pickerText(at, true));
    // The picker's panel may still be sliding in: a click then can miss its OK.
    await motionSettled(page);
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await expect(sendAt).toHaveValue(pickerText(at, true));
  };
  await pick(new Date(Date.now() - 60_000));
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Thời gian gửi phải sau thời điểm hiện tại')).toBeVisible();

  // Half a minute ahead: time enough to save it on a busy machine (CI once took more than ten
  // seconds, and the list already said sent). Held until its time shows in when the mail came,
  // not in a pending state a slow save may never let the list show.
  const since = Date.now();
  const sendTime = new Date(since + 30_000);
  await pick(sendTime);
  await saveDialog(page);
  const campaign = row(page, name);
  await expect(campaign).toBeVisible();

  // The picker keeps whole seconds.
  const due = Math.floor(sendTime.getTime() / 1000) * 1000;
  for (const address of receivers) {
    const mail = await waitForMail(address, since, (m) => m.subject === subject, 90_000);
    expect(mail.text).toContain('cổng SSO có tính năng mới');
    expect(mail.receivedAt).toBeGreaterThanOrEqual(due);
  }
  // The list follows the sending by itself, then each receiver's result.
  await expect(campaign).toContainText('Đã gửi 3/3, lỗi 0, đang chờ 0', { timeout: 30_000 });
  await campaign.getByRole('button', { name: `Xem người nhận ${name}` }).click();
  const list = page.getByRole('dialog').filter({ hasText: `Người nhận: ${name}` });
  for (const address of receivers) await expect(list.getByRole('row').filter({ hasText: address })).toContainText('Đã gửi');
  await expect(list.getByRole('row').filter({ hasText: cc })).toContainText('Cc');
  // Exactly one mail each: the list said all three were sent, and no second copy came.
  for (const address of receivers) expect(mailTo(address, since, (m) => m.subject === subject)).toHaveLength(1);
});

test('"send now": a campaign without a send time leaves at once; the units are marked required; the status says sent only once every mail left', async ({ page }) => {
  const subject = `Gửi ngay E2E ${Date.now()}`;
  const address = `ngay.${Date.now()}@example.com`;
  await signIn(page, ADMIN, 'system/email-campaign');
  await openAddDialog(page);
  const dialog = page.getByRole('dialog');
  await chooseOption(page, 'Người nhận', 'Quản trị viên của các doanh nghiệp');
  await expect(dialog.locator('label.ant-form-item-required', { hasText: 'Doanh nghiệp' })).toBeVisible();
  await chooseOption(page, 'Người nhận', 'Các địa chỉ email');
  await fillFields(page, { 'Tên chiến dịch': subject, 'Địa chỉ nhận (cách nhau bởi dấu phẩy)': address, 'Tiêu đề': subject });
  await dialog.getByRole('button', { name: 'Mã HTML' }).click();
  await dialog.getByLabel('Nội dung (HTML)').fill('<p>Gửi ngay.</p>');
  const sendAt = dialog.getByLabel('Thời gian gửi', { exact: true });
  await expect(sendAt).toHaveAttribute('placeholder', 'Để trống để gửi ngay');
  // The picker offers no "Now" that would be past by the time the form is saved.
  await sendAt.click();
  await expect(page.locator('.ant-picker-dropdown:visible .ant-picker-now')).toHaveCount(0);
  await dialog.locator('.ant-modal-title').click();
  const since = Date.now();
  await saveDialog(page);
  const campaign = row(page, subject);
  await waitForMail(address, since, (m) => m.subject === subject, 60_000);
  await expect(campaign).toContainText('Đã gửi 1/1, lỗi 0, đang chờ 0', { timeout: 30_000 });
  await expect(campaign).toContainText('Đã gửi đi');

  // The action log files it under campaigns, not under the system's configuration.
  await page.goto('log/action');
  await chooseOption(page, 'Phân hệ', 'Chiến dịch email', page.getByRole('main'));
  await searchList(page, subject);
  await expect(row(page, subject)).toContainText('Chiến dịch email');
  await expect(row(page, subject)).not.toContainText('Cấu hình hệ thống');
});
