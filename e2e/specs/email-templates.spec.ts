import { expect, test } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { waitForMail } from '../support/mail.ts';
import { fillFields, row, saveDialog } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';

const account = demoAccount('chi', 'hoanglong');

test('an administrator edits the password-reset template; the next reset mail carries it, in the chosen language, without the handler', async ({ page, browser }) => {
  test.slow();
  await signIn(page, ADMIN, 'system/template-email');
  await expect(page.getByRole('main').getByText('Mẫu email', { exact: true })).toBeVisible();
  await page.getByPlaceholder('Nhập từ khóa để tìm kiếm').fill('Password reset link');
  await page.keyboard.press('Enter');
  const template = row(page, 'Password reset link');
  await expect(template).toContainText('Tiếng Anh');

  await template.getByRole('button', { name: 'Chỉnh sửa Password reset link' }).click();
  await fillFields(page, { 'Tiêu đề': 'Reset for {{username}} (E2E)' });
  await page.getByRole('dialog').getByRole('button', { name: 'Mã HTML' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('Nội dung (HTML)')
    .fill('<p>Hello {{username}}, choose a new password here: <a href="{{link}}">{{link}}</a></p><p><img src="x" onerror="document.title=\'pwned\'"></p>');
  // A variable the type does not offer is refused on the field.
  await fillFields(page, { 'Tiêu đề': 'Reset for {{firstName}}' });
  await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Tiêu đề dùng biến không có trong loại mẫu này')).toBeVisible();
  await fillFields(page, { 'Tiêu đề': 'Reset for {{username}} (E2E)' });
  await saveDialog(page);

  await test.step('the preview shows the template with sample values and no handler', async () => {
    await template.getByRole('button', { name: 'Xem trước Password reset link' }).click();
    const preview = page.getByRole('dialog');
    await expect(preview.getByText('Reset for nguyen.van.an (E2E)')).toBeVisible();
    const frame = preview.frameLocator('iframe');
    await expect(frame.getByText('Hello nguyen.van.an')).toBeVisible();
    await expect(frame.locator('img')).toHaveCount(1);
    expect(await frame.locator('img').getAttribute('onerror')).toBeNull();
    expect(await page.title()).not.toBe('pwned');
    await preview.getByRole('button', { name: 'Close' }).or(preview.getByLabel('Close')).first().click();
  });

  await test.step('a visitor using the portal in English asks for a reset and gets the new template', async () => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    // Init scripts run in every frame: a sandboxed one (the e-mail preview, about:blank) has no storage to set.
    await context.addInitScript(() => {
      if (window.origin !== 'null') localStorage.setItem('sso.language', 'en');
    });
    const visitor = await context.newPage();
    await visitor.goto('signin');
    await visitor.getByRole('button', { name: 'Forgot password?' }).click();
    const since = Date.now();
    await visitor.getByLabel('Email').fill(account.email);
    await visitor.getByRole('button', { name: 'Send the link' }).click();
    await expect(visitor.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
    const mail = await waitForMail(account.email, since);
    expect(mail.subject).toBe(`Reset for ${account.username} (E2E)`);
    expect(mail.text).toContain(`Hello ${account.username}, choose a new password here:`);
    const raw = mail.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('<img src=3D"x" />');
    expect(raw).not.toContain('onerror');
    await context.close();
  });
});
