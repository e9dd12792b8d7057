import { expect, test } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { expectSigninForm, fillSignin } from '../support/signin.ts';

const account = demoAccount('dung', 'saoviet');

test('five wrong passwords lock the account for 30 minutes, even for the right password', async ({ page }) => {
  await page.goto('signin');
  await expectSigninForm(page);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await fillSignin(page, { ...account, password: `Wrong#Pass${attempt}` });
    await expect(page.getByRole('alert')).toHaveText('Tên đăng nhập hoặc mật khẩu không đúng');
  }
  await fillSignin(page, { ...account, password: 'Wrong#Pass5' });
  await expect(page.getByRole('alert')).toHaveText('Tài khoản đã bị khóa trong 30 phút');
  await fillSignin(page, account);
  await expect(page.getByRole('alert')).toHaveText('Tài khoản đã bị khóa trong 30 phút');
  await expect(page).toHaveURL(/\/sso-fe\/signin\?uid=/);
});
