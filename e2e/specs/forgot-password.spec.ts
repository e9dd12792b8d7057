import { expect, test } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mail.ts';
import { expectSigninForm, fillSignin } from '../support/signin.ts';

const account = demoAccount('chi', 'saoviet');

test('forgot password: a link by e-mail, a new password that obeys the policy, then sign in with it', async ({ page }) => {
  await page.goto('signin');
  await expectSigninForm(page);
  await page.getByRole('button', { name: 'Quên mật khẩu?' }).click();
  await expect(page.getByRole('heading', { name: 'Quên mật khẩu' })).toBeVisible();

  // An address nobody registered is answered as a registered one is: the page cannot tell them apart.
  await page.getByLabel('Email').fill('nobody@nowhere-e2e.vn');
  await page.getByRole('button', { name: 'Gửi liên kết' }).click();
  await expect(page.getByRole('heading', { name: 'Vui lòng kiểm tra hộp thư' })).toBeVisible();
  await expect(page.getByText('Nếu nobody@nowhere-e2e.vn thuộc một tài khoản đang hoạt động, liên kết đặt lại mật khẩu đã được gửi tới địa chỉ này. Liên kết có hiệu lực trong 30 phút.')).toBeVisible();
  await page.getByRole('button', { name: 'Quay lại đăng nhập' }).click();
  await page.getByRole('button', { name: 'Quên mật khẩu?' }).click();

  const since = Date.now();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Gửi liên kết' }).click();
  await expect(page.getByRole('heading', { name: 'Vui lòng kiểm tra hộp thư' })).toBeVisible();
  await expect(page.getByText(`Nếu ${account.email} thuộc một tài khoản đang hoạt động, liên kết đặt lại mật khẩu đã được gửi tới địa chỉ này. Liên kết có hiệu lực trong 30 phút.`)).toBeVisible();

  // A second request within 10 minutes is refused (code 14).
  await page.getByRole('button', { name: 'Quay lại đăng nhập' }).click();
  await page.getByRole('button', { name: 'Quên mật khẩu?' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Gửi liên kết' }).click();
  await expect(page.getByRole('alert')).toHaveText('Yêu cầu đã được gửi tới email này, vui lòng kiểm tra hộp thư hoặc chờ khoảng 10 phút');

  const mail = await waitForMail(account.email, since, (m) => m.subject === 'Đặt lại mật khẩu');
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'Đặt lại mật khẩu' })).toBeVisible();
  await expect(page.getByText(`Tài khoản ${account.username}: chọn mật khẩu mới.`)).toBeVisible();
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('nouppercase1!');
  await expect(page.getByText(/Mật khẩu gồm ít nhất 8 ký tự/)).toBeVisible();
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('SaoViet#2027');
  await page.getByLabel('Xác nhận mật khẩu mới').fill('SaoViet#2027');
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.getByText('Đã đặt lại mật khẩu')).toBeVisible();

  // The link works once.
  await page.goto(linkIn(mail));
  await expect(page.getByText('Liên kết không còn hiệu lực')).toBeVisible();

  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expectSigninForm(page);
  await fillSignin(page, account);
  await expect(page.getByRole('alert')).toHaveText('Tên đăng nhập hoặc mật khẩu không đúng');
  await fillSignin(page, { ...account, password: 'SaoViet#2027' });
  await expect(page).toHaveURL(/\/sso-fe\/dashboard$/);
});
