import { safeCell } from '@common/domain/csv-safety';
import { ORDER_STATUS_LABELS, orderNumber } from '@common/domain/order-status';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import type { ExportLine } from './repository';
import { businessTimeZone, exportLineType, EXPORT_DELIVERY_WORDS, EXPORT_KIND_WORDS, momentIn, type Moment } from './export-words';

type Cell = string | number | Moment | null;

interface Column {
  header: string;
  width: number;
  money?: true;
  /** A moment in the business's zone, named after the header: a date cell in xlsx, "2026-12-02 07:45" in CSV. */
  moment?: true;
  value: (l: ExportLine, timeZone: string) => Cell;
}

/**
 * One row per order line, the order's fields first (docs/decisions/0162). Words and times are
 * for the people who open the file (docs/decisions/0212-words-and-times-people-read.md): kinds
 * and delivery in words, moments in the business's zone, named in the header. The JSON API
 * (GET /api/orders) keeps the codes and the UTC instants for machines.
 */
const COLUMNS: Column[] = [
  { header: 'Order', width: 10, value: (l) => orderNumber(l.order.id) },
  { header: 'Order ID', width: 9, value: (l) => l.order.id },
  { header: 'Placed', width: 22, moment: true, value: (l, zone) => momentIn(l.order.createdAt, zone) },
  { header: 'Updated', width: 22, moment: true, value: (l, zone) => momentIn(l.order.updatedAt, zone) },
  { header: 'Status', width: 16, value: (l) => ORDER_STATUS_LABELS[l.order.status] },
  { header: 'Kind', width: 14, value: (l) => EXPORT_KIND_WORDS[l.order.kind] },
  { header: 'Customer', width: 18, value: (l) => l.order.username },
  // A sample order has no PO name (docs/guide.md "Words we use"): its cart's name is not one.
  { header: 'PO Name', width: 18, value: (l) => (l.order.kind === 'purchase' ? l.order.cartName : null) },
  { header: 'Delivery', width: 10, value: (l) => (l.order.deliveryType ? EXPORT_DELIVERY_WORDS[l.order.deliveryType] : null) },
  { header: 'Requested Date', width: 14, value: (l) => l.order.requestedDate },
  { header: 'Notes', width: 30, value: (l) => l.order.notes },
  { header: 'Order Total', width: 12, money: true, value: (l) => Number(l.order.total) },
  { header: 'Line Type', width: 11, value: (l) => exportLineType(l.lineType) },
  { header: 'SKU / Code', width: 12, value: (l) => l.code },
  { header: 'Item', width: 34, value: (l) => l.name },
  { header: 'Quantity', width: 9, value: (l) => l.quantity },
  // CALL prices stay empty: the price was agreed by phone, not 0.
  { header: 'Unit Price', width: 10, money: true, value: (l) => (l.price === null ? null : Number(l.price)) },
  { header: 'Line Total', width: 11, money: true, value: (l) => (l.price === null ? null : Math.round(Number(l.price) * l.quantity * 100) / 100) },
  // The shade lots a product line was allocated from; empty for SKUs without lots.
  { header: 'Lots', width: 40, value: (l) => l.lots ?? null },
  // ADR 0192, added last so an ERP that reads the columns by position keeps working.
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
  // docs/decisions/0233, added last for the same reason: who placed it, who approved it, the contract price's source.
  { header: 'Placed By', width: 20, value: (l) => l.order.placedByName ?? l.order.username },
  { header: 'Approved By', width: 20, value: (l) => l.order.approvedByName },
  { header: 'Base Price', width: 10, money: true, value: (l) => (l.basePrice === null || l.basePrice === undefined ? null : Number(l.basePrice)) },
  { header: 'Price List', width: 20, value: (l) => l.priceList ?? null },
  { header: 'Price Break', width: 10, value: (l) => (l.priceBreakMin ? `${l.priceBreakMin}+` : null) },
  // docs/decisions/0235, added last: the dealer company, and the BOLD rep who placed it for the company.
  { header: 'Company', width: 24, value: (l) => l.order.companyName },
  { header: 'Placed By Rep', width: 20, value: (l) => l.order.placedByRepName },
];

/** "Placed (America/Chicago)": a moment's column names the zone it is written in. */
const headerOf = (c: Column, timeZone: string) => (c.moment ? `${c.header} (${timeZone})` : c.header);

/** Every text cell goes through safeCell: a name or note starting with = never runs as a formula. A moment is a date cell. */
const cellsOf = (line: ExportLine, timeZone: string) =>
  COLUMNS.map((c) => {
    const value = c.value(line, timeZone);
    return typeof value === 'object' && value !== null ? value.wallClock : safeCell(value);
  });

/** CSV has no number formats: money is written with its two decimals, a moment as "2026-12-02 07:45". */
const csvCellsOf = (line: ExportLine, timeZone: string) =>
  COLUMNS.map((c) => {
    const value = c.value(line, timeZone);
    if (typeof value === 'object' && value !== null) return value.text;
    return c.money && typeof value === 'number' ? value.toFixed(2) : safeCell(value);
  });

/** CSV in chunks, with a byte-order mark so Excel reads UTF-8. */
export async function* ordersCsv(lines: AsyncIterable<ExportLine>, batchSize = 500, timeZone = businessTimeZone()): AsyncGenerator<string> {
  yield `\ufeff${stringify([COLUMNS.map((c) => headerOf(c, timeZone))])}`;
  let batch: (string | number | boolean)[][] = [];
  for await (const line of lines) {
    batch.push(csvCellsOf(line, timeZone));
    if (batch.length >= batchSize) {
      yield stringify(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield stringify(batch);
}

/** An xlsx workbook written row by row to a stream (exceljs's streaming writer keeps memory flat). */
export function ordersXlsx(lines: AsyncIterable<ExportLine>, timeZone = businessTimeZone()): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({
    header: headerOf(c, timeZone),
    key: c.header,
    width: c.width,
    style: c.money ? { numFmt: '#,##0.00' } : c.moment ? { numFmt: 'yyyy-mm-dd hh:mm' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const line of lines) sheet.addRow(cellsOf(line, timeZone)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
