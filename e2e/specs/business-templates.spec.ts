import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { chooseOption, fillFields, openAddDialog, row, saveDialog } from '../support/resource.ts';
import { sampleAppUrls } from '../support/sample-app.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

const app = sampleAppUrls(Number(process.env.E2E_APP_PORT));
const template = 'Mẫu bán lẻ E2E';

test('platform staff add a business-information template, make it the default, and push it into a unit’s CRM app', async ({ page, request }) => {
  await signIn(page, ADMIN, 'enterprise/template');
  await expect(page.getByRole('main').getByText('Mẫu đồng bộ', { exact: true })).toBeVisible();

  await openAddDialog(page);
  await chooseOption(page, 'Dịch vụ', 'CRM');
  await fillFields(page, { 'Tên mẫu': template, 'Thông tin doanh nghiệp (nội dung gửi sang ứng dụng)': '{"pipelines":["Bán lẻ"]}' });
  await page.getByRole('dialog').getByRole('switch', { name: 'Mặc định' }).click();
  await saveDialog(page);
  await expect(row(page, template)).toContainText('Mặc định');

  await row(page, template).getByRole('button', { name: `Đồng bộ mẫu sang doanh nghiệp ${template}` }).click();
  await chooseOption(page, 'Doanh nghiệp', 'Công ty TNHH Minh Phát');
  await expectToast(page, 'Đồng bộ thành công', () => page.getByRole('dialog').getByRole('button', { name: 'Đồng bộ mẫu sang doanh nghiệp' }).click(), { timeout: 20_000 });

  const state = (await (await request.get(`${app.control}/scim?tenant=minhphat`)).json()) as { received: { type: string; body?: { name?: string } }[] };
  expect(state.received.filter((r) => r.type === 'BusinessTemplates').map((r) => r.body?.name)).toEqual([template]);
});
