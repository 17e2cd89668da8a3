import { Readable } from 'node:stream';
import { readSpreadsheet, UnreadableSheet, type ReceivedFile, type SheetLimits, type UploadRules } from '../../lib/upload';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../imports';

/** As the stock upload's reader: one row longer than this is a broken file (an unclosed quote), not data. */
const MAX_RECORD_BYTES = 256 * 1024;

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

const NOT_A_WORKBOOK = 'The file is not a valid Excel workbook (.xlsx)';

/**
 * A lots file is one row per lot: the benches' 60,000-row file fits well inside 100,000 rows of
 * 50 columns; a reference or a lot code is short (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export const LOTS_SHEET_LIMITS: SheetLimits = {
  maxRows: 100_000,
  maxColumns: 50,
  maxCells: 2_000_000,
  maxCellChars: 2_000,
  maxTotalChars: 40_000_000,
  maxSheets: 50,
  maxHeapMb: 256,
  timeoutMs: 60_000,
};

/**
 * Every non-empty row of the file with its spreadsheet row number (the header is row 1), read by
 * the upload module's one reader. Blank CSV lines keep their place in the numbering, as the stock
 * upload numbers them; a CSV the parser refuses is read again by the stock upload's streamed reader,
 * for its row and message.
 */
export async function readSheet(file: ReceivedFile, owner: string): Promise<SheetRead> {
  try {
    const [sheet] = await readSpreadsheet(file, {
      pick: { sheet: 'first' },
      limits: LOTS_SHEET_LIMITS,
      unreadable: NOT_A_WORKBOOK,
      owner,
      csv: { relaxQuotes: true, maxRecordBytes: MAX_RECORD_BYTES },
    });
    if (!sheet) return { ok: false, row: 1, message: 'The workbook has no sheet' };
    return { ok: true, records: sheet.records };
  } catch (error) {
    if (!(error instanceof UnreadableSheet)) throw error;
    return file.kind === 'csv' ? readCsvStreamed(file.data) : { ok: false, row: 1, message: NOT_A_WORKBOOK };
  }
}

async function readCsvStreamed(data: Buffer): Promise<SheetRead> {
  const records: CsvRecord[] = [];
  try {
    await readCsvRecords(Readable.from([data]), (batch) => {
      records.push(...batch);
    });
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, row: error.row, message: error.message };
    throw error;
  }
  // The strict reader found nothing the relaxed one refused: report it as the stock upload would.
  return { ok: false, row: 1, message: 'The CSV file could not be read' };
}
