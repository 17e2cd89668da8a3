import type { SheetRow } from '@common/domain/user-import';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../lib/http-error';

export const IMPORT_FILE_MESSAGES = {
  wrongType: 'Please upload a CSV file or an Excel workbook (.xlsx)',
  badWorkbook: 'The file is not a valid Excel workbook (.xlsx)',
  noUsersSheet: 'The workbook has no sheet named "users"',
  badCsv: 'The CSV file could not be read',
} as const;

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

/**
 * Reads the users of a bulk import from a CSV or from the "users" sheet of a workbook.
 * The kind is decided by content, not by the name: an .xlsx is a zip whose entries
 * make it a workbook; a CSV is text. Anything else is refused.
 */
export async function readUserSheet(buffer: Buffer, filename: string): Promise<Sheet> {
  const detected = await fileTypeFromBuffer(buffer);
  if (detected?.ext === 'xlsx') return readWorkbook(buffer);
  if (detected || /\.xlsx?$/i.test(filename) || buffer.includes(0)) {
    throw new HttpError(415, detected?.ext === 'zip' || /\.xlsx$/i.test(filename) ? IMPORT_FILE_MESSAGES.badWorkbook : IMPORT_FILE_MESSAGES.wrongType);
  }
  return readCsv(buffer);
}

function readCsv(buffer: Buffer): Sheet {
  let records: string[][];
  try {
    records = parse(buffer, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch {
    throw new HttpError(400, IMPORT_FILE_MESSAGES.badCsv);
  }
  const [headers = [], ...rest] = records;
  return { headers, rows: rest.map((cells, i) => ({ row: i + 2, cells })) };
}

async function readWorkbook(buffer: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(400, IMPORT_FILE_MESSAGES.badWorkbook);
  }
  const sheet = workbook.worksheets.find((ws) => ws.name.trim().toLowerCase() === 'users');
  if (!sheet) throw new HttpError(400, IMPORT_FILE_MESSAGES.noUsersSheet);
  const width = sheet.getRow(1).cellCount;
  const textOf = (row: ExcelJS.Row) => Array.from({ length: width }, (_, i) => row.getCell(i + 1).text.trim());
  const headers = textOf(sheet.getRow(1));
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) rows.push({ row: r, cells: textOf(sheet.getRow(r)) });
  return { headers, rows };
}
