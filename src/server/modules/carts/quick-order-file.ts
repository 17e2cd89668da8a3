import { QUICK_ORDER_FILE_MESSAGES } from '@common/domain/quick-order';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { readSpreadsheet, receiveOnlyFile, type SheetLimits, type UploadRules } from '../../lib/upload';

/** An order pad's file is a few hundred lines; 2 MB is far more than that. */
const QUICK_ORDER_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A pad is a few hundred lines: 2,000 rows of the first 26 columns (A-Z), a SKU or a quantity
 * is short, so the answer stays under a megabyte whatever the file claims
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export const QUICK_ORDER_SHEET_LIMITS: SheetLimits = {
  maxRows: 2_000,
  maxColumns: 26,
  maxCells: 100_000,
  maxCellChars: 200,
  maxTotalChars: 1_000_000,
  maxSheets: 50,
  maxHeapMb: 128,
  timeoutMs: 15_000,
};

const RULES: UploadRules = {
  maxBytes: QUICK_ORDER_MAX_BYTES,
  accept: ['csv', 'xlsx'],
  kindFromName: (name) => (/\.xlsx?$/i.test(name) ? 'xlsx' : undefined),
  messages: {
    noFile: QUICK_ORDER_FILE_MESSAGES.noFile,
    tooLarge: QUICK_ORDER_FILE_MESSAGES.tooLarge,
    wrongType: QUICK_ORDER_FILE_MESSAGES.wrongType,
    notWorkbook: QUICK_ORDER_FILE_MESSAGES.badWorkbook,
    contentMismatch: QUICK_ORDER_FILE_MESSAGES.badWorkbook,
  },
};

const SKU_HEADER = /^(sku|id|item|product ?(id|number)?)$/i;
const QUANTITY_HEADER = /^(qty|quantity|boxes|amount)$/i;

/**
 * The quick order pad's file (ADR 0190): a CSV or the first sheet of an .xlsx, read into the
 * pad's own "SKU quantity" lines. Nothing is validated here: the pad checks every line against
 * the catalogue like typed lines, and the bulk add decides (one rule, one place). A header row
 * naming SKU and quantity columns picks them; otherwise the first two columns are SKU and quantity.
 */
export async function readQuickOrderFile(request: FastifyRequest, owner: string): Promise<{ text: string; rows: number }> {
  const file = await receiveOnlyFile(request, RULES);
  const [sheet] = await readSpreadsheet(file, {
    pick: { sheet: 'first' },
    limits: QUICK_ORDER_SHEET_LIMITS,
    unreadable: file.kind === 'xlsx' ? QUICK_ORDER_FILE_MESSAGES.badWorkbook : QUICK_ORDER_FILE_MESSAGES.badCsv,
    owner,
  });
  const records = (sheet?.records ?? []).map((record) => record.cells);
  const header = records[0]?.map((cell) => cell.trim()) ?? [];
  const skuColumn = header.findIndex((cell) => SKU_HEADER.test(cell));
  const hasHeader = skuColumn >= 0;
  const quantityColumn = hasHeader ? header.findIndex((cell) => QUANTITY_HEADER.test(cell)) : 1;
  const body = (hasHeader ? records.slice(1) : records).filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const lines = body.map((cells) => {
    const sku = (cells[hasHeader ? skuColumn : 0] ?? '').trim();
    const quantity = quantityColumn >= 0 ? (cells[quantityColumn] ?? '').trim() : '';
    return quantity === '' ? sku : `${sku} ${quantity}`;
  });
  if (lines.length === 0) throw new HttpError(400, QUICK_ORDER_FILE_MESSAGES.empty);
  return { text: lines.join('\n'), rows: lines.length };
}
