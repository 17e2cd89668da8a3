import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { ReceivedFile, UploadRules } from '../../lib/upload';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../stock';

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

/** Every row of the file with its spreadsheet row number (the header is row 1). */
export async function readSheet(file: ReceivedFile): Promise<SheetRead> {
  return file.kind === 'xlsx' ? readWorkbook(file.data) : readCsv(file.data);
}

/**
 * The whole file at once (it is in memory already), without csv-parse's per-record `info` object,
 * which tripled the parse of a 60,000-row lots file (ADR 0195). Blank lines are kept by the parser
 * and dropped here, so each record's row is its position, as the stock upload numbers them. A file
 * the parser refuses is read again by the stock upload's reader, for its row and message.
 */
async function readCsv(data: Buffer): Promise<SheetRead> {
  let parsed: string[][];
  try {
    parsed = parse(data, { bom: true, relax_column_count: true, relax_quotes: true, max_record_size: MAX_RECORD_BYTES });
  } catch (error) {
    if (error instanceof CsvError) return readCsvStreamed(data);
    throw error;
  }
  const records: CsvRecord[] = [];
  parsed.forEach((cells, at) => {
    if (cells.length > 1 || cells[0] !== '') records.push({ row: at + 1, cells });
  });
  return { ok: true, records };
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
