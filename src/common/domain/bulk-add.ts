import { parseStockLevel } from './stock-level';

/**
 * Bulk adds (quick add, paste a list, the quick order pad, reorder): spec/decisions.md "add what
 * can be added and say, line by line, what was capped or skipped; they never refuse the whole
 * selection for one line" (ADR 0189). The server applies this rule to each product of the
 * request against the product as it is now and what the PO already holds.
 */

export const BULK_LINE_STATUSES = ['added', 'capped', 'skipped'] as const;
export type BulkLineStatus = (typeof BULK_LINE_STATUSES)[number];

export interface BulkLinePlan {
  status: BulkLineStatus;
  /** What goes into the PO: the request, less when capped, 0 when skipped. */
  quantity: number;
  /** Why the line was capped or skipped; null when added as asked. */
  reason: string | null;
}

export const BULK_ADD_REASONS = {
  notFound: 'No product with this SKU',
  outOfStock: 'Out of stock',
  specialOrder: 'Special order only',
  full: (held: number) => `Your PO already holds all ${held} in stock`,
  capped: (available: number, held: number, added: number, requested: number) =>
    `Only ${available} in stock${held > 0 ? ` (${held} already in your PO)` : ''}: added ${added} of ${requested}`,
} as const;

/**
 * What one product of a bulk add becomes. `product` is undefined when the catalogue has no such
 * SKU; `held` is the quantity the PO already holds. A line is cut down to what the stock still
 * allows (the line's total never passes the stock), skipped when nothing is left.
 */
export function planBulkLine(
  product: { stockLevel: string | null } | undefined,
  requested: number,
  held: number,
): BulkLinePlan {
  if (!product) return { status: 'skipped', quantity: 0, reason: BULK_ADD_REASONS.notFound };
  const availability = parseStockLevel(product.stockLevel);
  if (availability.kind === 'special_order') return { status: 'skipped', quantity: 0, reason: BULK_ADD_REASONS.specialOrder };
  if (!availability.orderable) return { status: 'skipped', quantity: 0, reason: BULK_ADD_REASONS.outOfStock };
  const room = Math.max(0, availability.maxQuantity - held);
  if (room === 0) return { status: 'skipped', quantity: 0, reason: BULK_ADD_REASONS.full(held) };
  if (requested <= room) return { status: 'added', quantity: requested, reason: null };
  const available = availability.quantity ?? availability.maxQuantity;
  return { status: 'capped', quantity: room, reason: BULK_ADD_REASONS.capped(available, held, room, requested) };
}

/** The quick add note, said by every bulk add. */
export const outOfStockNote = (n: number) => `Note that ${n} out-of-stock ${n === 1 ? 'item was' : 'items were'} excluded`;

/** The summary sentence of a bulk add's answer (toast, pad): how many went in, capped, left out. */
export function bulkAddSummary(result: { count: number; capped: number; skipped: number; outOfStock: number }, poName: string): string {
  const parts = [`Added ${result.count} ${result.count === 1 ? 'product' : 'products'} to ${poName}.`];
  if (result.capped > 0) parts.push(`${result.capped} ${result.capped === 1 ? 'was' : 'were'} cut to the stock.`);
  const otherSkips = result.skipped - result.outOfStock;
  if (result.outOfStock > 0) parts.push(`${outOfStockNote(result.outOfStock)}.`);
  if (otherSkips > 0) parts.push(`${otherSkips} could not be added.`);
  return parts.join(' ');
}
