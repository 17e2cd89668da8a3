/**
 * The one reader of a product's stock level (Product.stockLevel).
 *
 * stockLevel is text. The stock import stores a whole number or one of the two
 * words below, but rows written before it, by hand or by an older import may hold
 * anything ("12.5", "1,322", " ", "fabrication required", "-3", "lots"). Every
 * reader on both sides (the stock row and its add button, the catalog badge, the
 * SKU colour, quick add, the cart and order rules the server enforces) goes
 * through `parseStockLevel`, so the screen never offers what the server refuses.
 * How each odd value reads: docs/decisions/0115-one-stock-level-reader.md.
 */

/** Special stock strings, as the import stores them. */
export const STOCK_SPECIAL_ORDER = 'Special Order Only';
export const STOCK_FABRICATION = 'Fabrication Required - 2 Week Lead';
export const STOCK_OUT = '0';

/** colours: 1 to 10 is low (yellow), above 10 in stock (green). */
export const LOW_STOCK_MAX = 10;

/** No single cart line may ask for more than this, whatever the stock (a typo guard; fits any int column). */
export const MAX_LINE_QUANTITY = 10_000;

export type StockKind = 'in_stock' | 'low_stock' | 'out_of_stock' | 'special_order' | 'fabrication';

export type StockAvailability =
  /** A count of whole boxes or pieces on hand, 1 or more; a line may hold up to maxQuantity. */
  | { kind: 'in_stock' | 'low_stock'; quantity: number; orderable: true; maxQuantity: number }
  /** 0, blank, negative, below one whole unit, or text nobody can read: nothing can be promised. */
  | { kind: 'out_of_stock'; quantity: 0; orderable: false; maxQuantity: 0 }
  /** Special order items cannot be added. */
  | { kind: 'special_order'; quantity: null; orderable: false; maxQuantity: 0 }
  /** Fabrication items can be added (2 week lead); only the typo guard limits a line. */
  | { kind: 'fabrication'; quantity: null; orderable: true; maxQuantity: number };

const OUT_OF_STOCK: StockAvailability = { kind: 'out_of_stock', quantity: 0, orderable: false, maxQuantity: 0 };
const SPECIAL_ORDER: StockAvailability = { kind: 'special_order', quantity: null, orderable: false, maxQuantity: 0 };
const FABRICATION: StockAvailability = { kind: 'fabrication', quantity: null, orderable: true, maxQuantity: MAX_LINE_QUANTITY };

/** "12", "12.5", "-3", "1,322", "1,322.75": a plain decimal, thousands optionally grouped by commas. */
const DECIMAL = /^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/** The number in a stock level; text that is not a plain decimal (blank included) counts as 0. */
function readNumber(text: string): number {
  if (!DECIMAL.test(text)) return 0;
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : 0;
}

/**
 * Reads a stock level. Quick add speaks of stock text that *mentions*
 * Special Order or Fabrication, so the words are found in any case and spacing
 * ("special order", "FABRICATION REQUIRED"); special order wins when both appear
 * (the safe side: it cannot be ordered). Blank means 0. A fraction counts
 * the whole units on hand ("12.5" is 12 boxes), because a line holds whole units.
 */
export function parseStockLevel(stockLevel: string | null | undefined): StockAvailability {
  const text = (stockLevel ?? '').trim();
  const words = text.toLowerCase().replace(/[\s_-]+/g, ' ');
  if (words.includes('special order')) return SPECIAL_ORDER;
  if (words.includes('fabrication')) return FABRICATION;
  const quantity = Math.floor(readNumber(text));
  if (quantity <= 0) return OUT_OF_STOCK;
  return {
    kind: quantity <= LOW_STOCK_MAX ? 'low_stock' : 'in_stock',
    quantity,
    orderable: true,
    maxQuantity: Math.min(quantity, MAX_LINE_QUANTITY),
  };
}

/** Catalog badge and quick add: a count of one or more on hand. */
export function hasStockOnHand(availability: StockAvailability): boolean {
  return availability.kind === 'in_stock' || availability.kind === 'low_stock';
}

/**
 * How the database keeps a stock level (docs/decisions/0223-stock-as-a-count-and-a-status.md):
 * a status, and for `in_stock` a whole count of 0 or more (0 reads out of stock). The API and the
 * screens keep the text above (`stockLevelText`), so `parseStockLevel` stays the one reader.
 */
export const STOCK_STATUSES = ['in_stock', 'special_order', 'fabrication'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** The largest count the column holds (PostgreSQL integer). */
export const MAX_STOCK_COUNT = 2_147_483_647;

export type StockColumns =
  | { stockStatus: 'in_stock'; stockCount: number }
  | { stockStatus: 'special_order' | 'fabrication'; stockCount: null };

/** The columns for a stock level text, read as `parseStockLevel` reads it (odd text is in_stock 0). */
export function stockColumnsOf(stockLevel: string | null | undefined): StockColumns {
  const availability = parseStockLevel(stockLevel);
  if (availability.kind === 'special_order') return { stockStatus: 'special_order', stockCount: null };
  if (availability.kind === 'fabrication') return { stockStatus: 'fabrication', stockCount: null };
  return { stockStatus: 'in_stock', stockCount: Math.min(availability.quantity, MAX_STOCK_COUNT) };
}

/** The wire's text for the columns: the count as a plain whole number, or the status's words. */
export function stockLevelText(columns: { stockStatus: StockStatus; stockCount: number | null }): string {
  if (columns.stockStatus === 'special_order') return STOCK_SPECIAL_ORDER;
  if (columns.stockStatus === 'fabrication') return STOCK_FABRICATION;
  return String(columns.stockCount ?? 0);
}
