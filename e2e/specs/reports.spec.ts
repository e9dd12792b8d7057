import { expect, test, type Page } from '../support/test.ts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { exportList } from '../support/export.ts';
import { expectReadableChart } from '../support/chart.ts';
import { chooseOption } from '../support/resource.ts';
import { sampleAppUrls } from '../support/sample-app.ts';
import { signIn } from '../support/signin.ts';

const appUser = demoAccount('admin', 'minhphat');
const sampleApp = sampleAppUrls(Number(process.env.E2E_APP_PORT));

/** Today as the report shows it (DD/MM/YYYY), in the calendar the portal counts activity in (ACTIVITY.timeZone). */
const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

/** The accesses today's row of the table shows, once the list has its answer (a previous answer stays shown while the next loads). */
async function accessesToday(page: Page): Promise<number> {
  await expect(page.getByRole('main').locator('.ant-spin-spinning')).toHaveCount(0);
  const cells = page.getByRole('row').filter({ hasText: today }).getByRole('cell');
  await expect(cells.last()).toHaveText(/^\d+$/);
  return Number(await cells.last().textContent());
}

test('Report_3 counts a sign-in into the service app, filtered by service and unit, with its chart, and exports the file', async ({ page, browser }) => {
  await signIn(page, ADMIN, 'report/list-report');
  const main = page.getByRole('main');
  await expect(main.getByRole('radio', { name: /Report_3/ })).toBeChecked();
  await chooseOption(page, 'Dịch vụ', 'CRM', main);
  await chooseOption(page, 'Doanh nghiệp', 'Công ty TNHH Minh Phát', main);
  const before = await accessesToday(page);

  await test.step("a unit's user opens the CRM app through single sign-on", async () => {
    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signIn(userPage, appUser);
    await userPage.goto(sampleApp.link);
    await expect(userPage.getByText(`Signed in as Nguyễn An (${appUser.username})`)).toBeVisible();
    await context.close();
  });

  // Minh Phát's users of the other specs open CRM too (the app switcher's, the notifications' and the
  // relying party's journeys), so today's figure grows by this visit at least, maybe more.
  let counted = 0;
  await test.step('the report counts it: table and chart', async () => {
    await main.getByRole('searchbox', { name: 'Tìm kiếm' }).fill('CRM');
    await expect
      .poll(async () => {
        // Searching again asks the server again (the keyword narrows to the same service).
        await main.getByRole('button', { name: 'Tìm kiếm' }).click();
        return (counted = await accessesToday(page));
      })
      .toBeGreaterThan(before);
    const chart = main.getByRole('img', { name: 'Biểu đồ' });
    await expect(chart).toBeVisible();
    const points = JSON.parse((await chart.getAttribute('data-points')) ?? '[]') as number[][];
    expect(points).toHaveLength(1);
    // The chart and the table come from the same answer.
    expect(points[0]!.at(-1)).toBe(counted);
    // Thirty days of labels: none runs into the next, and the visits tick on whole numbers.
    await expectReadableChart(chart, 'lines');
  });

  await test.step('the export holds the rows shown, sheet "Report"', async () => {
    const { workbook, sheet } = await exportList(page, 'ReportServiceVisitOverTime.xlsx');
    expect(workbook.worksheets.map((each) => each.name)).toEqual(['Report']);
    expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual(['Ngày', 'Mã dịch vụ', 'Dịch vụ', 'Số lượt truy cập']);
    expect(sheet!.rowCount).toBe(31);
    const rows = Array.from({ length: sheet!.rowCount - 1 }, (_, index) => (sheet!.getRow(index + 2).values as unknown[]).slice(1));
    expect(new Set(rows.map((cells) => cells[1]))).toEqual(new Set(['CRM']));
    // The day is an Excel date (a date cell in DD/MM/YYYY), not text.
    expect(rows.every((cells) => cells[0] instanceof Date)).toBe(true);
    expect(sheet!.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
    const day = (cell: unknown) => (cell as Date).toISOString().slice(0, 10).split('-').reverse().join('/');
    // Asked again: as many as the table showed, or more if another spec's user came meanwhile.
    expect(rows.find((cells) => day(cells[0]) === today)?.[3]).toBeGreaterThanOrEqual(counted);
  });
});

test("the other reports: units using each pack's services, and the units of a service in detail", async ({ page }) => {
  await signIn(page, ADMIN, 'report/list-report');
  const main = page.getByRole('main');
  const reports = main.getByRole('radiogroup', { name: 'Chọn báo cáo' });
  await reports.getByText('Số doanh nghiệp sử dụng dịch vụ của gói').click();
  await expect(page.getByRole('row').filter({ hasText: 'Gói Premium' }).filter({ hasText: 'CRM' })).toBeVisible();
  await reports.getByText('Chi tiết doanh nghiệp sử dụng dịch vụ').click();
  await chooseOption(page, 'Dịch vụ', 'CRM', main);
  await expect(page.getByRole('row').filter({ hasText: 'Công ty TNHH Minh Phát' }).first()).toBeVisible();
  // A bar per unit, the ends whole, the counts on whole numbers (a handful of accesses ticked 0.5 apart before).
  await expectReadableChart(main.getByRole('img', { name: 'Biểu đồ' }), 'bars');
});
