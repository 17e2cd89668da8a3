import { QUICK_ORDER_FILE_MESSAGES } from '@common/domain/quick-order';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { receiveOnlyFile, type ReceivedFile, type UploadRules } from '../../lib/upload';

/** An order pad's file is a few hundred lines; 2 MB is far more than that. */
const QUICK_ORDER_MAX_BYTES = 2 * 1024 * 1024;

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
export async function readQuickOrderFile(request: FastifyRequest): Promise<{ text: string; rows: number }> {
  const file = await receiveOnlyFile(request, RULES);
  const records = file.kind === 'xlsx' ? await workbookRows(file) : csvRows(file);
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

function csvRows(file: ReceivedFile): string[][] {
  try {
    return parse(file.data, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    throw new HttpError(400, QUICK_ORDER_FILE_MESSAGES.badCsv);
  }
}

async function workbookRows(file: ReceivedFile): Promise<string[][]> {
  // Loaded on first use, as for the other workbooks (issue 15).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(file.data as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(400, QUICK_ORDER_FILE_MESSAGES.badWorkbook);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new HttpError(400, QUICK_ORDER_FILE_MESSAGES.empty);
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: Math.max(row.cellCount, 2) }, (_, i) => row.getCell(i + 1).text));
  }
  return rows;
}
