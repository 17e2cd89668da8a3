import { DEFAULT_WAREHOUSE, INCOMING_STAGES, type IncomingStage } from '@common/domain/lots';
import { checkLotCode, invisibleCharacterIn, normaliseLotText } from '@common/domain/lot-codes';
import { MAX_ROW_QUANTITY } from '@common/domain/lot-limits';
import { formatCount } from '@common/domain/format';
import { isIsoDate } from '@common/domain/business-days';
import { INVALID_SKU, looksLikeFormula, normaliseHeader, parseSku } from '../stock';

/*
 * The rules of one row of a lots or incoming file (issue 27), in the stock upload's style
 * (docs/decisions/0012): a problem is a sentence for a row, and any problem rejects the whole
 * file. A PUT's JSON items go through the same functions, so both answer alike.
 */

export const LOT_COLUMNS = ['sku', 'lot', 'shade', 'caliber', 'warehouse', 'quantity'] as const;
export const INCOMING_COLUMNS = ['sku', 'quantity', 'eta', 'stage', 'lot', 'reference'] as const;
export type LotColumn = (typeof LOT_COLUMNS)[number];
export type IncomingColumn = (typeof INCOMING_COLUMNS)[number];

const REQUIRED = { lots: ['sku', 'lot', 'quantity'], incoming: ['sku', 'quantity', 'eta', 'stage'] } as const;
const TEXT_LIMITS: Record<string, number> = { lot: 50, shade: 50, caliber: 50, warehouse: 100, reference: 200 };

export type Report = (message: string) => void;

export interface LotRow {
  productId: number;
  lot: string;
  shade: string | null;
  caliber: string | null;
  warehouse: string;
  quantity: number;
}

export interface IncomingRow {
  productId: number;
  quantity: number;
  eta: string;
  stage: IncomingStage;
  lot: string | null;
  reference: string | null;
}

export interface Header<C extends string> {
  /** Column index to field, null for a column this file does not use. */
  columns: (C | null)[];
  errors: string[];
  ignored: string[];
}

/** The header row: known columns by name (any case, spaces, underscores), the required ones present, none twice. */
export function readHeader<C extends string>(kind: 'lots' | 'incoming', cells: readonly string[]): Header<C> {
  const known = (kind === 'lots' ? LOT_COLUMNS : INCOMING_COLUMNS) as readonly string[];
  const header: Header<C> = { columns: [], errors: [], ignored: [] };
  if (cells.length === 1 && /[;\t|]/.test(cells[0] ?? '')) {
    header.errors.push('The file must be separated by commas. Save it as "CSV (comma delimited)" and upload it again.');
    return header;
  }
  for (const cell of cells) {
    const key = normaliseHeader(cell);
    const column = known.find((c) => c === key) as C | undefined;
    if (!column) {
      if (cell.trim() !== '') header.ignored.push(cell.trim());
      header.columns.push(null);
    } else if (header.columns.includes(column)) {
      header.errors.push(`The column ${column} appears more than once`);
      header.columns.push(null);
    } else header.columns.push(column);
  }
  const missing = REQUIRED[kind].filter((c) => !header.columns.includes(c as C));
  if (missing.length > 0) header.errors.push(`The file needs the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')} (the template's header is ${known.join(',')})`);
  return header;
}

/** The row's cells by field name. */
export function fieldsOf<C extends string>(header: Header<C>, cells: readonly string[]): Partial<Record<C, string>> {
  const fields: Partial<Record<C, string>> = {};
  header.columns.forEach((column, at) => {
    if (column) fields[column] = (cells[at] ?? '').trim();
  });
  return fields;
}

/**
 * A text cell: NFKC, trimmed, no invisible or control character (docs/decisions/0204); a lot code
 * (the lot column of either file) also only the allow-list of @common/domain/lot-codes.
 */
function text(field: string, value: string | undefined, report: Report): string | null {
  const v = normaliseLotText(value ?? '');
  if (v === '') return null;
  if (field === 'lot') {
    const code = checkLotCode(v);
    if (!code.ok) report(code.message);
    return code.ok ? code.code : null;
  }
  const invisible = invisibleCharacterIn(v);
  if (invisible) {
    report(`${field} contains an invisible or control character (${invisible}); type it again without it`);
    return null;
  }
  if (looksLikeFormula(v)) {
    report(`${field} may not start with =, +, - or @ (a spreadsheet would run it as a formula)`);
    return null;
  }
  const limit = TEXT_LIMITS[field] ?? 200;
  if (v.length > limit) {
    report(`${field} is longer than ${limit} characters`);
    return null;
  }
  return v;
}

function sku(value: string | undefined, report: Report): number | null {
  const id = parseSku((value ?? '').trim());
  if (id === null) report(`${INVALID_SKU} (was: ${(value ?? '').trim() || 'blank'})`);
  return id;
}

function quantity(value: string | undefined, report: Report): number | null {
  const v = (value ?? '').trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^\d+$/.test(v)) {
    report(`Quantity must be a whole number of 0 or more (was: ${(value ?? '').trim() || 'blank'})`);
    return null;
  }
  if (Number(v) > MAX_ROW_QUANTITY) {
    report(`Quantity must be at most ${formatCount(MAX_ROW_QUANTITY)} (was: ${(value ?? '').trim()})`);
    return null;
  }
  return Number(v);
}

/** "On Vessel", "on-vessel" and "ON_VESSEL" are on_vessel. */
export function readStage(value: string): IncomingStage | null {
  const key = value.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return (INCOMING_STAGES as readonly string[]).includes(key) ? (key as IncomingStage) : null;
}

export function readLot(fields: Partial<Record<LotColumn, string>>, report: Report): LotRow | null {
  let ok = true;
  const fail: Report = (m) => {
    ok = false;
    report(m);
  };
  const productId = sku(fields.sku, fail);
  const lot = text('lot', fields.lot, fail);
  if (lot === null && (fields.lot ?? '').trim() === '') fail('Lot is required');
  const shade = text('shade', fields.shade, fail);
  const caliber = text('caliber', fields.caliber, fail);
  const warehouse = text('warehouse', fields.warehouse, fail) ?? DEFAULT_WAREHOUSE;
  const boxes = quantity(fields.quantity, fail);
  if (!ok || productId === null || lot === null || boxes === null) return null;
  return { productId, lot, shade, caliber, warehouse, quantity: boxes };
}

export function readIncoming(fields: Partial<Record<IncomingColumn, string>>, report: Report): IncomingRow | null {
  let ok = true;
  const fail: Report = (m) => {
    ok = false;
    report(m);
  };
  const productId = sku(fields.sku, fail);
  const boxes = quantity(fields.quantity, fail);
  const etaText = (fields.eta ?? '').trim();
  const eta = isIsoDate(etaText) ? etaText : null;
  if (eta === null) fail(`ETA must be a date like 2026-12-14 (was: ${etaText || 'blank'})`);
  const stage = readStage(fields.stage ?? '');
  if (stage === null) fail(`Unknown stage "${(fields.stage ?? '').trim()}"; use one of ${INCOMING_STAGES.join(', ')}`);
  const lot = text('lot', fields.lot, fail);
  const reference = text('reference', fields.reference, fail);
  if (!ok || productId === null || boxes === null || eta === null || stage === null) return null;
  return { productId, quantity: boxes, eta, stage, lot, reference };
}

/** Finds a lot code given twice for one SKU (lot codes compared ignoring case). */
export function createDuplicateLotCheck() {
  const firstAt = new Map<string, string>();
  return (row: LotRow, where: string): string | null => {
    const key = `${row.productId}\u0000${row.lot.toUpperCase()}`;
    const first = firstAt.get(key);
    if (first !== undefined) return `Lot ${row.lot} of SKU ${row.productId} appears more than once (first on ${first})`;
    firstAt.set(key, where);
    return null;
  };
}
