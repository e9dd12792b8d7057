import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_SHEET, type ExportColumn, type Language } from '@portal/contracts';

const STATUS_TEXT: Record<Language, Record<number, string>> = {
  vi: { 0: 'Ngừng hoạt động', 1: 'Hoạt động', 5: 'Khóa' },
  en: { 0: 'Inactive', 1: 'Active', 5: 'Lock' },
};
const YES_NO: Record<Language, [string, string]> = { vi: ['Có', 'Không'], en: ['Yes', 'No'] };

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates as the specification shows them: DD/MM/YYYY, with HH:mm:ss when the time matters. */
export function formatDate(value: string | Date, withTime: boolean): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const day = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : day;
}

function cellValue(column: ExportColumn, value: unknown, language: Language): string | number | null {
  if (value === null || value === undefined) return null;
  switch (column.format) {
    case 'date':
      return formatDate(value as string, false);
    case 'datetime':
      return formatDate(value as string, true);
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
      sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, cellValue(column, row[column.key], language)]))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
