import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BackorderShipping, LoadRoom } from '@common/domain/backorders';
import type { DbOrTx, Tx } from '../../db/client';
import { backorderAllocations, cartBackorderChoices } from '../../db/schema/lots';
import { liveEmailAddresses } from '../users';

/** The SQL of backorders against incoming loads (docs/decisions/0238-backorder-allocation.md). */

export interface LoadWithRoom extends LoadRoom {
  productId: number;
  lot: string | null;
  reference: string | null;
}

/**
 * The SKUs' loads with what backorders already promised from each. With `lock`, the loads are first
 * locked in id order (placement, after its lots: the order every writer of lots and loads keeps), so a
 * second placement waits and its own read, a later statement, sees what the first one promised.
 */
export async function loadsWithRoom(db: DbOrTx, productIds: readonly number[], options: { lock?: boolean } = {}): Promise<LoadWithRoom[]> {
  if (productIds.length === 0) return [];
  const ids = sql.param([...productIds]);
  if (options.lock) await db.execute(sql`select id from incoming_loads where product_id = any(${ids}::integer[]) order by id for update`);
  const result = await db.execute(sql`
    select i.id, i.product_id as "productId", i.quantity, i.eta::text as eta, i.stage, i.lot, i.reference,
      coalesce((select sum(b.quantity) from backorder_allocations b where b.incoming_load_id = i.id and b.state = 'allocated'), 0)::integer as promised
    from incoming_loads i where i.product_id = any(${ids}::integer[])
    order by i.id`);
  return result.rows as unknown as LoadWithRoom[];
}

export type NewBackorder = Omit<typeof backorderAllocations.$inferInsert, 'id' | 'state' | 'arrivedAt' | 'createdAt'>;

export async function insertBackorders(tx: DbOrTx, rows: readonly NewBackorder[]): Promise<void> {
  if (rows.length > 0) await tx.insert(backorderAllocations).values([...rows]);
}

export type BackorderRecord = typeof backorderAllocations.$inferSelect;

export async function backordersOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<BackorderRecord[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(backorderAllocations).where(inArray(backorderAllocations.orderId, [...orderIds])).orderBy(asc(backorderAllocations.eta), asc(backorderAllocations.id));
}

export async function cartShippingChoices(db: DbOrTx, cartId: number): Promise<Map<number, BackorderShipping>> {
  const rows = await db.select().from(cartBackorderChoices).where(eq(cartBackorderChoices.cartId, cartId));
  return new Map(rows.map((r) => [r.productId, r.shipping]));
}

export async function setCartShipping(db: DbOrTx, cartId: number, productId: number, shipping: BackorderShipping): Promise<void> {
  await db
    .insert(cartBackorderChoices)
    .values({ cartId, productId, shipping })
    .onConflictDoUpdate({ target: [cartBackorderChoices.cartId, cartBackorderChoices.productId], set: { shipping } });
}

/** A placed PO's choices are the order's now. */
export async function clearCartShipping(tx: DbOrTx, cartId: number): Promise<void> {
  await tx.delete(cartBackorderChoices).where(eq(cartBackorderChoices.cartId, cartId));
}

/**
 * After an incoming file replaced the SKUs' loads (new rows): each waiting backorder follows its load,
 * found by the lot code it copied, else its reference, else (a load with neither) the same ETA; its
 * ETA and stage become the load's, so a load that slipped moves the date on the order. Answers how
 * many backorders' ETA moved.
 */
export async function followReplacedLoads(tx: Tx, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await tx.execute(sql`
    with matched as (
      select distinct on (b.id) b.id, i.id as load_id, i.eta, i.stage, b.eta <> i.eta as moved
      from backorder_allocations b
      join incoming_loads i on i.product_id = b.product_id and (
        (b.lot is not null and i.lot = b.lot)
        or (b.lot is null and b.reference is not null and i.reference = b.reference)
        or (b.lot is null and b.reference is null and i.lot is null and i.reference is null and i.eta = b.eta))
      where b.state = 'allocated' and b.product_id = any(${sql.param([...productIds])}::integer[])
      order by b.id, i.eta, i.id
    )
    update backorder_allocations b set incoming_load_id = m.load_id, eta = m.eta, stage = m.stage
    from matched m where b.id = m.id
    returning m.moved`);
  return (result.rows as { moved: boolean }[]).filter((r) => r.moved).length;
}

export interface WaitingAtLot {
  id: number;
  orderId: number;
  orderItemId: number;
  productId: number;
  userId: number | null;
  quantity: number;
  eta: string;
  lotId: number;
  lot: string;
  shade: string | null;
  caliber: string | null;
  warehouse: string;
  lotQuantity: number;
}

/**
 * Waiting backorders of the SKUs whose lot code is now a lot with boxes (the load arrived), first
 * placed first: the order, then the row. The caller holds the SKUs' lots locked (the lots upload).
 */
export async function waitingAtArrivedLots(tx: Tx, productIds: readonly number[]): Promise<WaitingAtLot[]> {
  if (productIds.length === 0) return [];
  const result = await tx.execute(sql`
    select b.id, b.order_id as "orderId", b.order_item_id as "orderItemId", b.product_id as "productId", b.user_id as "userId",
      b.quantity, b.eta::text as eta, l.id as "lotId", l.lot, l.shade, l.caliber, l.warehouse, l.quantity as "lotQuantity"
    from backorder_allocations b
    join product_lots l on l.product_id = b.product_id and l.lot = b.lot and l.quantity > 0
    where b.state = 'allocated' and b.product_id = any(${sql.param([...productIds])}::integer[])
    order by b.order_id, b.id`);
  return result.rows as unknown as WaitingAtLot[];
}

/**
 * A backorder filled (whole or in part) from its arrived lot: the filled boxes arrive, a rest keeps
 * waiting, unlinked (its lot is gone from the loads), or on the same load (`keepLoad`: a stock rise
 * that did not take the whole load, docs/decisions/0241).
 */
export async function markArrived(tx: DbOrTx, id: number, filled: number, rest: number, keepLoad = false): Promise<void> {
  if (rest > 0) {
    await tx.execute(sql`
      insert into backorder_allocations (order_id, order_item_id, product_id, user_id, incoming_load_id, lot, reference, quantity, promised_eta, eta, stage, shipping)
      select order_id, order_item_id, product_id, user_id, ${keepLoad ? sql`incoming_load_id` : sql`null`}, lot, reference, ${rest}, promised_eta, eta, stage, shipping
      from backorder_allocations where id = ${id}`);
  }
  await tx
    .update(backorderAllocations)
    .set({ quantity: filled, state: 'arrived', arrivedAt: new Date() })
    .where(and(eq(backorderAllocations.id, id), eq(backorderAllocations.state, 'allocated')));
}

/** The addresses the arrival emails go to: each placer's confirmed email as it is now. */
export async function emailsOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const live = liveEmailAddresses('live');
  const rows = await db.select().from(live).where(inArray(live.id, [...userIds]));
  return new Map(rows.flatMap((r) => (r.email ? [[r.id, r.email] as [number, string]] : [])));
}

/** A cancelled order's waiting promises end, so their boxes go back to the load's room (docs/decisions/0238). */
export async function releaseWaiting(tx: DbOrTx, orderId: number): Promise<number> {
  const released = await tx
    .delete(backorderAllocations)
    .where(and(eq(backorderAllocations.orderId, orderId), eq(backorderAllocations.state, 'allocated')))
    .returning({ id: backorderAllocations.id });
  return released.length;
}
