import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { EXPORT_SHEET, type ExportColumn, type Language } from '@portal/contracts';

export interface Report {
  sheetNames: string[];
  sheet: ExcelJS.Worksheet;
  headers: string[];
  /** The data rows, as the text of each cell (empty cells as ''). */
  rows: string[][];
}

/** Opens an exported .xlsx as a spreadsheet program would. */
export async function readReport(response: LightMyRequestResponse): Promise<Report> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(EXPORT_SHEET.name) ?? workbook.worksheets[0]!;
  const text = (row: ExcelJS.Row, width: number) => Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1)));
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  for (let index = 2; index <= sheet.rowCount; index++) rows.push(text(sheet.getRow(index), width));
  return { sheetNames: workbook.worksheets.map((s) => s.name), sheet, headers: text(sheet.getRow(1), width), rows };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as a spreadsheet shows it: a date cell in its DD/MM/YYYY (HH:mm:ss) format. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (!(value instanceof Date)) return String(value ?? '');
  const day = `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  return /h/.test(cell.numFmt ?? '') ? `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}` : day;
}

/** The number format a date column's cells must carry (a date cell, not text that looks like one). */
const DATE_FORMAT: Partial<Record<NonNullable<ExportColumn['format']>, string>> = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm:ss' };

const CELL_TEXT: Record<NonNullable<ExportColumn['format']>, RegExp> = {
  date: /^\d{2}\/\d{2}\/\d{4}$/,
  datetime: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
  status: /^(Hoạt động|Ngừng hoạt động|Khóa|Active|Inactive|Lock)$/,
  boolean: /^(Có|Không|Yes|No)$/,
};

/**
 * What the specification asks of every export (section 9): sheet "Report", the columns'
 * headers in the caller's language, bold on grey, widths 20 or 40, values formatted.
 */
export function layoutProblems(report: Report, columns: readonly ExportColumn[], language: Language): string[] {
  const problems: string[] = [];
  if (report.sheetNames.join() !== EXPORT_SHEET.name) problems.push(`sheets ${report.sheetNames.join()}`);
  const expected = columns.map((column) => column.header[language]);
  if (report.headers.join('|') !== expected.join('|')) problems.push(`headers ${report.headers.join('|')}, expected ${expected.join('|')}`);
  columns.forEach((column, index) => {
    const cell = report.sheet.getRow(1).getCell(index + 1);
    const width = column.wide ? EXPORT_SHEET.wideColumnWidth : EXPORT_SHEET.narrowColumnWidth;
    if (!cell.font?.bold) problems.push(`header ${column.key} is not bold`);
    if (cell.fill?.type !== 'pattern' || cell.fill.fgColor?.argb !== 'FFD9D9D9') problems.push(`header ${column.key} is not on grey`);
    if (report.sheet.getColumn(index + 1).width !== width) problems.push(`column ${column.key} is ${report.sheet.getColumn(index + 1).width} wide, not ${width}`);
    const pattern = column.format && CELL_TEXT[column.format];
    const wrong = pattern ? report.rows.map((row) => row[index]!).filter((value) => value !== '' && !pattern.test(value)) : [];
    if (wrong.length) problems.push(`column ${column.key} shows ${wrong.slice(0, 3).join(', ')}`);
    const numFmt = column.format && DATE_FORMAT[column.format];
    if (numFmt) {
      for (let line = 2; line <= report.sheet.rowCount; line++) {
        const cell = report.sheet.getRow(line).getCell(index + 1);
        if (cell.value === null || cell.value === '') continue;
        if (cell.type !== ExcelJS.ValueType.Date || cell.numFmt !== numFmt) problems.push(`column ${column.key} row ${line} is ${String(cell.type)} "${cell.numFmt ?? ''}", not an Excel date "${numFmt}"`);
      }
    }
  });
  return problems;
}
