import { stockArrival, type StockArrival } from '@common/domain/backorders';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { MailOutbox } from '../mail';
import { arrivalEmail } from './backorders';
import * as repo from './backorder-repository';
import { syncOnOrderWithLoads } from './sync-sums';

/**
 * A stock file or PATCH /api/stock that raises the on-hand boxes of a SKU without lots while backorders
 * wait on its loads (docs/decisions/0241): the new boxes go to those backorders first, are not left as
 * free stock, and the loads lose what arrived. Called by the stock module in its own transaction.
 */

/** A SKU's count as the file (or PATCH) would set it; `row` names the file's row in the preview's line. */
export interface NewCount {
  productId: number;
  count: number;
  row?: number;
}

export interface StockArrivalPlan extends StockArrival {
  productId: number;
  row?: number;
  /** The on-hand count before the file. */
  before: number;
  /** What the file says; the stock becomes `count - toBackorders`. */
  count: number;
  orders: number;
}

interface Waiting {
  id: number;
  orderId: number;
  productId: number;
  userId: number | null;
  quantity: number;
  eta: string;
}

/** The SKUs of `ids` with promises waiting on loads and no lots (a SKU with lots has its lots upload). */
async function candidates(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select distinct b.product_id as id from backorder_allocations b
    where b.state = 'allocated' and b.product_id = any(${sql.param([...ids])}::integer[])
      and not exists (select 1 from product_lots l where l.product_id = b.product_id)
    order by 1`);
  return (result.rows as { id: number }[]).map((r) => r.id);
}

/**
 * What the new counts do to waiting backorders, read (with `lock`, the products, then their loads,
 * locked in id order: placement takes stock, then loads, in that order) but not written. Only counted
 * SKUs (in stock, any count) whose count rises are planned; everything else is left as before.
 */
export async function planStockArrivals(db: DbOrTx, counts: readonly NewCount[], options: { lock?: boolean } = {}): Promise<{ plans: StockArrivalPlan[]; waiting: Waiting[] }> {
  const ids = await candidates(db, counts.map((c) => c.productId));
  if (ids.length === 0) return { plans: [], waiting: [] };
  const param = sql.param(ids);
  const lock = options.lock ? sql`for update` : sql``;
  const stock = await db.execute(sql`select id, stock_count as count from products where id = any(${param}::integer[]) and stock_status = 'in_stock' order by id ${lock}`);
  if (options.lock) await db.execute(sql`select id from incoming_loads where product_id = any(${param}::integer[]) order by id for update`);
  const loads = (await db.execute(sql`select id, product_id as "productId", eta::text as eta, quantity from incoming_loads where product_id = any(${param}::integer[]) order by id`)).rows as {
    id: number;
    productId: number;
    eta: string;
    quantity: number;
  }[];
  const waiting = (
    await db.execute(sql`
      select b.id, b.order_id as "orderId", b.product_id as "productId", b.user_id as "userId", b.quantity, b.eta::text as eta
      from backorder_allocations b
      where b.state = 'allocated' and b.product_id = any(${param}::integer[])
      order by b.id`)
  ).rows as unknown as Waiting[];
  const before = new Map((stock.rows as { id: number; count: number }[]).map((r) => [r.id, r.count]));
  const plans: StockArrivalPlan[] = [];
  for (const next of counts) {
    const was = before.get(next.productId);
    if (was === undefined || next.count <= was) continue;
    const own = waiting.filter((w) => w.productId === next.productId);
    const arrival = stockArrival(next.count - was, own, loads.filter((l) => l.productId === next.productId));
    if (arrival.toBackorders === 0) continue;
    plans.push({ ...arrival, productId: next.productId, row: next.row, before: was, count: next.count, orders: new Set(arrival.fills.map((f) => f.orderId)).size });
  }
  return { plans, waiting };
}

/**
 * Plans under lock and writes it: each filled promise arrives (a rest keeps waiting on its load), the
 * loads keep what did not arrive (a load with none left is removed) and the SKUs' quantity on order
 * follows; each buyer gets one `backorder_arrival` email per order through the job queue. The caller
 * writes each SKU's stock as `count - toBackorders`.
 */
export async function fillStockArrivals(
  tx: DbOrTx,
  counts: readonly NewCount[],
  mail: { outbox: Pick<MailOutbox, 'enqueue'>; from: string },
): Promise<StockArrivalPlan[]> {
  const { plans, waiting } = await planStockArrivals(tx, counts, { lock: true });
  if (plans.length === 0) return [];
  const byId = new Map(waiting.map((w) => [w.id, w]));
  const perOrder = new Map<number, { userId: number | null; items: { quantity: number; lot: null; eta: string }[] }>();
  for (const plan of plans) {
    for (const fill of plan.fills) {
      const promise = byId.get(fill.id)!;
      await repo.markArrived(tx, fill.id, fill.quantity, fill.rest, true);
      const entry = perOrder.get(fill.orderId) ?? { userId: promise.userId, items: [] };
      entry.items.push({ quantity: fill.quantity, lot: null, eta: promise.eta });
      perOrder.set(fill.orderId, entry);
    }
    for (const load of plan.loads) {
      if (load.quantity > 0) await tx.execute(sql`update incoming_loads set quantity = ${load.quantity} where id = ${load.id}`);
      else await tx.execute(sql`delete from incoming_loads where id = ${load.id}`);
    }
  }
  await syncOnOrderWithLoads(tx, plans.map((p) => p.productId));
  const emails = await repo.emailsOf(tx, [...new Set([...perOrder.values()].flatMap((o) => (o.userId === null ? [] : [o.userId])))]);
  for (const [orderId, entry] of perOrder) {
    const to = entry.userId === null ? undefined : emails.get(entry.userId);
    if (to) await mail.outbox.enqueue(arrivalEmail(mail.from, to, orderId, entry.items), tx);
  }
  return plans;
}
