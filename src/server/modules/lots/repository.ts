import { asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { cartLotChoices, incomingLoads, orderLineAllocations, productLots } from '../../db/schema/lots';
import type { IncomingRow, LotRow } from './row-rules';

/*
 * The lots module's SQL. Replacing a SKU's lots is set-based: one array parameter per column, so
 * 60,000 lots are one statement. Each writer answers the SKUs it touched, and its caller brings
 * their stock and quantity on order along with sync-sums.ts in the same transaction.
 */

/**
 * The SKUs of the list that are not in the catalogue: one array parameter, so a 20,000-SKU file is one
 * small statement (products.summaries would build a 20,000-placeholder IN list and read every row back).
 */
export async function unknownProductIds(db: DbOrTx, productIds: readonly number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const result = await db.execute(sql`
    select i.id from unnest(${sql.param([...productIds])}::integer[]) as i(id)
    where not exists (select 1 from products p where p.id = i.id)`);
  return (result.rows as { id: number }[]).map((r) => r.id);
}

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

/**
 * Replaces the lots of the listed SKUs in one statement. The sent rows are read from their arrays
 * once; the SKUs' lots the file no longer names are deleted, those it names again are updated where
 * something changed (so they keep their row, and the allocations pointing at it), and new ones are
 * inserted. Every part reads the table as it was when the statement began, so they touch different
 * rows; lots imports run one at a time (lockLotsImport), so no other transaction adds a lot of these
 * SKUs meanwhile. A plain insert, not ON CONFLICT: its speculative insertion cost a third more on a
 * first upload of 60,000 lots (ADR 0195). Answers the SKUs whose lots it deleted, changed or added.
 */
export async function replaceLots(tx: Tx, productIds: readonly number[], rows: readonly LotRow[]): Promise<number[]> {
  const col = <K extends keyof LotRow>(key: K) => rows.map((r) => r[key]);
  const result = await tx.execute(sql`
    with sent as materialized (
      select * from unnest(
        ${sql.param(col('productId'))}::integer[], ${sql.param(col('lot'))}::text[], ${sql.param(col('shade'))}::text[],
        ${sql.param(col('caliber'))}::text[], ${sql.param(col('warehouse'))}::text[], ${sql.param(col('quantity'))}::integer[]
      ) as s(product_id, lot, shade, caliber, warehouse, quantity)
    ), gone as (
      delete from product_lots l
      where l.product_id = any(${sql.param([...productIds])}::integer[])
        and not exists (select 1 from sent s where s.product_id = l.product_id and s.lot = l.lot)
      returning l.product_id
    ), changed as (
      update product_lots l
      set shade = s.shade, caliber = s.caliber, warehouse = s.warehouse, quantity = s.quantity, updated_at = now()
      from sent s
      where l.product_id = s.product_id and l.lot = s.lot
        and (l.shade, l.caliber, l.warehouse, l.quantity) is distinct from (s.shade, s.caliber, s.warehouse, s.quantity)
      returning l.product_id
    ), added as (
      insert into product_lots (product_id, lot, shade, caliber, warehouse, quantity)
      select s.product_id, s.lot, s.shade, s.caliber, s.warehouse, s.quantity from sent s
      where not exists (select 1 from product_lots l where l.product_id = s.product_id and l.lot = s.lot)
      returning product_id
    )
    select product_id as id from gone union select product_id from changed union select product_id from added`);
  return (result.rows as { id: number }[]).map((r) => r.id);
}

/** Below this many rows a replacement leaves the lots' planner statistics to autovacuum. */
const STATISTICS_AFTER_ROWS = 1_000;

/**
 * After a replacement that wrote many lots, fresh planner statistics when the table holds more
 * rows than the last ANALYZE counted (or was never analysed). Without them, right after a first
 * large upload, an order's locking read of its 150 lots scanned all 60,000 until autovacuum caught
 * up a minute later (ADR 0195). Inside the replacement's transaction: ANALYZE counts its own rows.
 */
export async function refreshLotStatistics(tx: Tx, rowsWritten: number): Promise<void> {
  if (rowsWritten < STATISTICS_AFTER_ROWS) return;
  const result = await tx.execute(sql`select reltuples from pg_class where oid = 'product_lots'::regclass`);
  const counted = Number((result.rows[0] as { reltuples: number } | undefined)?.reltuples ?? -1);
  if (counted < rowsWritten) {
    // The row count and the product_id column are what the planner needs here; a 3,000-row sample
    // gives them in milliseconds (the default 30,000 took 150-300 ms). Autovacuum's next ANALYZE,
    // once a tenth of the lots changed, takes the full sample. SKIP_LOCKED: when autovacuum is on
    // the table right now, it brings the statistics and the upload does not wait for it.
    await tx.execute(sql`set local default_statistics_target = 10`);
    await tx.execute(sql`analyze (skip_locked) product_lots (product_id)`);
    await tx.execute(sql`set local default_statistics_target to default`);
  }
}

/**
 * Replaces the incoming loads of the listed SKUs in one statement: the delete reads the table as it
 * was when the statement began, so it never sees the rows the same statement inserts. Answers the
 * SKUs that had loads or have some now.
 */
export async function replaceIncoming(tx: Tx, productIds: readonly number[], rows: readonly IncomingRow[]): Promise<number[]> {
  const col = <K extends keyof IncomingRow>(key: K) => rows.map((r) => r[key]);
  const result = await tx.execute(sql`
    with gone as (
      delete from incoming_loads where product_id = any(${sql.param([...productIds])}::integer[])
      returning product_id
    ), added as (
      insert into incoming_loads (product_id, quantity, eta, stage, lot, reference)
      select * from unnest(
        ${sql.param(col('productId'))}::integer[], ${sql.param(col('quantity'))}::integer[], ${sql.param(col('eta'))}::date[],
        ${sql.param(col('stage'))}::text[], ${sql.param(col('lot'))}::text[], ${sql.param(col('reference'))}::text[]
      )
      returning product_id
    )
    select product_id as id from gone union select product_id from added`);
  return (result.rows as { id: number }[]).map((r) => r.id);
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

/*
 * Bounded reads for the answers a browser asks for often (docs/decisions/0204): whatever a table
 * holds, one SKU's availability is a bounded number of rows plus counts. A cart's lots answer is
 * bounded too (20 lots per line), but it reads every lot of the cart's SKUs with `findLots`, as
 * placement does, to plan each line's split by placement's rule (docs/decisions/0209).
 */

/** One SKU's largest lots (at most `limit`), and how many lots and boxes it has in all. */
export async function lotsOfSku(db: DbOrTx, productId: number, limit: number): Promise<{ lots: LotRecord[]; count: number; boxes: number }> {
  const [lots, totals] = await Promise.all([
    db.select().from(productLots).where(eq(productLots.productId, productId)).orderBy(desc(productLots.quantity), asc(productLots.id)).limit(limit),
    db.execute(sql`select count(*)::integer as count, coalesce(sum(quantity), 0)::bigint as boxes from product_lots where product_id = ${productId}`),
  ]);
  const row = totals.rows[0] as { count: number; boxes: string | number };
  return { lots, count: Number(row.count), boxes: Number(row.boxes) };
}

/** One SKU's soonest loads (at most `limit`) and how many it has. */
export async function incomingOfSku(db: DbOrTx, productId: number, limit: number): Promise<{ incoming: (IncomingRecord & { promised: number })[]; count: number }> {
  // What placed orders' backorders wait for on each load (docs/decisions/0238): its room is the rest.
  // The outer table is named in full: drizzle writes a bare "id" here, which the subquery would read as b.id.
  const promised = sql<number>`coalesce((select sum(b.quantity) from backorder_allocations b where b.incoming_load_id = incoming_loads.id and b.state = 'allocated'), 0)::integer`;
  const [incoming, totals] = await Promise.all([
    db
      .select({ ...getTableColumns(incomingLoads), promised })
      .from(incomingLoads)
      .where(eq(incomingLoads.productId, productId))
      .orderBy(asc(incomingLoads.eta), asc(incomingLoads.id))
      .limit(limit),
    db.execute(sql`select count(*)::integer as count from incoming_loads where product_id = ${productId}`),
  ]);
  return { incoming, count: Number((totals.rows[0] as { count: number }).count) };
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

export type NewAllocation = Omit<typeof orderLineAllocations.$inferInsert, 'id'>;

/**
 * An order's allocation written in one statement (one round trip inside the order's transaction):
 * the lots lowered by what it took, its allocation rows, and the cart's one-lot switches cleared.
 * The caller then brings their SKUs' stock along (sync-sums.ts).
 */
export async function recordAllocation(
  tx: DbOrTx,
  allocation: { cartId: number; picks: readonly { lotId: number; quantity: number }[]; rows: readonly NewAllocation[] },
): Promise<void> {
  const { cartId, picks, rows } = allocation;
  const col = <K extends keyof NewAllocation>(key: K) => rows.map((r) => r[key] ?? null);
  await tx.execute(sql`
    with taken as (
      update product_lots l set quantity = l.quantity - t.quantity, updated_at = now()
      from (
        select id, sum(quantity) as quantity
        from unnest(${sql.param(picks.map((p) => p.lotId))}::integer[], ${sql.param(picks.map((p) => p.quantity))}::integer[]) as t(id, quantity)
        group by id
      ) t
      where l.id = t.id
    ), allocated as (
      insert into order_line_allocations (order_id, order_item_id, lot_id, lot, shade, caliber, warehouse, quantity)
      select * from unnest(
        ${sql.param(col('orderId'))}::integer[], ${sql.param(col('orderItemId'))}::integer[], ${sql.param(col('lotId'))}::integer[],
        ${sql.param(col('lot'))}::text[], ${sql.param(col('shade'))}::text[], ${sql.param(col('caliber'))}::text[],
        ${sql.param(col('warehouse'))}::text[], ${sql.param(col('quantity'))}::integer[]
      )
    )
    delete from cart_lot_choices where cart_id = ${cartId}`);
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

/** Every SKU's lots (largest first) and incoming loads (soonest first), SKUs by id: field mode's device copy (docs/decisions/0234). */
export async function allLotsAndLoads(db: DbOrTx): Promise<{ lots: LotRecord[]; incoming: IncomingRecord[] }> {
  const [lots, incoming] = await Promise.all([
    db.select().from(productLots).orderBy(asc(productLots.productId), desc(productLots.quantity), asc(productLots.id)),
    db.select().from(incomingLoads).orderBy(asc(incomingLoads.productId), asc(incomingLoads.eta), asc(incomingLoads.id)),
  ]);
  return { lots, incoming };
}
