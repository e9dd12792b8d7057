import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_SHEET, type ExportColumn, type Language } from '@portal/contracts';

const STATUS_TEXT: Record<Language, Record<number, string>> = {
  vi: { 0: 'Ngừng hoạt động', 1: 'Hoạt động', 5: 'Khóa' },
  en: { 0: 'Inactive', 1: 'Active', 5: 'Lock' },
};
const YES_NO: Record<Language, [string, string]> = { vi: ['Có', 'Không'], en: ['Yes', 'No'] };

/** Excel's formats of the specification's DD/MM/YYYY (and HH:mm:ss) dates. */
export const EXCEL_DATE_FORMAT = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm:ss' } as const;

/**
 * A moment as an Excel date: Excel's dates have no time zone, and exceljs writes a Date's UTC
 * fields, so the server's wall-clock fields (the time the portal shows) are moved to UTC.
 */
export function excelDate(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds()));
}

function cellValue(column: ExportColumn, value: unknown, language: Language): string | number | Date | null {
  if (value === null || value === undefined) return null;
  switch (column.format) {
    case 'date':
    case 'datetime':
      // A real date cell (sortable, filterable, usable in formulas), shown as DD/MM/YYYY.
      return excelDate(value as string);
    case 'status':
      return STATUS_TEXT[language][value as number] ?? String(value);
    case 'boolean':
      return YES_NO[language][value ? 0 : 1];
    default:
      return typeof value === 'number' ? value : String(value);
  }
}

/**
 * An .xlsx of the rows, written as a stream: sheet "Report", a bold header on grey, column
 * widths 20 or 40 (specification, section 9).
 */
export function xlsxStream(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[], language: Language): Readable {
  const output = new PassThrough();
  void (async () => {
    // exceljs is large (tens of MiB once loaded): only a server that exports pays for it.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(EXPORT_SHEET.name);
    sheet.columns = columns.map((column) => ({
      header: column.header[language],
      key: column.key,
      width: column.wide ? EXPORT_SHEET.wideColumnWidth : EXPORT_SHEET.narrowColumnWidth,
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
    header.commit();
    for (const row of rows) {
      const added = sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, cellValue(column, row[column.key], language)])));
      columns.forEach((column, index) => {
        if (column.format === 'date' || column.format === 'datetime') added.getCell(index + 1).numFmt = EXCEL_DATE_FORMAT[column.format];
      });
      added.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
