import { fromCents, readPrice } from './money';

/**
 * One price rule (docs/decisions/0206): an order is placed at the prices the buyer was last shown.
 * The client sends what its screen showed (a price per line and/or the total); when the catalogue
 * says otherwise now, the order is refused with the old and new figures. A caller that sends
 * neither (an ERP, a script) opts out and is charged the current prices.
 */
export const PRICE_MESSAGES = {
  changed: 'Prices changed: review the new total',
  seenPrice: 'Seen price must be an amount, or null for CALL',
  seenTotal: 'Seen total must be an amount',
} as const;

export type SeenPrice = string | number | null;

export interface PricedLine {
  productId: number;
  productName: string;
  quantity: number;
  /** The catalogue's price now (null for CALL). */
  currentPrice: string | null;
  /** What the buyer saw; undefined when the caller did not say. */
  seenPrice?: SeenPrice;
}

export interface PriceChanges {
  lines: { productId: number; productName: string; quantity: number; oldPrice: string | null; newPrice: string | null }[];
  oldTotal: string;
  newTotal: string;
  hasCallPrices: boolean;
}

/** A price as one comparable value: cents, or null for CALL (an unusable price is no price). */
function centsOrCall(price: SeenPrice | undefined): number | null {
  const reading = readPrice(price);
  return reading.kind === 'amount' ? reading.cents : null;
}

/**
 * The lines whose price (or CALL status) differs from what the buyer saw, and both totals; null
 * when everything matches or the caller sent nothing to compare (opted out).
 */
export function priceChanges(lines: readonly PricedLine[], seenTotal?: string | number): PriceChanges | null {
  const optedIn = seenTotal !== undefined || lines.some((l) => l.seenPrice !== undefined);
  if (!optedIn) return null;
  let newCents = 0;
  let seenCents = 0;
  let hasCallPrices = false;
  const changed: PriceChanges['lines'] = [];
  for (const line of lines) {
    const now = centsOrCall(line.currentPrice);
    const seen = line.seenPrice === undefined ? now : centsOrCall(line.seenPrice);
    if (now === null) hasCallPrices = true;
    newCents += (now ?? 0) * line.quantity;
    seenCents += (seen ?? 0) * line.quantity;
    if (seen !== now) {
      changed.push({
        productId: line.productId,
        productName: line.productName,
        quantity: line.quantity,
        oldPrice: seen === null ? null : fromCents(seen),
        newPrice: now === null ? null : fromCents(now),
      });
    }
  }
  const oldCents = seenTotal === undefined ? seenCents : (centsOrCall(seenTotal) ?? 0);
  if (changed.length === 0 && oldCents === newCents) return null;
  return { lines: changed, oldTotal: fromCents(oldCents), newTotal: fromCents(newCents), hasCallPrices };
}
