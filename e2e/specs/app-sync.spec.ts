import { expect, test } from '../support/test.ts';
import { demoAccount } from '../support/accounts.ts';
import { confirm, row } from '../support/resource.ts';
import { sampleAppUrls } from '../support/sample-app.ts';
import { signIn } from '../support/signin.ts';

// Minh Phát's CRM app: no other spec provisions this tenant of the sample app.
const unitAdmin = demoAccount('admin', 'minhphat');
const tenant = 'minhphat';
const app = sampleAppUrls(Number(process.env.E2E_APP_PORT));

test('"Sync" of a unit’s app shows its progress and ends with "Sync Successful"; the app then holds every user of the unit in the service', async ({ page, request }) => {
  await signIn(page, unitAdmin, 'user/app-user');
  await expect(row(page, unitAdmin.username)).toContainText('CRM');
  // The accounts the list shows in CRM (the unit's accounts end in .minhphat).
  const rows = await page.getByRole('row').filter({ hasText: 'CRM' }).allInnerTexts();
  const usernames = rows.map((text) => /[\w.]+\.minhphat\b/.exec(text)?.[0]);

  await row(page, unitAdmin.username).getByRole('button', { name: `Đồng bộ ${unitAdmin.username}` }).click();
  await confirm(page, /Đồng bộ toàn bộ người dùng và nhóm của .* sang ứng dụng CRM\?/, 'Lưu');
  const progress = page.getByRole('dialog').filter({ hasText: 'Tiến trình đồng bộ' });
  await expect(progress.getByRole('alert').filter({ hasText: 'Đồng bộ thành công' })).toBeVisible({ timeout: 30_000 });
  await expect(progress).toContainText(`Đã xử lý`);
  await progress.getByRole('button', { name: 'Đóng', exact: true }).last().click();
  await expect(progress).toBeHidden();

  const state = (await (await request.get(`${app.control}/scim?tenant=${tenant}`)).json()) as { users: { userName: string; active: boolean }[] };
  expect(state.users.map((user) => user.userName).sort()).toEqual([...usernames].sort());
  await expect(row(page, unitAdmin.username)).toContainText('Đã đồng bộ');
});
