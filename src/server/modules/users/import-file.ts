import type { SheetRow } from '@common/domain/user-import';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { receiveOnlyFile, type ReceivedFile, type UploadRules } from '../../lib/upload';

export const IMPORT_FILE_MESSAGES = {
  wrongType: 'Please upload a CSV file or an Excel workbook (.xlsx)',
  badWorkbook: 'The file is not a valid Excel workbook (.xlsx)',
  noUsersSheet: 'The workbook has no sheet named "users"',
  badCsv: 'The CSV file could not be read',
  noFile: 'Please choose a file to upload',
  tooLarge: 'The file is too large. A users file may be at most 2 MB',
} as const;

/** A users sheet is small; this keeps a hostile workbook from costing much. */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const IMPORT_RULES: UploadRules = {
  maxBytes: IMPORT_MAX_BYTES,
  accept: ['csv', 'xlsx'],
  // The kind is decided by content; a name ending .xlsx must really be a workbook.
  kindFromName: (name) => (/\.xlsx?$/i.test(name) ? 'xlsx' : undefined),
  messages: {
    noFile: IMPORT_FILE_MESSAGES.noFile,
    tooLarge: IMPORT_FILE_MESSAGES.tooLarge,
    wrongType: IMPORT_FILE_MESSAGES.wrongType,
    notWorkbook: IMPORT_FILE_MESSAGES.badWorkbook,
    contentMismatch: IMPORT_FILE_MESSAGES.badWorkbook,
  },
};

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

/** Receives the bulk import file through the upload module (size, content, zip guard). */
export function receiveUserSheet(request: FastifyRequest): Promise<ReceivedFile> {
  return receiveOnlyFile(request, IMPORT_RULES);
}

/** Reads the users of a bulk import from a CSV or from the "users" sheet of a workbook. */
export async function readUserSheet(file: ReceivedFile): Promise<Sheet> {
  return file.kind === 'xlsx' ? readWorkbook(file.data) : readCsv(file.data);
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
  // Loaded on first use: it weighs ~30 MB of memory that an idle server should not hold (issue 15).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
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
