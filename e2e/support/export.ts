import ExcelJS from 'exceljs';
import { expect, type Page } from '@playwright/test';

/**
 * Clicks a list's "Xuất Excel" button, checks the file's name and opens what was downloaded as
 * a spreadsheet program would: the sheet "Report" (undefined when the file has none).
 */
export async function exportList(page: Page, fileName: string): Promise<{ workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet | undefined }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('main').getByRole('button', { name: 'Xuất Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return { workbook, sheet: workbook.getWorksheet('Report') };
}
