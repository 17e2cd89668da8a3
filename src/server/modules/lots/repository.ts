import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { cartLotChoices, incomingLoads, orderLineAllocations, productLots, stockNotifyRequests } from '../../db/schema/lots';
import type { IncomingRow, LotRow } from './row-rules';

/*
 * The lots module's SQL. Replacing a SKU's lots is set-based: one array parameter per column, so
 * 60,000 lots are a handful of statements. products.stock_level and quantity_on_order follow
 * through migration 0013's triggers in the same transaction.
 */

/** One lots (or incoming) replacement at a time, whatever the source. */
export async function lockLotsImport(tx: Tx, kind: 'lots' | 'incoming'): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lots_import_${kind}`}))`);
}

/**
 * Locks the listed SKUs' lots in id order, the order every writer takes them in (orders too), so a
 * replacement and an order waiting on each other can never deadlock.
 */
export async function lockLotsOf(tx: Tx, productIds: readonly number[]): Promise<void> {
  await tx.execute(sql`select id from product_lots where product_id = any(${sql.param([...productIds])}::integer[]) order by id for update`);
}

/** Replaces the lots of the listed SKUs: lots kept by code keep their row (and the allocations pointing at it). */
export async function replaceLots(tx: Tx, productIds: readonly number[], rows: readonly LotRow[]): Promise<void> {
  const col = <K extends keyof LotRow>(key: K) => rows.map((r) => r[key]);
  await tx.execute(sql`
    delete from product_lots l
    where l.product_id = any(${sql.param([...productIds])}::integer[])
      -- NOT IN over the sent pairs is a hashed subplan: one pass, not a scan of the list per lot.
      and (l.product_id, l.lot) not in (
        select n.product_id, n.lot from unnest(${sql.param(col('productId'))}::integer[], ${sql.param(col('lot'))}::text[]) as n(product_id, lot)
      )`);
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into product_lots (product_id, lot, shade, caliber, warehouse, quantity)
    select * from unnest(
      ${sql.param(col('productId'))}::integer[], ${sql.param(col('lot'))}::text[], ${sql.param(col('shade'))}::text[],
      ${sql.param(col('caliber'))}::text[], ${sql.param(col('warehouse'))}::text[], ${sql.param(col('quantity'))}::integer[]
    )
    on conflict (product_id, lot) do update
      set shade = excluded.shade, caliber = excluded.caliber, warehouse = excluded.warehouse, quantity = excluded.quantity, updated_at = now()
      where (product_lots.shade, product_lots.caliber, product_lots.warehouse, product_lots.quantity)
        is distinct from (excluded.shade, excluded.caliber, excluded.warehouse, excluded.quantity)`);
}

/** Replaces the incoming loads of the listed SKUs. */
export async function replaceIncoming(tx: Tx, productIds: readonly number[], rows: readonly IncomingRow[]): Promise<void> {
  await tx.execute(sql`delete from incoming_loads where product_id = any(${sql.param([...productIds])}::integer[])`);
  if (rows.length === 0) return;
  const col = <K extends keyof IncomingRow>(key: K) => rows.map((r) => r[key]);
  await tx.execute(sql`
    insert into incoming_loads (product_id, quantity, eta, stage, lot, reference)
    select * from unnest(
      ${sql.param(col('productId'))}::integer[], ${sql.param(col('quantity'))}::integer[], ${sql.param(col('eta'))}::date[],
      ${sql.param(col('stage'))}::text[], ${sql.param(col('lot'))}::text[], ${sql.param(col('reference'))}::text[]
    )`);
}

export type LotRecord = typeof productLots.$inferSelect;
export type IncomingRecord = typeof incomingLoads.$inferSelect;

/** Lots of some SKUs, largest first. */
export async function findLots(db: DbOrTx, productIds: readonly number[]): Promise<LotRecord[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productLots)
    .where(inArray(productLots.productId, [...productIds]))
    .orderBy(desc(productLots.quantity), asc(productLots.id));
}

/** Incoming loads of some SKUs, soonest first. */
export async function findIncoming(db: DbOrTx, productIds: readonly number[]): Promise<IncomingRecord[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(incomingLoads)
    .where(inArray(incomingLoads.productId, [...productIds]))
    .orderBy(asc(incomingLoads.eta), asc(incomingLoads.id));
}

/** The order's lots, locked in id order (ADR 0185): a second order for the same lots waits here, then reads what is left. */
export async function lockLotsForOrder(tx: DbOrTx, productIds: readonly number[]): Promise<LotRecord[]> {
  if (productIds.length === 0) return [];
  const result = await tx.execute(sql`
    select id, product_id as "productId", lot, shade, caliber, warehouse, quantity, updated_at as "updatedAt"
    from product_lots where product_id = any(${sql.param([...productIds])}::integer[])
    order by id for update`);
  return result.rows as LotRecord[];
}

/** Lowers lots by what an order took, in one statement. */
export async function takeFromLots(tx: DbOrTx, picks: readonly { lotId: number; quantity: number }[]): Promise<void> {
  if (picks.length === 0) return;
  await tx.execute(sql`
    update product_lots l set quantity = l.quantity - t.quantity, updated_at = now()
    from (select id, sum(quantity) as quantity from unnest(${sql.param(picks.map((p) => p.lotId))}::integer[], ${sql.param(picks.map((p) => p.quantity))}::integer[]) as t(id, quantity) group by id) t
    where l.id = t.id`);
}

export type NewAllocation = Omit<typeof orderLineAllocations.$inferInsert, 'id'>;

export async function insertAllocations(tx: DbOrTx, rows: readonly NewAllocation[]): Promise<void> {
  if (rows.length > 0) await tx.insert(orderLineAllocations).values([...rows]);
}

export async function findAllocations(db: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLineAllocations)
    .where(inArray(orderLineAllocations.orderId, [...orderIds]))
    .orderBy(asc(orderLineAllocations.id));
}

export async function findCartChoices(db: DbOrTx, cartId: number): Promise<Map<number, boolean>> {
  const rows = await db.select().from(cartLotChoices).where(eq(cartLotChoices.cartId, cartId));
  return new Map(rows.map((r) => [r.productId, r.oneLot]));
}

export async function setCartChoice(db: DbOrTx, cartId: number, productId: number, oneLot: boolean): Promise<void> {
  await db
    .insert(cartLotChoices)
    .values({ cartId, productId, oneLot })
    .onConflictDoUpdate({ target: [cartLotChoices.cartId, cartLotChoices.productId], set: { oneLot } });
}

export async function clearCartChoices(db: DbOrTx, cartId: number): Promise<void> {
  await db.delete(cartLotChoices).where(eq(cartLotChoices.cartId, cartId));
}

export async function addNotifyRequest(db: DbOrTx, request: { userId: number; productId: number; email: string }): Promise<void> {
  await db
    .insert(stockNotifyRequests)
    .values(request)
    .onConflictDoUpdate({ target: [stockNotifyRequests.userId, stockNotifyRequests.productId], set: { email: request.email } });
}

export async function removeNotifyRequest(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db.delete(stockNotifyRequests).where(and(eq(stockNotifyRequests.userId, userId), eq(stockNotifyRequests.productId, productId)));
}

export async function hasNotifyRequest(db: DbOrTx, userId: number, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: stockNotifyRequests.id })
    .from(stockNotifyRequests)
    .where(and(eq(stockNotifyRequests.userId, userId), eq(stockNotifyRequests.productId, productId)));
  return rows.length > 0;
}

/** Open requests, oldest first; the caller decides which products are back (the one stock reader, ADR 0115). */
export async function openNotifyRequests(db: DbOrTx, afterId: number, limit: number) {
  return db.select().from(stockNotifyRequests).where(gt(stockNotifyRequests.id, afterId)).orderBy(asc(stockNotifyRequests.id)).limit(limit);
}

/** Ends requests; answers the ids this call deleted (another server may have taken some first). */
export async function endNotifyRequests(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.delete(stockNotifyRequests).where(inArray(stockNotifyRequests.id, [...ids])).returning({ id: stockNotifyRequests.id });
  return rows.map((r) => r.id);
}
