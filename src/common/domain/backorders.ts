import { planBulkLine, type BulkLinePlan } from './bulk-add';
import { lineQuantityProblem } from './cart-rules';
import { formatCount } from './format';
import { formatMonthDay } from './format-date';
import { INCOMING_STAGE_LABELS, type IncomingStage } from './lots';
import { MAX_LINE_QUANTITY, parseStockLevel } from './stock-level';

/**
 * Backorders against incoming stock (docs/decisions/0238-backorder-allocation.md): a line for more
 * than is in stock takes what is on hand "now" and the rest "later" from the SKU's incoming loads,
 * first placed, first served: a load's room is its boxes less what earlier orders were promised.
 * Pure: the order's transaction applies `splitLine` to the loads it locked, the cart and the quick
 * order pad to the loads they read.
 */

/** How a line with a backordered part ships: what is here now first, or everything together. */
export const BACKORDER_SHIPPING = ['split', 'together'] as const;
export type BackorderShipping = (typeof BACKORDER_SHIPPING)[number];

export const BACKORDER_SHIPPING_LABELS: Record<BackorderShipping, string> = {
  split: 'Ship what is here now, the rest when the next load arrives',
  together: 'Ship all together',
};

/** One incoming load as the split reads it; `promised` is what earlier backorders already took of it. */
export interface LoadRoom {
  id: number;
  eta: string;
  stage: IncomingStage;
  quantity: number;
  promised: number;
}

export interface LaterPart {
  loadId: number;
  eta: string;
  stage: IncomingStage;
  quantity: number;
}

export interface LineSplit {
  /** Boxes from stock on hand. */
  now: number;
  /** Boxes promised from loads, soonest load first. */
  later: LaterPart[];
  /** Boxes neither the stock nor the loads cover (0 when the line can be ordered). */
  uncovered: number;
}

/** What is left of a load for the next order: never below 0, whatever the file did to its boxes. */
export const roomOf = (load: Pick<LoadRoom, 'quantity' | 'promised'>): number => Math.max(0, load.quantity - load.promised);

/** Boxes the loads can still promise, all together. */
export const incomingRoom = (loads: readonly Pick<LoadRoom, 'quantity' | 'promised'>[]): number => loads.reduce((sum, l) => sum + roomOf(l), 0);

/**
 * Splits a line of `quantity` boxes: stock on hand first (`inStock`, never below 0), then the loads
 * with room, the soonest ETA first (ties by the older load id), so the buyer is promised the
 * earliest date there is.
 */
export function splitLine(quantity: number, inStock: number, loads: readonly LoadRoom[]): LineSplit {
  const wanted = Math.max(0, Math.floor(quantity));
  const now = Math.min(wanted, Math.max(0, Math.floor(inStock)));
  let rest = wanted - now;
  const later: LaterPart[] = [];
  const ordered = [...loads].sort((a, b) => (a.eta < b.eta ? -1 : a.eta > b.eta ? 1 : a.id - b.id));
  for (const load of ordered) {
    if (rest === 0) break;
    const take = Math.min(rest, roomOf(load));
    if (take <= 0) continue;
    later.push({ loadId: load.id, eta: load.eta, stage: load.stage, quantity: take });
    rest -= take;
  }
  return { now, later, uncovered: rest };
}

/**
 * Several lines of one SKU in order (first placed, first served): each line's later part lowers the
 * room the next line sees, as the loads' promised sums would after the first line was placed.
 */
export function splitLines(lines: readonly { quantity: number }[], inStock: number, loads: readonly LoadRoom[]): LineSplit[] {
  const promised = new Map(loads.map((l) => [l.id, l.promised]));
  let stock = Math.max(0, inStock);
  return lines.map((line) => {
    const split = splitLine(line.quantity, stock, loads.map((l) => ({ ...l, promised: promised.get(l.id) ?? l.promised })));
    stock -= split.now;
    for (const part of split.later) promised.set(part.loadId, (promised.get(part.loadId) ?? 0) + part.quantity);
    return split;
  });
}

/** The boxes of a line that stock covers ("now"); the rest is for the loads. A level that is not a count covers all. */
export function nowPartOf(quantity: number, stockLevel: string | null | undefined): number {
  const inStock = parseStockLevel(stockLevel).quantity;
  return inStock === null ? quantity : Math.min(quantity, inStock);
}

/** "3 now, 47 about Dec 20 (on vessel)"; a second load adds ", 10 about Jan 15 (ordered)". */
export function describeBackorder(split: { now: number; later: readonly { quantity: number; eta: string; stage: IncomingStage }[] }): string {
  const parts = split.later.map((l) => `${formatCount(l.quantity)} about ${formatMonthDay(l.eta)} (${INCOMING_STAGE_LABELS[l.stage]})`);
  return [split.now > 0 ? `${formatCount(split.now)} now` : null, ...parts].filter(Boolean).join(', ');
}

export const BACKORDER_MESSAGES = {
  /** The 409 when the loads no longer cover a line (another order was placed first). */
  notCovered: (line: { productId: number; productName: string; quantity: number }, covered: number) =>
    `${line.productName} (SKU ${line.productId}): only ${formatCount(covered)} of ${formatCount(line.quantity)} boxes are in stock or on incoming loads now. ` +
    'Nothing was ordered; lower the quantity in your cart and place the order again.',
  /** The quick order pad's line, instead of "added 3 of 50". */
  offered: (split: LineSplit) => `Backordered: ${describeBackorder(split)}`,
  /** A line past both the stock and what the loads can still promise. */
  pastRoom: (name: string, inStock: number, room: number) =>
    `Only ${formatCount(inStock)} of ${name} ${inStock === 1 ? 'is' : 'are'} in stock and ${formatCount(room)} more can be ordered from incoming loads`,
  cappedWithLoads: (inStock: number, room: number, held: number, added: number, requested: number) =>
    `Only ${formatCount(inStock)} in stock and ${formatCount(room)} on incoming loads${held > 0 ? ` (${formatCount(held)} already in your PO)` : ''}: added ${formatCount(added)} of ${formatCount(requested)}`,
  arrivedSubject: (orderNumber: string) => `Your backordered tiles for ${orderNumber} have arrived`,
  /** The stock upload's preview line (docs/decisions/0241): the file's count quoted, then where its new boxes go. */
  stockArrival: (plan: { before: number; count: number; toBackorders: number; orders: number }) =>
    `stock level "${plan.count}": ${formatCount(plan.toBackorders)} of the ${formatCount(plan.count - plan.before)} new boxes go first to ${formatCount(plan.orders)} ${plan.orders === 1 ? 'order' : 'orders'} waiting for ${plan.toBackorders === 1 ? 'it' : 'them'} (backorders), so the stock becomes ${formatCount(plan.count - plan.toBackorders)}`,
} as const;

/**
 * Whether incoming loads can make up what stock does not: a counted SKU (in stock, low or out of
 * stock). Special order and fabrication SKUs are not counted, so they are never backordered.
 */
export function backorderable(stockLevel: string | null | undefined): boolean {
  const kind = parseStockLevel(stockLevel).kind;
  return kind === 'in_stock' || kind === 'low_stock' || kind === 'out_of_stock';
}

/** The most boxes a line may hold: the stock's cap, raised by the loads' room for a backorderable SKU. */
export function lineCap(stockLevel: string | null | undefined, room: number): number {
  const availability = parseStockLevel(stockLevel);
  if (room <= 0 || !backorderable(stockLevel)) return availability.maxQuantity;
  return Math.min(MAX_LINE_QUANTITY, (availability.quantity ?? 0) + room);
}

/**
 * Why a line of `quantity` is refused when the SKU's loads can still promise `room` boxes: the cart's
 * rule (`lineQuantityProblem`) when they cannot, else the same sentences with stock + room as the cap.
 */
export function backorderLineProblem(product: { name: string; stockLevel: string | null | undefined }, quantity: number, room: number): string | null {
  if (room <= 0 || !backorderable(product.stockLevel)) return lineQuantityProblem(product, quantity);
  // Checked as for 1 box in stock: the whole-number, minimum and maximum rules, never the stock.
  const shape = lineQuantityProblem({ ...product, stockLevel: String(MAX_LINE_QUANTITY) }, quantity);
  if (shape) return shape;
  const inStock = parseStockLevel(product.stockLevel).quantity ?? 0;
  if (quantity > inStock + room) return BACKORDER_MESSAGES.pastRoom(product.name, inStock, room);
  return null;
}

/**
 * A bulk add's line (the quick order pad, paste, quick add) when incoming loads can cover what stock
 * does not: the line goes in up to stock + the loads' room instead of being cut to the stock, and
 * `backorder` says the split the PO line now has. Without room the bulk add's own rule stands.
 */
export function planBulkLineWithLoads(
  product: { stockLevel: string | null } | undefined,
  requested: number,
  held: number,
  loads: readonly LoadRoom[],
): BulkLinePlan & { backorder: string | null } {
  const plain = planBulkLine(product, requested, held);
  const room = incomingRoom(loads);
  const inStock = parseStockLevel(product?.stockLevel).quantity ?? 0;
  const fits = plain.status === 'added' && held + plain.quantity <= inStock;
  if (!product || fits || room <= 0 || !backorderable(product.stockLevel)) return { ...plain, backorder: null };
  const space = Math.max(0, lineCap(product.stockLevel, room) - held);
  if (space === 0) return { ...plain, backorder: null };
  const quantity = Math.min(requested, space);
  const backorder = describeBackorder(splitLine(held + quantity, inStock, loads));
  if (quantity === requested) return { status: 'added', quantity, reason: null, backorder };
  return { status: 'capped', quantity, reason: BACKORDER_MESSAGES.cappedWithLoads(inStock, room, held, quantity, requested), backorder };
}

/**
 * The quick order pad's offer before it asks the server (the catalogue knows each SKU's boxes on
 * order, not what earlier orders were promised): the line up to stock + `onOrder`, said as
 * "3 now, 47 on incoming loads". The server's answer then names the loads' dates, or cuts it.
 */
export function padOffer(stockLevel: string | null | undefined, requested: number, held: number, onOrder: number): { quantity: number; text: string } | null {
  if (onOrder <= 0 || !backorderable(stockLevel)) return null;
  const inStock = parseStockLevel(stockLevel).quantity ?? 0;
  if (held + requested <= inStock) return null;
  const quantity = Math.min(requested, Math.max(0, lineCap(stockLevel, onOrder) - held));
  if (quantity === 0) return null;
  const now = Math.max(0, Math.min(quantity, inStock - held));
  const later = quantity - now;
  return { quantity, text: `${now > 0 ? `${formatCount(now)} now, ` : ''}${formatCount(later)} on incoming loads` };
}

/** A promise waiting for stock, as a stock rise fills it (docs/decisions/0241). */
export interface WaitingPromise {
  id: number;
  orderId: number;
  quantity: number;
  /** Its load's ETA as it is now: the soonest load's promises are filled first. */
  eta: string;
}

/** One incoming load of the SKU: its boxes, before the rise takes what arrived. */
export interface ArrivingLoad {
  id: number;
  eta: string;
  quantity: number;
}

export interface StockArrival {
  /** Boxes of the rise set aside for waiting promises, never left as free stock. */
  toBackorders: number;
  /** Each promise filled, whole or in part (`quantity` boxes of it arrived). */
  fills: { id: number; orderId: number; quantity: number; rest: number }[];
  /** The loads the rise came from, soonest first, with the boxes they keep (0: the load is gone). */
  loads: { id: number; quantity: number }[];
}

const byEta = <T extends { eta: string; id: number }>(a: T, b: T) => (a.eta < b.eta ? -1 : a.eta > b.eta ? 1 : a.id - b.id);

/**
 * A stock file (or PATCH) raised a counted SKU's on-hand boxes by `rise` while promises wait on its
 * loads (docs/decisions/0241): the new boxes go to the waiting promises first, the soonest load's
 * first and, within one date, first placed first served (order, then promise); the same boxes are
 * taken off the loads, soonest first, so they are not counted as still coming. What is left of the
 * rise is free stock.
 */
export function stockArrival(rise: number, waiting: readonly WaitingPromise[], loads: readonly ArrivingLoad[]): StockArrival {
  const boxes = Math.max(0, Math.floor(rise));
  let left = boxes;
  const fills: StockArrival['fills'] = [];
  const ordered = [...waiting].sort((a, b) => (a.eta < b.eta ? -1 : a.eta > b.eta ? 1 : a.orderId - b.orderId || a.id - b.id));
  for (const promise of ordered) {
    if (left === 0) break;
    const quantity = Math.min(left, promise.quantity);
    if (quantity <= 0) continue;
    fills.push({ id: promise.id, orderId: promise.orderId, quantity, rest: promise.quantity - quantity });
    left -= quantity;
  }
  let arrived = boxes;
  const taken: StockArrival['loads'] = [];
  for (const load of [...loads].sort(byEta)) {
    if (arrived === 0) break;
    const take = Math.min(arrived, load.quantity);
    if (take <= 0) continue;
    taken.push({ id: load.id, quantity: load.quantity - take });
    arrived -= take;
  }
  return { toBackorders: boxes - left, fills, loads: taken };
}
