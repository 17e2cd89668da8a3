import { formatCount } from './format';

/**
 * The bounds of one SKU's lots and incoming loads (docs/decisions/0204), the same for a file and a
 * PUT: how many rows one SKU may have, and how many boxes they may add up to. The total keeps every
 * sum inside PostgreSQL's integer (products.quantity_on_order), whatever the rows hold one by one.
 */

/** Lots (incoming loads) one SKU may have; the PUT's contract and the files' row check share it. */
export const MAX_LOTS_PER_SKU = 1_000;

/** Boxes one row may hold. */
export const MAX_ROW_QUANTITY = 1_000_000_000;

/** Boxes one SKU's lots (or its incoming loads) may add up to: below 2^31, the integer column's limit. */
export const MAX_SKU_TOTAL = 1_000_000_000;

/** How many lots (loads) of one SKU GET /api/products/{id}/availability lists; the rest are counted. */
export const AVAILABILITY_LIST_LIMIT = 100;

/** How many lots of one cart line GET /api/carts/{id}/lots lists (largest first); the rest are counted. */
export const CART_LINE_LOTS_LIMIT = 20;

const rowsOf = (kind: 'lots' | 'incoming') => (kind === 'lots' ? 'lots' : 'incoming loads');

export const LOT_LIMIT_MESSAGES = {
  tooManyRows: (kind: 'lots' | 'incoming', sku: number) =>
    `SKU ${sku} has more than ${formatCount(MAX_LOTS_PER_SKU)} ${rowsOf(kind)}; at most ${formatCount(MAX_LOTS_PER_SKU)} ${rowsOf(kind)} per SKU`,
  tooManyBoxes: (kind: 'lots' | 'incoming', sku: number) =>
    `The ${rowsOf(kind)} of SKU ${sku} add up to more than ${formatCount(MAX_SKU_TOTAL)} boxes; at most ${formatCount(MAX_SKU_TOTAL)} boxes per SKU`,
  overflow: (kind: 'lots' | 'incoming') => `The ${rowsOf(kind)} of a SKU in this change would add up to more boxes than the portal can hold.`,
} as const;

/**
 * Counts one SKU's rows and boxes as they are read: answers the sentence for the row that passes a
 * limit (once per SKU and limit), null otherwise.
 */
export function createSkuLimits(kind: 'lots' | 'incoming') {
  const seen = new Map<number, { rows: number; boxes: number; reported: boolean }>();
  return (sku: number, quantity: number): string | null => {
    const counts = seen.get(sku) ?? { rows: 0, boxes: 0, reported: false };
    seen.set(sku, counts);
    counts.rows += 1;
    counts.boxes += quantity;
    if (counts.reported) return null;
    const message = counts.rows > MAX_LOTS_PER_SKU ? LOT_LIMIT_MESSAGES.tooManyRows(kind, sku) : counts.boxes > MAX_SKU_TOTAL ? LOT_LIMIT_MESSAGES.tooManyBoxes(kind, sku) : null;
    if (message) counts.reported = true;
    return message;
  };
}
