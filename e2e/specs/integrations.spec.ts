import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { chooseOption, row } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const unitName = 'Hộ kinh doanh Hoàng Long';

test('platform staff see how the portal reaches each app, never its credential, and initialise a unit from the defaults', async ({ page }) => {
  await signIn(page, ADMIN, 'system/integrate-default');

  await test.step('the CRM default says a credential is stored, and its edit dialog does not show it', async () => {
    await expect(page.getByRole('main').getByText('Tích hợp mặc định', { exact: true })).toBeVisible();
    const crm = row(page, '/scim/v2/{tenant}');
    await expect(crm).toContainText('CRM');
    await crm.getByRole('button', { name: /^Chỉnh sửa/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Địa chỉ SCIM', { exact: true })).toHaveValue(/\/scim\/v2\/\{tenant\}$/);
    await expect(dialog.getByLabel('Khóa truy cập', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('"Initialise defaults" gives a unit its own copy and ends with "Initialization successful"', async () => {
    await page.goto('system/integrate');
    await expect(page.getByRole('main').getByText('Tích hợp', { exact: true })).toBeVisible();
    await expect(row(page, unitName)).toHaveCount(0);
    await page.getByRole('button', { name: 'Khởi tạo mặc định' }).click();
    await chooseOption(page, 'Doanh nghiệp', unitName);
    await expectToast(page, 'Khởi tạo thành công', () => page.getByRole('dialog').getByRole('button', { name: 'Khởi tạo mặc định' }).click());
    await expect(row(page, unitName)).toContainText('CRM');
    await expect(row(page, unitName)).toContainText('/scim/v2/{tenant}');
  });
});
