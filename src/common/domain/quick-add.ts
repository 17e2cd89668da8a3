import { padOffer } from './backorders';
import { outOfStockNote, planBulkLine } from './bulk-add';
import { parseStockLevel } from './stock-level';
import { isSoldByEach } from './units';

/**
 * Sample Cart Quick Add: which products it offers, and the
 * pasted order list ("quick order pad") turned into cart lines with a reason for
 * every line that is refused.
 */

export interface QuickAddProduct {
  id: number;
  name: string;
  line: string | null;
  size: string | null;
  soldBy: string;
  stockLevel: string;
}

/** Sizes quick add never offers. */
export const QUICK_ADD_EXCLUDED_SIZES = [
  '24x48 Deco',
  '2x2 Mosaic',
  '3x24 Bullnose',
  '48x110',
  '48x110 Slab',
  '48x48',
  '63x63',
  'Hexagon Mosaic',
] as const;

export const QUICK_ADD_MESSAGES = {
  invalidProduct: { title: 'Invalid product data', description: 'This product cannot be added from quick add.' },
  cannotAdd: { title: 'Cannot add item', description: 'This item is out of stock.' },
  noProducts: { title: 'No products', description: 'There are no products matching your filter criteria' },
  allOut: { title: 'Cannot add items', description: 'All selected products are out of stock' },
  someOut: outOfStockNote,
  failed: 'There was a problem adding items to your cart.',
} as const;

const excludedSizes = new Set(QUICK_ADD_EXCLUDED_SIZES.map((s) => s.toLowerCase()));

/** Why quick add leaves a product out, or null when it offers it. */
export function quickAddExclusion(product: Pick<QuickAddProduct, 'size' | 'soldBy' | 'stockLevel'>): string | null {
  const { kind } = parseStockLevel(product.stockLevel);
  if (kind === 'special_order') return 'Special order items cannot be quick added';
  if (kind === 'fabrication') return 'Fabrication items cannot be quick added';
  if (isSoldByEach(product.soldBy)) return 'Items sold by each cannot be quick added';
  if (product.size && excludedSizes.has(product.size.trim().toLowerCase())) return `Size ${product.size} cannot be quick added`;
  return null;
}

/** The products quick add lists, sorted by id. */
export function quickAddProducts<P extends QuickAddProduct>(products: readonly P[]): P[] {
  return products.filter((p) => quickAddExclusion(p) === null).sort((a, b) => a.id - b.id);
}

export function isOutOfStock(product: Pick<QuickAddProduct, 'stockLevel'>): boolean {
  return parseStockLevel(product.stockLevel).kind === 'out_of_stock';
}

// ---- the pasted list ----

export type PastedLineResult =
  /** `note` when the quantity was cut down to the stock left (ADR 0189: cap, never refuse the list). */
  | { line: number; text: string; status: 'added'; productId: number; name: string; quantity: number; note?: string; backorder?: string }
  | { line: number; text: string; status: 'merged'; productId: number; name: string; quantity: number; intoLine: number }
  | { line: number; text: string; status: 'refused'; reason: string };

export interface PastedListPlan {
  /** One entry per product, quantities of duplicate lines summed. */
  items: { productId: number; quantity: number }[];
  lines: PastedLineResult[];
}

/** Most lines one paste may hold (bulk-items takes 500 items). */
export const MAX_PASTED_LINES = 500;

export interface PastedListOptions {
  /** Why a product may not come through this list at all (quick add's exclusions by default). */
  exclusion?: (product: QuickAddProduct) => string | null;
  /** Boxes on incoming loads a line may also take, as a backorder (the quick order pad, docs/decisions/0238). */
  onOrder?: (productId: number) => number;
}

/**
 * Reads "SKU qty", "SKU,qty", "SKU<TAB>qty" or just "SKU" (quantity 1), one per
 * line; blank lines and a "sku,quantity" header are skipped. Every other line
 * either goes into the plan, cut down to the stock left when it asks for more
 * (the bulk add's rule, common/domain/bulk-add.ts), or is refused with the reason.
 */
export function planPastedList(
  text: string,
  products: readonly QuickAddProduct[],
  inCart: ReadonlyMap<number, number> = new Map(),
  options: PastedListOptions = {},
): PastedListPlan {
  const exclusion = options.exclusion ?? quickAddExclusion;
  const byId = new Map(products.map((p) => [p.id, p]));
  const planned = new Map<number, { quantity: number; line: number }>();
  const lines: PastedLineResult[] = [];
  const rows = text.split(/\r?\n/);
  for (let index = 0; index < rows.length; index += 1) {
    const raw = rows[index]!.trim();
    const line = index + 1;
    if (raw === '' || /^sku\b/i.test(raw)) continue;
    if (lines.length >= MAX_PASTED_LINES) {
      lines.push({ line, text: raw, status: 'refused', reason: `At most ${MAX_PASTED_LINES} lines at a time` });
      break;
    }
    const refuse = (reason: string) => lines.push({ line, text: raw, status: 'refused', reason });
    // raw is trimmed and not blank, so the parts are never empty.
    const parts = raw.split(/[\s,;\t]+/);
    if (parts.length > 2) {
      refuse('Write one SKU and one quantity per line');
      continue;
    }
    const [skuText = '', quantityText = '1'] = parts;
    if (!/^\d{1,9}$/.test(skuText)) {
      refuse('SKU must be a number');
      continue;
    }
    if (!/^\d{1,6}$/.test(quantityText) || Number(quantityText) < 1) {
      refuse('Quantity must be a whole number of at least 1');
      continue;
    }
    const product = byId.get(Number(skuText));
    if (!product) {
      refuse('No product with this SKU');
      continue;
    }
    const excluded = exclusion(product);
    if (excluded) {
      refuse(excluded);
      continue;
    }
    const earlier = planned.get(product.id);
    const held = (earlier?.quantity ?? 0) + (inCart.get(product.id) ?? 0);
    // Past the stock, the quick order pad offers a backorder when loads are on order (docs/decisions/0238).
    const offer = padOffer(product.stockLevel, Number(quantityText), held, options.onOrder?.(product.id) ?? 0);
    const plan = offer ? { status: 'added' as const, quantity: offer.quantity, reason: null } : planBulkLine(product, Number(quantityText), held);
    if (plan.status === 'skipped') {
      refuse(plan.reason ?? 'Cannot be added');
      continue;
    }
    if (earlier) {
      earlier.quantity += plan.quantity;
      lines.push({ line, text: raw, status: 'merged', productId: product.id, name: product.name, quantity: plan.quantity, intoLine: earlier.line });
    } else {
      planned.set(product.id, { quantity: plan.quantity, line });
      lines.push({
        line,
        text: raw,
        status: 'added',
        productId: product.id,
        name: product.name,
        quantity: plan.quantity,
        ...(plan.reason ? { note: plan.reason } : {}),
        ...(offer ? { backorder: offer.text } : {}),
      });
    }
  }
  return { items: [...planned].map(([productId, { quantity }]) => ({ productId, quantity })), lines };
}

/**
 * The pasted lines after the bulk add answered (ADR 0189): a product the server cut down keeps
 * its line with the server's note; one it left out turns the line (and the lines merged into it)
 * into a refusal with the server's reason. The server saw the stock as it is now; the plan saw
 * the catalogue as the page loaded it.
 */
export function withBulkAnswer(
  lines: readonly PastedLineResult[],
  answer: readonly { productId: number; status: 'added' | 'capped' | 'skipped'; added: number; reason: string | null; backorder?: string }[],
): PastedLineResult[] {
  const byProduct = new Map(answer.map((line) => [line.productId, line]));
  return lines.map((line) => {
    if (line.status === 'refused') return line;
    const server = byProduct.get(line.productId);
    // The server's split names the loads' dates ("3 now, 47 about Dec 20 (on vessel)", docs/decisions/0238).
    if (server?.status === 'added' && line.status === 'added') return { ...line, backorder: server.backorder };
    if (!server || server.status === 'added') return line;
    if (server.status === 'skipped') return { line: line.line, text: line.text, status: 'refused', reason: server.reason ?? 'Could not be added' };
    return line.status === 'added' ? { ...line, quantity: server.added, note: server.reason ?? undefined, backorder: server.backorder } : line;
  });
}
