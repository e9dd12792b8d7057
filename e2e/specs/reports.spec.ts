import { expect, test, type Page } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { exportList } from '../support/export.ts';
import { sampleAppUrls } from '../support/sample-app.ts';
import { signIn } from '../support/signin.ts';

const appUser = demoAccount('admin', 'minhphat');
const sampleApp = sampleAppUrls(Number(process.env.E2E_APP_PORT));

/** Today as the report shows it (DD/MM/YYYY), in the calendar the portal counts activity in (ACTIVITY.timeZone). */
const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

/** Picks a value of one of the list's filters. */
async function filterBy(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('main').getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await expect(page.getByRole('main').locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) })).toContainText(option);
}

/** The accesses today's row of the table shows. */
async function accessesToday(page: Page): Promise<number> {
  const cells = page.getByRole('row').filter({ hasText: today }).getByRole('cell');
  await expect(cells.last()).toHaveText(/^\d+$/);
  return Number(await cells.last().textContent());
}

test('Report_3 counts a sign-in into the service app, filtered by service and unit, with its chart, and exports the file', async ({ page, browser }) => {
  await signIn(page, ADMIN, 'report/list-report');
  const main = page.getByRole('main');
  await expect(main.getByRole('radio', { name: /Report_3/ })).toBeChecked();
  await filterBy(page, 'Dịch vụ', 'CRM');
  await filterBy(page, 'Doanh nghiệp', 'Công ty TNHH Minh Phát');
  const before = await accessesToday(page);

  await test.step("a unit's user opens the CRM app through single sign-on", async () => {
    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signIn(userPage, appUser);
    await userPage.goto(sampleApp.link);
    await expect(userPage.getByText(`Signed in as Nguyễn An (${appUser.username})`)).toBeVisible();
    await context.close();
  });

  await test.step('the report counts it: table and chart', async () => {
    // Searching again asks the server again (the keyword narrows to the same service).
    await main.getByRole('searchbox', { name: 'Tìm kiếm' }).fill('CRM');
    await main.getByRole('button', { name: 'Tìm kiếm' }).click();
    await expect.poll(() => accessesToday(page), { timeout: 15_000 }).toBe(before + 1);
    const chart = main.getByRole('img', { name: 'Biểu đồ' });
    await expect(chart).toBeVisible();
    const points = JSON.parse((await chart.getAttribute('data-points')) ?? '[]') as number[][];
    expect(points).toHaveLength(1);
    expect(points[0]!.at(-1)).toBe(before + 1);
  });

  await test.step('the export holds the rows shown, sheet "Report"', async () => {
    const { workbook, sheet } = await exportList(page, 'ReportServiceVisitOverTime.xlsx');
    expect(workbook.worksheets.map((each) => each.name)).toEqual(['Report']);
    expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual(['Ngày', 'Mã dịch vụ', 'Dịch vụ', 'Số lượt truy cập']);
    expect(sheet!.rowCount).toBe(31);
    const rows = Array.from({ length: sheet!.rowCount - 1 }, (_, index) => (sheet!.getRow(index + 2).values as unknown[]).slice(1));
    expect(new Set(rows.map((cells) => cells[1]))).toEqual(new Set(['CRM']));
    expect(rows.find((cells) => cells[0] === today)?.[3]).toBe(before + 1);
  });
});

test("the other reports: units using each pack's services, and the units of a service in detail", async ({ page }) => {
  await signIn(page, ADMIN, 'report/list-report');
  const main = page.getByRole('main');
  const reports = main.getByRole('radiogroup', { name: 'Chọn báo cáo' });
  await reports.getByText('Số doanh nghiệp sử dụng dịch vụ của gói').click();
  await expect(page.getByRole('row').filter({ hasText: 'Gói Premium' }).filter({ hasText: 'CRM' })).toBeVisible();
  await reports.getByText('Chi tiết doanh nghiệp sử dụng dịch vụ').click();
  await filterBy(page, 'Dịch vụ', 'CRM');
  await expect(page.getByRole('row').filter({ hasText: 'Công ty TNHH Minh Phát' }).first()).toBeVisible();
  await expect(main.getByRole('img', { name: 'Biểu đồ' })).toBeVisible();
});
