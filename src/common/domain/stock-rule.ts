import { formatCount } from './format';
import { parseStockLevel } from './stock-level';

/**
 * One stock rule at placement (docs/decisions/0207-one-stock-rule-at-placement.md): an order lowers
 * the stock of every SKU it takes. A SKU with lots is lowered by its lot allocation (ADR 0185); a SKU
 * without lots has its counted stock level lowered by the boxes ordered, written back as the plain
 * whole number `parseStockLevel` reads ("3" -> "0", and 0 reads "out of stock"). A level that is
 * not a count (Fabrication Required, Special Order Only) has nothing to lower.
 */
export type StockTaking =
  | { kind: 'lowered'; stockLevel: string }
  | { kind: 'uncounted' }
  | { kind: 'short'; available: number };

/** What ordering `quantity` does to a SKU without lots whose level reads `stockLevel`. */
export function takeFromStockLevel(stockLevel: string | null | undefined, quantity: number): StockTaking {
  const availability = parseStockLevel(stockLevel);
  if (availability.quantity === null) return { kind: 'uncounted' };
  if (quantity > availability.quantity) return { kind: 'short', available: availability.quantity };
  return { kind: 'lowered', stockLevel: String(availability.quantity - quantity) };
}

export const STOCK_RULE_MESSAGES = {
  /** The 409 when another order took the boxes first; names the line so the buyer knows what to change. */
  short: (line: { productId: number; productName: string; quantity: number }, available: number) =>
    `${line.productName} (SKU ${line.productId}): only ${formatCount(available)} ${available === 1 ? 'box is' : 'boxes are'} left in stock, ` +
    `and this order asks for ${formatCount(line.quantity)}. Nothing was ordered; lower the quantity in your cart and place the order again.`,
} as const;
