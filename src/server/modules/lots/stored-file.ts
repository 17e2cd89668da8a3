import { stringify } from 'csv-stringify/sync';
import type { ReceivedFile } from '../../lib/upload';
import { safeFileName } from '../../lib/safe-file-name';
import type { Kind } from './replace';
import { INCOMING_COLUMNS, LOT_COLUMNS, type IncomingRow, type LotRow } from './row-rules';

/*
 * What the upload history keeps of a lots or incoming file (docs/decisions/0204): not the bytes
 * that were sent, but the rows the portal read from them, as a CSV in the template's columns. The
 * columns the reader ignores (where a formula could hide), the other sheets of a workbook and its
 * macros never reach the history or a later download; every kept cell passed the row rules, which
 * refuse text starting with = + - @, so the file holds no formula. The confirm reads this CSV again
 * and gets the same rows; the name ends in .csv whatever was sent.
 */

export function storedName(sent: string): string {
  return safeFileName(sent, 'csv', 'lots-upload');
}

export function storedCsv(kind: Kind, rows: readonly (LotRow | IncomingRow)[]): Buffer {
  if (kind === 'lots') {
    const records = (rows as LotRow[]).map((r) => [r.productId, r.lot, r.shade ?? '', r.caliber ?? '', r.warehouse, r.quantity]);
    return Buffer.from(stringify([[...LOT_COLUMNS], ...records]));
  }
  const records = (rows as IncomingRow[]).map((r) => [r.productId, r.quantity, r.eta, r.stage, r.lot ?? '', r.reference ?? '']);
  return Buffer.from(stringify([[...INCOMING_COLUMNS], ...records]));
}

/** A kept file to read again: a CSV since docs/decisions/0204; a workbook kept before that by its name. */
export const storedFile = (row: { filename: string; data: Buffer }): ReceivedFile => ({
  filename: row.filename,
  data: row.data,
  kind: /\.xlsx$/i.test(row.filename) ? 'xlsx' : 'csv',
  sha256: '',
});
