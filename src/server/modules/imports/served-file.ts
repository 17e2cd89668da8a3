import { neutraliseFormula } from '@common/domain/csv-safety';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { safeFileName } from '../../lib/safe-file-name';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An upload history file as it is downloaded (docs/decisions/0204): under a safe name that ends in
 * the extension of its content, and, for a CSV, every cell that a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return first) given a leading apostrophe, as the order export's
 * safeCell does. A stock CSV keeps every other byte of its cells; lots and incoming files are kept
 * as the rows the portal read, so they hold no formula in the first place.
 * A workbook kept before that decision is served as stored, as an attachment that no browser sniffs.
 */
export function servedUploadFile(file: { filename: string; data: Buffer }): { filename: string; type: string; body: Buffer } {
  if (/\.xlsx$/i.test(file.filename)) return { filename: safeFileName(file.filename, 'xlsx'), type: XLSX_TYPE, body: file.data };
  return { filename: safeFileName(file.filename, 'csv'), type: 'text/csv; charset=utf-8', body: neutralisedCsv(file.data) };
}

function neutralisedCsv(data: Buffer): Buffer {
  let records: string[][];
  try {
    records = parse(data, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch {
    // A kept file always passed its reader; should one not parse, every line's cells are guarded by hand.
    const text = data.toString('utf8').replace(/(^|,|\n)("?)(?=[=+\-@\t\r])/g, "$1$2'");
    return Buffer.from(text);
  }
  return Buffer.from(stringify(records.map((cells) => cells.map(neutraliseFormula))));
}
