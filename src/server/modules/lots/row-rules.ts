import { DEFAULT_WAREHOUSE, INCOMING_STAGES, type IncomingStage } from '@common/domain/lots';
import { checkLotCode, invisibleCharacterIn, normaliseLotText } from '@common/domain/lot-codes';
import { MAX_ROW_QUANTITY } from '@common/domain/lot-limits';
import { formatCount } from '@common/domain/format';
import { isIsoDate } from '@common/domain/business-days';
import { INVALID_SKU, looksLikeFormula, normaliseHeader, parseSku } from '../imports';

/*
 * The rules of one row of a lots or incoming file, in the stock upload's style
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
/** A warning about a row that is still applied (a past ETA, a load of 0 boxes), docs/decisions/0211. */
export type Warn = (warning: { field: string; value: string; issue: string }) => void;

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

/** The value as the message quotes it: what the file has, never "was" (docs/decisions/0211). */
const quoted = (value: string) => `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;

function sku(value: string | undefined, report: Report): number | null {
  const v = (value ?? '').trim();
  const id = parseSku(v);
  if (id === null) report(v === '' ? `${INVALID_SKU}: the sku is blank` : `${INVALID_SKU}: ${quoted(v)}`);
  return id;
}

function quantity(value: string | undefined, report: Report): number | null {
  const given = (value ?? '').trim();
  const v = given.replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^\d+$/.test(v)) {
    report(given === '' ? 'quantity is blank; give a whole number of boxes (0 or more)' : `quantity ${quoted(given)} is not a whole number of boxes (0 or more)`);
    return null;
  }
  if (Number(v) > MAX_ROW_QUANTITY) {
    report(`quantity ${quoted(given)} is more than ${formatCount(MAX_ROW_QUANTITY)} boxes`);
    return null;
  }
  return Number(v);
}

/**
 * A date as an office writes it (docs/decisions/0211): ISO 2026-12-20, or US 12/20/2026 (M/D/YYYY or
 * MM/DD/YYYY, as Excel shows a date in the US). An Excel date cell reaches here as ISO already
 * (lib/upload/sheet-parse). Null when it is not a calendar date.
 */
export function readUploadDate(value: string): string | null {
  const v = value.trim();
  if (isIsoDate(v)) return v;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (!us) return null;
  const iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
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
  if (lot === null && (fields.lot ?? '').trim() === '') fail('lot is blank; every row needs its lot code');
  const shade = text('shade', fields.shade, fail);
  const caliber = text('caliber', fields.caliber, fail);
  const warehouse = text('warehouse', fields.warehouse, fail) ?? DEFAULT_WAREHOUSE;
  const boxes = quantity(fields.quantity, fail);
  if (!ok || productId === null || lot === null || boxes === null) return null;
  return { productId, lot, shade, caliber, warehouse, quantity: boxes };
}

/**
 * An incoming row. `warn` (a file's preview and upload) hears of what is applied but is likely a
 * mistake: an ETA before `today`, a load of 0 boxes (docs/decisions/0211).
 */
export function readIncoming(
  fields: Partial<Record<IncomingColumn, string>>,
  report: Report,
  check?: { today: string; warn: Warn },
): IncomingRow | null {
  let ok = true;
  const fail: Report = (m) => {
    ok = false;
    report(m);
  };
  const productId = sku(fields.sku, fail);
  const boxes = quantity(fields.quantity, fail);
  const etaText = (fields.eta ?? '').trim();
  const eta = readUploadDate(etaText);
  if (eta === null) fail(etaText === '' ? 'eta is blank; give a date like 2026-12-14 or 12/14/2026' : `eta ${quoted(etaText)} is not a date; use 2026-12-14 or 12/14/2026`);
  const stageText = (fields.stage ?? '').trim();
  const stage = readStage(stageText);
  if (stage === null) fail(stageText === '' ? `stage is blank; use one of ${INCOMING_STAGES.join(', ')}` : `stage ${quoted(stageText)} is not known; use one of ${INCOMING_STAGES.join(', ')}`);
  const lot = text('lot', fields.lot, fail);
  const reference = text('reference', fields.reference, fail);
  if (!ok || productId === null || boxes === null || eta === null || stage === null) return null;
  if (check && eta < check.today) check.warn({ field: 'eta', value: etaText, issue: `eta ${quoted(etaText)} is in the past; the load is still shown as arriving` });
  if (check && boxes === 0) check.warn({ field: 'quantity', value: '0', issue: 'a load of 0 boxes adds nothing incoming; leave the row out if nothing is coming' });
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
