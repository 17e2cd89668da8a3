import type { CartBackorderLine, OrderBackorderView } from '@common/contracts/backorders';
import { backorderable, BACKORDER_MESSAGES, describeBackorder, incomingRoom, lineCap, nowPartOf, splitLine, type BackorderShipping, type LoadRoom } from '@common/domain/backorders';
import { CART_MESSAGES, lineQuantityProblem } from '@common/domain/cart-rules';
import { formatCount } from '@common/domain/format';
import { formatMonthDay } from '@common/domain/format-date';
import { orderNumber } from '@common/domain/order-status';
import { emailReference } from '@common/domain/email-status';
import type { DbOrTx, Tx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { MailOutbox, OutgoingEmail } from '../mail';
import * as repo from './backorder-repository';
export { followReplacedLoads } from './backorder-repository';
import { recordAllocation } from './repository';
import { syncStockWithLots } from './sync-sums';

/**
 * Backorders against incoming loads (docs/decisions/0238-backorder-allocation.md): the room the
 * cart and the quick order pad may fill, the allocation at placement, the order's view of it, and
 * what a lots upload does when a load's lot arrives.
 */

const DEFAULT_SHIPPING: BackorderShipping = 'split';

/** Each SKU's loads with what they can still promise (the cart's and the quick order pad's cap). */
export async function incomingLoadsOf(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, LoadRoom[]>> {
  const byProduct = new Map<number, LoadRoom[]>(productIds.map((id) => [id, []]));
  for (const load of await repo.loadsWithRoom(db, [...new Set(productIds)])) {
    byProduct.get(load.productId)?.push({ id: load.id, eta: load.eta, stage: load.stage, quantity: load.quantity, promised: load.promised });
  }
  return byProduct;
}

/** A cart line as the split reads it: its boxes and its SKU's stock level as the cart read it. */
export interface SplitInput {
  productId: number;
  quantity: number;
  stockLevel: string | null | undefined;
}

const nowPart = (line: SplitInput): number => nowPartOf(line.quantity, line.stockLevel);

/** Lines in cart order, each SKU's loads lowered by what earlier lines took (first placed, first served). */
function splitAll(lines: readonly SplitInput[], loads: readonly repo.LoadWithRoom[]) {
  const promised = new Map(loads.map((l) => [l.id, l.promised]));
  return lines.map((line) => {
    const own: LoadRoom[] = loads.filter((l) => l.productId === line.productId).map((l) => ({ ...l, promised: promised.get(l.id) ?? 0 }));
    const split = splitLine(line.quantity - nowPart(line), 0, own);
    for (const part of split.later) promised.set(part.loadId, (promised.get(part.loadId) ?? 0) + part.quantity);
    return { ...split, now: nowPart(line) };
  });
}

/**
 * GET /api/carts/{id}/backorders: every line of a counted SKU that passes the stock or has loads with
 * room, split as placing now would split it, with the most the line may hold (stock + the loads' room).
 */
export async function cartBackorderLines(db: DbOrTx, cartId: number, lines: readonly SplitInput[]): Promise<CartBackorderLine[]> {
  const counted = lines.filter((l) => backorderable(l.stockLevel));
  if (counted.length === 0) return [];
  const [loads, choices] = await Promise.all([repo.loadsWithRoom(db, counted.map((l) => l.productId)), repo.cartShippingChoices(db, cartId)]);
  const splits = splitAll(counted, loads);
  return counted.flatMap((line, i) => {
    const split = splits[i]!;
    const room = incomingRoom(loads.filter((l) => l.productId === line.productId));
    // Without loads' room the stock's own rules speak for the line (the cart's stock note, the lots' warning).
    if (room === 0) return [];
    return [
      {
        productId: line.productId,
        quantity: line.quantity,
        cap: lineCap(line.stockLevel, room),
        now: split.now,
        later: split.later.map((p) => ({ quantity: p.quantity, eta: p.eta, stage: p.stage })),
        uncovered: split.uncovered,
        shipping: choices.get(line.productId) ?? DEFAULT_SHIPPING,
        text: split.later.length > 0 || split.uncovered > 0 ? describeBackorder(split) : '',
      },
    ];
  });
}

export interface BackorderLine extends SplitInput {
  /** The order line (order_items.id). */
  id: number;
  productName: string;
}

/**
 * Placement (docs/decisions/0238), in the order's transaction after the lots and stock took the "now"
 * parts: the order's loads are locked in id order, each line's rest is promised from the loads with
 * room, soonest first, and written with the cart's shipping choice. A line the loads no longer cover
 * is a 409 naming every such line; the caller's transaction rolls back and nothing is placed.
 */
export async function allocateBackorders(
  tx: DbOrTx,
  order: { orderId: number; userId: number; cartId: number; lines: readonly BackorderLine[] },
): Promise<Map<number, OrderBackorderView>> {
  const views = new Map<number, OrderBackorderView>();
  const past = order.lines.filter((l) => l.quantity > nowPart(l));
  if (past.length === 0) return views;
  const loads = await repo.loadsWithRoom(
    tx,
    [...new Set(past.map((l) => l.productId))].sort((a, b) => a - b),
    { lock: true },
  );
  const choices = await repo.cartShippingChoices(tx, order.cartId);
  const splits = splitAll(past, loads);
  const refused = past.flatMap((line, i) => {
    const split = splits[i]!;
    if (split.uncovered === 0) return [];
    // A SKU with no loads at all keeps the stock rule's sentence (the cart's own cap).
    const message = loads.some((l) => l.productId === line.productId)
      ? BACKORDER_MESSAGES.notCovered(line, line.quantity - split.uncovered)
      : `${lineQuantityProblem({ name: line.productName, stockLevel: String(split.now) }, line.quantity) ?? CART_MESSAGES.stockLimit(split.now, line.productName)}. Please update your cart.`;
    return [{ path: `items.${line.productId}`, message }];
  });
  if (refused.length > 0) throw new HttpError(409, refused[0]!.message, refused);
  const byId = new Map(loads.map((l) => [l.id, l]));
  const rows: repo.NewBackorder[] = [];
  past.forEach((line, i) => {
    const split = splits[i]!;
    const shipping = choices.get(line.productId) ?? DEFAULT_SHIPPING;
    for (const part of split.later) {
      const load = byId.get(part.loadId)!;
      rows.push({
        orderId: order.orderId,
        orderItemId: line.id,
        productId: line.productId,
        userId: order.userId,
        incomingLoadId: load.id,
        lot: load.lot,
        reference: load.reference,
        quantity: part.quantity,
        promisedEta: load.eta,
        eta: load.eta,
        stage: load.stage,
        shipping,
      });
    }
    views.set(line.id, {
      now: split.now,
      later: split.later.map((p) => ({ quantity: p.quantity, eta: p.eta, stage: p.stage, promisedEta: p.eta, state: 'allocated' as const })),
      shipping,
      text: describeBackorder(split),
    });
  });
  await repo.insertBackorders(tx, rows);
  await repo.clearCartShipping(tx, order.cartId);
  return views;
}

/** "3 now, 47 about Dec 22 (on vessel)", an arrived part "47 arrived". */
function orderText(now: number, parts: readonly OrderBackorderView['later'][number][]): string {
  const waiting = describeBackorder({ now, later: parts.filter((p) => p.state === 'allocated') });
  const arrived = parts.filter((p) => p.state === 'arrived').reduce((sum, p) => sum + p.quantity, 0);
  return [waiting, arrived > 0 ? `${formatCount(arrived)} arrived` : ''].filter(Boolean).join(', ');
}

/** The backordered parts of some orders, by order line (`quantities`: each line's boxes). */
export async function backordersOf(db: DbOrTx, lines: readonly { id: number; orderId?: number; quantity: number }[], orderIds: readonly number[]): Promise<Map<number, OrderBackorderView>> {
  const rows = await repo.backordersOfOrders(db, orderIds);
  const byLine = new Map<number, repo.BackorderRecord[]>();
  for (const row of rows) byLine.set(row.orderItemId, [...(byLine.get(row.orderItemId) ?? []), row]);
  const quantities = new Map(lines.map((l) => [l.id, l.quantity]));
  const views = new Map<number, OrderBackorderView>();
  for (const [lineId, own] of byLine) {
    const parts = own.map((r) => ({ quantity: r.quantity, eta: r.eta, promisedEta: r.promisedEta, stage: r.stage, state: r.state }));
    const now = Math.max(0, (quantities.get(lineId) ?? 0) - parts.reduce((sum, p) => sum + p.quantity, 0));
    views.set(lineId, { now, later: parts, shipping: own[0]!.shipping, text: orderText(now, parts) });
  }
  return views;
}

/** The one email per order that its backordered boxes arrived (a lot's, or a stock file's without one). */
export function arrivalEmail(from: string, to: string, orderId: number, items: readonly { quantity: number; lot: string | null; eta: string }[]): OutgoingEmail {
  const number = orderNumber(orderId);
  const text = [
    `The backordered part of your order ${number} has arrived and is set aside for you:`,
    '',
    ...items.map((i) => `- ${formatCount(i.quantity)} ${i.quantity === 1 ? 'box' : 'boxes'}${i.lot ? ` from lot ${i.lot}` : ''} (expected about ${formatMonthDay(i.eta)})`),
    '',
    'We will ship or hold it for pickup as you chose when you ordered.',
  ].join('\n');
  return { kind: 'backorder_arrival', from, to: [to], subject: BACKORDER_MESSAGES.arrivedSubject(number), text, reference: emailReference.order(orderId) };
}

/**
 * A lots upload (docs/decisions/0238), in its transaction after the lots were replaced and before the
 * arrived loads are removed, with the SKUs' lots locked: every waiting backorder whose lot code is now
 * a lot with boxes takes them first (first placed, first served), as an allocation of its order line,
 * so no other order can take them; a lot short of the promise fills what it holds and the rest keeps
 * waiting. Each buyer gets one email per order (the job queue). Answers the SKUs whose lots it lowered.
 */
export async function fillArrivedBackorders(tx: Tx, productIds: readonly number[], mail: { outbox: Pick<MailOutbox, 'enqueue'>; from: string }): Promise<number[]> {
  const waiting = await repo.waitingAtArrivedLots(tx, productIds);
  if (waiting.length === 0) return [];
  const left = new Map<number, number>();
  const picks: { lotId: number; quantity: number }[] = [];
  const rows: Parameters<typeof recordAllocation>[1]['rows'][number][] = [];
  const perOrder = new Map<number, { userId: number | null; items: { quantity: number; lot: string; eta: string }[] }>();
  for (const w of waiting) {
    const available = left.get(w.lotId) ?? w.lotQuantity;
    const filled = Math.min(available, w.quantity);
    if (filled <= 0) continue;
    left.set(w.lotId, available - filled);
    picks.push({ lotId: w.lotId, quantity: filled });
    rows.push({ orderId: w.orderId, orderItemId: w.orderItemId, lotId: w.lotId, lot: w.lot, shade: w.shade, caliber: w.caliber, warehouse: w.warehouse, quantity: filled });
    await repo.markArrived(tx, w.id, filled, w.quantity - filled);
    const entry = perOrder.get(w.orderId) ?? { userId: w.userId, items: [] };
    entry.items.push({ quantity: filled, lot: w.lot, eta: w.eta });
    perOrder.set(w.orderId, entry);
  }
  if (picks.length === 0) return [];
  // No cart's one-lot switches to clear: cart id 0 is none (the one statement every allocation uses).
  await recordAllocation(tx, { cartId: 0, picks, rows });
  const touched = [...new Set(waiting.filter((w) => picks.some((p) => p.lotId === w.lotId)).map((w) => w.productId))];
  await syncStockWithLots(tx, touched);
  const emails = await repo.emailsOf(tx, [...new Set([...perOrder.values()].flatMap((o) => (o.userId === null ? [] : [o.userId])))]);
  for (const [orderId, entry] of perOrder) {
    const to = entry.userId === null ? undefined : emails.get(entry.userId);
    if (to) await mail.outbox.enqueue(arrivalEmail(mail.from, to, orderId, entry.items), tx);
  }
  return touched;
}
