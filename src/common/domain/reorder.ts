import { MAX_CART_NAME_LENGTH } from './cart-rules';
import { orderNumber } from './order-status';

/**
 * Where Reorder puts an order's lines (docs/decisions/0208-reorder-asks-where-and-the-order-confirmation.md):
 * a new PO named after the order (the default), the active PO, or another PO of the caller's.
 */
export const REORDER_TARGETS = ['new', 'active', 'cart'] as const;
export type ReorderTarget = (typeof REORDER_TARGETS)[number];

export const REORDER_MESSAGES = {
  badTarget: 'target must be new, active or cart',
  cartIdNeeded: 'Choose the PO to reorder into (cartId)',
  cartIdOnlyForCart: 'cartId is only used with target "cart"',
} as const;

/** "Reorder of #12 – Garcia Lobby" (or "Reorder of #12" for an order without a PO name), within the name length. */
export function reorderPoName(orderId: number, poName: string | null | undefined): string {
  const base = `Reorder of ${orderNumber(orderId)}`;
  const name = poName?.trim();
  if (!name) return base;
  return `${base} – ${name}`.slice(0, MAX_CART_NAME_LENGTH).trim();
}

/** "From sample order #12": a dealer's PO a rep starts from their own sample order (docs/decisions/0235). */
export function samplesPoName(orderId: number): string {
  return `From sample order ${orderNumber(orderId)}`;
}

/**
 * The name itself when no PO of the user has it (names are unique ignoring case), else
 * "name (2)", "name (3)", ... cut so the suffix still fits the name length.
 */
export function firstFreeName(name: string, taken: Iterable<string>): string {
  const used = new Set(Array.from(taken, (t) => t.trim().toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, MAX_CART_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
