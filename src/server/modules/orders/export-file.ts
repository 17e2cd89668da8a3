import { safeCell } from '@common/domain/csv-safety';
import { ORDER_STATUS_LABELS, orderNumber } from '@common/domain/order-status';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import type { ExportLine } from './repository';

type Cell = string | number | null;

/** One row per order line, the order's fields first (docs/decisions/0162). */
const COLUMNS: { header: string; width: number; money?: true; value: (l: ExportLine) => Cell }[] = [
  { header: 'Order', width: 10, value: (l) => orderNumber(l.order.id) },
  { header: 'Order ID', width: 9, value: (l) => l.order.id },
  { header: 'Placed', width: 22, value: (l) => l.order.createdAt.toISOString() },
  { header: 'Updated', width: 22, value: (l) => l.order.updatedAt.toISOString() },
  { header: 'Status', width: 16, value: (l) => ORDER_STATUS_LABELS[l.order.status] },
  { header: 'Kind', width: 10, value: (l) => l.order.kind },
  { header: 'Customer', width: 18, value: (l) => l.order.username },
  { header: 'PO Name', width: 18, value: (l) => l.order.cartName },
  { header: 'Delivery', width: 10, value: (l) => l.order.deliveryType },
  { header: 'Requested Date', width: 14, value: (l) => l.order.requestedDate },
  { header: 'Notes', width: 30, value: (l) => l.order.notes },
  { header: 'Order Total', width: 12, money: true, value: (l) => Number(l.order.total) },
  { header: 'Line Type', width: 11, value: (l) => l.lineType },
  { header: 'SKU / Code', width: 12, value: (l) => l.code },
  { header: 'Item', width: 34, value: (l) => l.name },
  { header: 'Quantity', width: 9, value: (l) => l.quantity },
  // CALL prices stay empty: the price was agreed by phone, not 0.
  { header: 'Unit Price', width: 10, money: true, value: (l) => (l.price === null ? null : Number(l.price)) },
  { header: 'Line Total', width: 11, money: true, value: (l) => (l.price === null ? null : Math.round(Number(l.price) * l.quantity * 100) / 100) },
  // Issue 27: the shade lots a product line was allocated from; empty for SKUs without lots.
  { header: 'Lots', width: 40, value: (l) => l.lots ?? null },
  // Issue 26 (ADR 0192), added last so an ERP that reads the columns by position keeps working.
  { header: 'PO Reference', width: 16, value: (l) => l.order.poReference },
  { header: 'Ship To', width: 30, value: (l) => l.order.shipTo },
  // docs/decisions/0210: the ship-to in parts, for an ERP or a carrier's import; empty where an order has none.
  { header: 'Ship To Name', width: 24, value: (l) => l.order.shipToAddress?.name ?? null },
  { header: 'Ship To Contact', width: 18, value: (l) => l.order.shipToAddress?.contactName ?? null },
  { header: 'Ship To Phone', width: 15, value: (l) => l.order.shipToAddress?.phone ?? null },
  { header: 'Ship To Street', width: 24, value: (l) => l.order.shipToAddress?.street ?? null },
  { header: 'Ship To Suite', width: 12, value: (l) => l.order.shipToAddress?.street2 ?? null },
  { header: 'Ship To City', width: 16, value: (l) => l.order.shipToAddress?.city ?? null },
  { header: 'Ship To State', width: 8, value: (l) => l.order.shipToAddress?.state ?? null },
  { header: 'Ship To ZIP', width: 10, value: (l) => l.order.shipToAddress?.zip ?? null },
];

/** Every text cell goes through safeCell: a name or note starting with = never runs as a formula. */
const cellsOf = (line: ExportLine) => COLUMNS.map((c) => safeCell(c.value(line)));

/** CSV has no number formats: money is written with its two decimals. */
const csvCellsOf = (line: ExportLine) =>
  COLUMNS.map((c) => {
    const value = c.value(line);
    return c.money && typeof value === 'number' ? value.toFixed(2) : safeCell(value);
  });

/** CSV in chunks, with a byte-order mark so Excel reads UTF-8. */
export async function* ordersCsv(lines: AsyncIterable<ExportLine>, batchSize = 500): AsyncGenerator<string> {
  yield `\ufeff${stringify([COLUMNS.map((c) => c.header)])}`;
  let batch: (string | number | boolean)[][] = [];
  for await (const line of lines) {
    batch.push(csvCellsOf(line));
    if (batch.length >= batchSize) {
      yield stringify(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield stringify(batch);
}

/** An xlsx workbook written row by row to a stream (exceljs's streaming writer keeps memory flat). */
export function ordersXlsx(lines: AsyncIterable<ExportLine>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.header, width: c.width, style: c.money ? { numFmt: '#,##0.00' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const line of lines) sheet.addRow(cellsOf(line)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
