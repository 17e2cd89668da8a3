import { MERCHANDISE_TYPES, type MerchandiseType } from './cart-rules';

/**
 * "Bulk merchandise import row": type one of display, label, pricelist,
 * handboard; code and name required; description, line, category, price optional.
 * Shared by the server (which enforces it) and the template (which documents it).
 */

export const MERCHANDISE_COLUMNS = ['type', 'code', 'name', 'description', 'line', 'category', 'handboardType', 'price'] as const;
export type MerchandiseColumn = (typeof MERCHANDISE_COLUMNS)[number];

/** The workbook's merchandise sheets, one per type (docs/product-decisions.md). */
export const MERCHANDISE_SHEETS: readonly { name: string; type: MerchandiseType }[] = [
  { name: 'displays', type: 'display' },
  { name: 'labels', type: 'label' },
  { name: 'pricelists', type: 'pricelist' },
  { name: 'handboards', type: 'handboard' },
];

export const MERCHANDISE_IMPORT_MESSAGES = {
  codeRequired: 'Code is required',
  nameRequired: 'Name is required',
  badType: 'Type must be one of display, label, pricelist, handboard',
  badPrice: 'Price must be a number of at least 0 with at most 2 decimals',
  tooLong: (column: string, max: number) => `${column} must be at most ${max} characters`,
  duplicate: (code: string, firstRow: string) => `Code ${code} appears twice (first at ${firstRow})`,
} as const;

/** defaults. */
export const DEFAULT_PRICE_LIST_CATEGORY = 'General';
export const DEFAULT_HANDBOARD_TYPE = 'Handboard';

const MAX_LENGTH: Record<MerchandiseColumn, number> = {
  type: 20,
  code: 100,
  name: 200,
  description: 2000,
  line: 200,
  category: 200,
  handboardType: 100,
  price: 20,
};

export interface MerchandiseRowValue {
  type: MerchandiseType;
  code: string;
  name: string;
  description: string | null;
  line: string | null;
  category: string | null;
  handboardType: string | null;
  price: string;
}

export type MerchandiseRowResult = { ok: true; value: MerchandiseRowValue } | { ok: false; messages: string[] };

export function isMerchandiseType(value: string): value is MerchandiseType {
  return (MERCHANDISE_TYPES as readonly string[]).includes(value);
}

/**
 * Validates one row given as column → text. `sheetType` is the type of the sheet
 * the row sits on: a blank type cell takes it, so a row need not repeat it.
 */
export function validateMerchandiseRow(
  cells: Partial<Record<MerchandiseColumn, string>>,
  sheetType?: MerchandiseType,
): MerchandiseRowResult {
  const text = (column: MerchandiseColumn) => (cells[column] ?? '').trim();
  const optional = (column: MerchandiseColumn) => text(column) || null;
  const messages: string[] = [];
  const rawType = text('type').toLowerCase() || sheetType || '';
  if (!isMerchandiseType(rawType)) messages.push(MERCHANDISE_IMPORT_MESSAGES.badType);
  if (!text('code')) messages.push(MERCHANDISE_IMPORT_MESSAGES.codeRequired);
  if (!text('name')) messages.push(MERCHANDISE_IMPORT_MESSAGES.nameRequired);
  for (const column of Object.keys(MAX_LENGTH) as MerchandiseColumn[]) {
    if (text(column).length > MAX_LENGTH[column]) messages.push(MERCHANDISE_IMPORT_MESSAGES.tooLong(column, MAX_LENGTH[column]));
  }
  const price = text('price').replace(/^\$/, '').replace(/,/g, '') || '0';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(price)) messages.push(MERCHANDISE_IMPORT_MESSAGES.badPrice);
  if (messages.length > 0 || !isMerchandiseType(rawType)) return { ok: false, messages };
  const type = rawType;
  return {
    ok: true,
    value: {
      type,
      code: text('code'),
      name: text('name'),
      description: optional('description'),
      line: optional('line'),
      category: optional('category') ?? (type === 'pricelist' ? DEFAULT_PRICE_LIST_CATEGORY : null),
      handboardType: optional('handboardType') ?? (type === 'handboard' ? DEFAULT_HANDBOARD_TYPE : null),
      price: Number(price).toFixed(2),
    },
  };
}

/** Maps a header row to column positions; headers are matched case-insensitively, unknown ones ignored. */
export function columnPositions(headers: readonly string[]): Partial<Record<MerchandiseColumn, number>> {
  const positions: Partial<Record<MerchandiseColumn, number>> = {};
  headers.forEach((header, index) => {
    const column = MERCHANDISE_COLUMNS.find((c) => c.toLowerCase() === header.toLowerCase().replace(/[\s_]/g, ''));
    if (column && positions[column] === undefined) positions[column] = index;
  });
  return positions;
}
