import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { ReceivedFile, UploadRules } from '../../lib/upload';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../stock';

/** The lots and incoming uploads take a CSV or the first sheet of a workbook, checked by the upload module. */
export function uploadRules(maxUploadMb: number): UploadRules {
  return {
    maxBytes: maxUploadMb * 1024 * 1024,
    accept: ['csv', 'xlsx'],
    kindFromName: (name) => (/\.xlsx$/i.test(name) ? 'xlsx' : /\.csv$/i.test(name) ? 'csv' : undefined),
    messages: {
      noFile: 'Choose a CSV file or an Excel workbook (.xlsx) to upload',
      tooLarge: `The file is larger than the ${maxUploadMb} MB upload limit`,
      wrongType: 'Only CSV files (.csv) or Excel workbooks (.xlsx) can be uploaded',
      notWorkbook: 'The file is not a valid Excel workbook (.xlsx)',
      contentMismatch: 'The file does not hold what its name says (.csv or .xlsx)',
      wrongField: 'Send the file in the form field "file"',
    },
  };
}

export type SheetRead = { ok: true; records: CsvRecord[] } | { ok: false; row: number; message: string };

/** Every row of the file with its spreadsheet row number (the header is row 1). */
export async function readSheet(file: ReceivedFile): Promise<SheetRead> {
  return file.kind === 'xlsx' ? readWorkbook(file.data) : readCsv(file.data);
}

async function readCsv(data: Buffer): Promise<SheetRead> {
  const records: CsvRecord[] = [];
  try {
    await readCsvRecords(Readable.from([data]), (batch) => {
      records.push(...batch);
    });
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, row: error.row, message: error.message };
    throw error;
  }
  return { ok: true, records };
}

/** A date cell is the calendar date it shows (Excel keeps dates as UTC midnight). */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return cell.text.trim();
}

async function readWorkbook(data: Buffer): Promise<SheetRead> {
  // Loaded on first use: an idle server should not hold exceljs (issue 15).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    return { ok: false, row: 1, message: 'The file is not a valid Excel workbook (.xlsx)' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, row: 1, message: 'The workbook has no sheet' };
  const width = sheet.getRow(1).cellCount;
  const records: CsvRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = Array.from({ length: Math.max(width, row.cellCount) }, (_, i) => cellText(row.getCell(i + 1)));
    if (cells.some((c) => c !== '')) records.push({ row: number, cells });
  });
  return { ok: true, records };
}
