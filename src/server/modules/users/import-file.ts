import type { SheetRow } from '@common/domain/user-import';
import { MAX_IMPORT_USERS } from '@common/contracts/users';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { readSpreadsheet, receiveOnlyFile, type ReceivedFile, type SheetLimits, type UploadRules } from '../../lib/upload';

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

/**
 * A users file holds at most MAX_IMPORT_USERS users; the reader stops well past that (example and
 * blank rows around them), so the domain's own "at most 500 users" sentence still answers a file a
 * little too long (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export const USERS_SHEET_LIMITS: SheetLimits = {
  maxRows: 5 * MAX_IMPORT_USERS,
  maxColumns: 50,
  maxCells: 100_000,
  maxCellChars: 1_000,
  maxTotalChars: 2_000_000,
  maxSheets: 50,
  maxHeapMb: 128,
  timeoutMs: 15_000,
};

/** Reads the users of a bulk import from a CSV or from the "users" sheet of a workbook. */
export async function readUserSheet(file: ReceivedFile, owner: string): Promise<Sheet> {
  const [sheet] = await readSpreadsheet(file, {
    pick: { sheet: 'named', name: 'users' },
    limits: USERS_SHEET_LIMITS,
    unreadable: file.kind === 'xlsx' ? IMPORT_FILE_MESSAGES.badWorkbook : IMPORT_FILE_MESSAGES.badCsv,
    owner,
  });
  if (!sheet) throw new HttpError(400, IMPORT_FILE_MESSAGES.noUsersSheet);
  const [first, ...rest] = sheet.records;
  // The header is row 1; a file whose first row is blank has none.
  const headers = first?.row === 1 ? first.cells : [];
  const rows: SheetRow[] = first?.row === 1 ? rest : sheet.records;
  return { headers, rows };
}
