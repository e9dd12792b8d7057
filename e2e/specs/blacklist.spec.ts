import { expect, test, type Page } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { expectSigninForm, signIn } from '../support/signin.ts';

async function signUpWith(page: Page, email: string): Promise<void> {
  await page.goto('signin');
  await expectSigninForm(page);
  await page.getByRole('button', { name: 'Đăng ký dùng thử' }).click();
  await page.getByLabel('Tên doanh nghiệp').fill('Công ty Danh Sách Đen');
  await page.getByLabel('Mã số doanh nghiệp').fill(`02${String(Date.now() % 100000000).padStart(8, '0')}`);
  await page.getByLabel('Số lượng nhân viên').selectOption('2-20');
  await page.getByLabel('Tên tài khoản').fill(`owner.bl${Date.now()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('DenDen#2026');
  await page.getByLabel('Xác nhận mật khẩu').fill('DenDen#2026');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Đăng ký' }).click();
}

test('an administrator blacklists a domain and a sign-up with it is refused, then an exception lets it through', async ({ page, browser }) => {
  test.slow();
  const domain = `blocked${Date.now()}.example`;
  const email = `owner@${domain}`;
  await signIn(page, ADMIN, 'system/blacklist');
  await expect(page.getByRole('main').getByText('Danh sách đen tên miền', { exact: true })).toBeVisible();
  await openAddDialog(page);
  await fillFields(page, { 'Tên miền': domain.toUpperCase() });
  await saveDialog(page);
  await expect(row(page, domain)).toBeVisible();

  const visitor = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signUpWith(visitor, email);
  await expect(visitor.getByRole('alert')).toHaveText('Tên miền email này không được phép đăng ký, vui lòng dùng email doanh nghiệp khác');

  await page.goto('system/blacklist-exception');
  await openAddDialog(page);
  await fillFields(page, { 'Tài khoản được phép': email });
  await saveDialog(page);
  await expect(row(page, email)).toBeVisible();

  await signUpWith(visitor, email);
  await expect(visitor.getByRole('heading', { name: 'Xác nhận email' })).toBeVisible();
  await visitor.context().close();
});
