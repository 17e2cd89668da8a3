import type { Role } from './permissions';
import { MAX_LINE_QUANTITY, parseStockLevel } from './stock-level';
import { STOCK_ROW_MESSAGES } from './stock-status';
import { formatCount } from './format';
import type { OrderKind } from './order-status';
import { quantityInWords } from './units';

/**
 * Cart rules shared by the server (which enforces them)
 * and the client (which explains them before the server has to).
 */

/**
 * The name of the PO created when a user has none (called it "Active Purchase Order", which
 * read as "the active PO"; docs/decisions/0213-words-one-glossary.md): "Purchase Order 1", then 2, 3...
 */
export const DEFAULT_CART_NAME = 'Purchase Order 1';

/** The old default name; migration 0025 renamed the carts still carrying it. */
export const LEGACY_DEFAULT_CART_NAME = 'Active Purchase Order';

const DEFAULT_NAME_PATTERN = /^Purchase Order (\d+)$/;

/** PostgreSQL's case-insensitive (~*) form: the stored names a new default name must not repeat. */
export const DEFAULT_NAME_SQL_PATTERN = '^\\s*purchase order [0-9]+\\s*$';

/** "Purchase Order 3": the default name with its number. */
export const defaultCartName = (n: number) => `Purchase Order ${n}`;

/** A name the server gave by default (the old one or "Purchase Order N"), not one the user chose. */
export function isDefaultCartName(name: string): boolean {
  return name === LEGACY_DEFAULT_CART_NAME || DEFAULT_NAME_PATTERN.test(name);
}

/**
 * The default name with the first number no PO or placed order of the user carries (names compare
 * ignoring case and surrounding spaces, as PO names do): "Purchase Order 1", then 2, 3...
 */
export function nextDefaultCartName(takenNames: Iterable<string>): string {
  const taken = new Set([...takenNames].map((name) => name.trim().toLowerCase()));
  let n = 1;
  while (taken.has(defaultCartName(n).toLowerCase())) n += 1;
  return defaultCartName(n);
}

/** Longest cart (PO) name we keep. */
export const MAX_CART_NAME_LENGTH = 100;

export const CART_MESSAGES = {
  /**
   * The Item Added toast: quantities in the product's unit, pieces for items sold by each,
   * and the PO it went into ("Added 12 boxes of X to Job 4471", ADR 0189).
   */
  itemAdded: (quantity: number, product: { name: string; soldBy?: string | null }, poName: string) =>
    `Added ${quantityInWords(quantity, product.soldBy)} of ${product.name} to ${poName}`,
  outOfStock: (name: string) => `${name} is out of stock and cannot be added to your cart`,
  specialOrder: STOCK_ROW_MESSAGES.special_order,
  outOfStockRow: STOCK_ROW_MESSAGES.out_of_stock,
  fabrication: STOCK_ROW_MESSAGES.fabrication,
  stockLimit: (available: number, name: string) =>
    `Only ${available} of ${name} ${available === 1 ? 'is' : 'are'} in stock`,
  quantityNumber: 'Quantity must be a number',
  quantityWhole: 'Quantity must be a whole number',
  quantityMin: 'Quantity must be at least 1',
  quantityNegative: 'Quantity cannot be negative',
  quantityMax: `Quantity cannot be more than ${formatCount(MAX_LINE_QUANTITY)}`,
  nameRequired: 'Please enter a name',
  nameTaken: (name: string) => `You already have a PO named "${name}". Please choose another name.`,
  oneSampleOrder: 'Salespeople keep one sample order. Place or clear it to start another.',
  cartNotFound: 'Cart not found. It may have been deleted in another tab.',
  itemNotFound: 'That item is no longer in your cart',
  productNotFound: 'Product not found',
  emptyOrder: 'Your order is empty',
  noActiveCart: 'Could not establish an active cart. Please try again.',
} as const;

/** Why a product cannot go into a cart at all ('0' and Special Order Only are refused). */
export function unorderableReason(product: { name: string; stockLevel: string | null | undefined }): string | null {
  const availability = parseStockLevel(product.stockLevel);
  if (availability.kind === 'special_order') return CART_MESSAGES.specialOrder;
  if (!availability.orderable) return CART_MESSAGES.outOfStock(product.name);
  return null;
}

/** Why a line of `quantity` (the line's new total) is refused, or null. */
export function lineQuantityProblem(
  product: { name: string; stockLevel: string | null | undefined },
  quantity: number,
): string | null {
  const reason = unorderableReason(product);
  if (reason) return reason;
  if (!Number.isInteger(quantity)) return CART_MESSAGES.quantityWhole;
  if (quantity < 1) return CART_MESSAGES.quantityMin;
  if (quantity > MAX_LINE_QUANTITY) return CART_MESSAGES.quantityMax;
  const availability = parseStockLevel(product.stockLevel);
  if (availability.quantity !== null && quantity > availability.quantity) {
    return CART_MESSAGES.stockLimit(availability.quantity, product.name);
  }
  return null;
}

/**
 * Quantity inputs: "non-numeric becomes 0"; fractions are cut to whole
 * numbers and nothing goes below 0.
 */
export function parseQuantityInput(text: string): number {
  // Number() ignores surrounding spaces itself.
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.floor(value), MAX_LINE_QUANTITY);
}

/** The four marketing-material lists of a cart and their API names. */
export const MERCHANDISE_TYPES = ['display', 'label', 'pricelist', 'handboard'] as const;
export type MerchandiseType = (typeof MERCHANDISE_TYPES)[number];

export const MERCHANDISE_LISTS = [
  { type: 'display', key: 'displays', title: 'Displays', singular: 'Display' },
  { type: 'label', key: 'labels', title: 'Labels', singular: 'Label' },
  { type: 'pricelist', key: 'priceLists', title: 'Price Lists', singular: 'Price list' },
  { type: 'handboard', key: 'handboards', title: 'Handboards', singular: 'Handboard' },
] as const satisfies readonly { type: MerchandiseType; key: string; title: string; singular: string }[];

export type MerchandiseListKey = (typeof MERCHANDISE_LISTS)[number]['key'];

export function merchandiseList(type: MerchandiseType) {
  const list = MERCHANDISE_LISTS.find((l) => l.type === type);
  if (!list) throw new RangeError(`Unknown merchandise type ${type}`);
  return list;
}

/** docs/product-decisions.md: the active role decides the behaviour (an admin acting as salesperson builds sample orders). */
export function orderKindFor(activeRole: Role | null | undefined): OrderKind {
  return activeRole === 'salesperson' ? 'sample' : 'purchase';
}

/** Wording that differs between sample orders and purchase orders. */
export function cartWording(activeRole: Role | null | undefined) {
  const sample = orderKindFor(activeRole) === 'sample';
  return {
    kind: orderKindFor(activeRole),
    cartTitle: sample ? 'Current Sample Order' : 'Current Purchase Order',
    listTitle: sample ? 'Current Sample Orders' : 'Current POs',
    createLabel: sample ? 'Create New Sample Order' : 'Create New PO',
    addedLabel: sample ? 'Added to Sample Order' : 'Added to PO',
    // The spec gives one wording for both.
    createdToast: 'New PO created',
    namePlaceholder: sample ? 'Enter sample order name' : 'Enter PO name',
    nameLabel: sample ? 'Sample order name' : 'PO name',
    orderNoun: sample ? 'sample order' : 'purchase order',
    // docs/decisions/0213: a PO is never called a cart on screen.
    clearLabel: sample ? 'Clear sample order' : 'Clear PO',
    viewLabel: sample ? 'View sample order' : 'View PO',
  };
}

/**
 * What a cart is called on screen (ADR 0189): a salesperson's cart is a sample order,
 * never a PO's default name. The server names it "Sample Order #N" at each placement (N counts
 * their sample orders); a cart still named by default has had no sample order placed from it, so
 * it is the first. Other roles, and an admin's named POs, read the cart's own name.
 */
export function cartDisplayName(cart: { name: string }, activeRole: Role | null | undefined): string {
  if (orderKindFor(activeRole) !== 'sample' || !isDefaultCartName(cart.name)) return cart.name;
  return sampleOrderName(1);
}

/** "Sample Order #3": the salesperson's third sample order (ADR 0189). */
export const sampleOrderName = (n: number) => `Sample Order #${n}`;

/** The names a sample cart may carry and be renamed from at placement: the default and "Sample Order #N". */
export function isSampleCartName(name: string): boolean {
  return isDefaultCartName(name) || /^Sample Order #\d+$/.test(name);
}

export interface CartCounts {
  items: readonly { quantity: number }[];
  displays: readonly { quantity: number }[];
  labels: readonly { quantity: number }[];
  priceLists: readonly { quantity: number }[];
  handboards: readonly { quantity: number }[];
}

/** totalItems is the sum of quantities across the five lists. */
export function cartTotalItems(cart: CartCounts): number {
  const sum = (list: readonly { quantity: number }[]) => list.reduce((total, entry) => total + entry.quantity, 0);
  return sum(cart.items) + sum(cart.displays) + sum(cart.labels) + sum(cart.priceLists) + sum(cart.handboards);
}

/**
 * The glossary's count of a PO or sample order (docs/guide.md, docs/decisions/0213): products, one per
 * line (a SKU or a merchandise entry), never the boxes summed. "14 products", where totalItems says 336.
 */
export function cartProductCount(cart: CartCounts): number {
  return cart.items.length + cart.displays.length + cart.labels.length + cart.priceLists.length + cart.handboards.length;
}

/** "1 product", "14 products". */
export const productsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;

/**
 * Labels read "line plus name", once: a label named "Driftwood Shelf Label"
 * of line Driftwood stays as it is. Other merchandise reads its name.
 */
export function merchandiseTitle(entry: { type: string; line?: string | null; name: string }): string {
  if (entry.type !== 'label' || !entry.line) return entry.name;
  return entry.name.toLowerCase().startsWith(entry.line.toLowerCase()) ? entry.name : `${entry.line} ${entry.name}`;
}
