import type { AllocationView } from '@common/contracts/lots';
import { allocateLine, LOT_MESSAGES } from '@common/domain/lots';
import { placeHold, QUOTE_MESSAGES, recountHeldLot } from '@common/domain/quotes';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { lockLotsForOrder } from './repository';
import { syncStockWithLots } from './sync-sums';

/*
 * Lot holds (docs/decisions/0236-lot-holds.md). A hold's boxes leave product_lots.quantity (the boxes
 * anyone can have) when it is placed and come back when it ends, so the stock row, availability and
 * allocation of everyone else read what is free without knowing holds exist. The lot's row is locked
 * by the UPDATE that takes the boxes, so parallel holds on one lot queue on it and each reads what the
 * previous one left: never more held than was there, never a negative lot.
 */

export interface HoldView {
  quoteLineId: number;
  lotId: number;
  lot: string;
  quantity: number;
  expiresAt: string;
}

/** Places (or replaces) the hold of one quote line: `boxes` of lot `lotId` of SKU `productId` until `expiresAt`. */
export async function holdLot(
  tx: DbOrTx,
  hold: { quoteLineId: number; productId: number; lotId: number; boxes: number; expiresAt: Date },
): Promise<HoldView> {
  await releaseHolds(tx, [hold.quoteLineId]);
  const taken = await tx.execute(sql`
    update product_lots set quantity = quantity - ${hold.boxes}, updated_at = now()
    where id = ${hold.lotId} and product_id = ${hold.productId} and quantity >= ${hold.boxes} and ${hold.boxes} > 0
    returning lot`);
  const row = taken.rows[0] as { lot: string } | undefined;
  if (!row) {
    const lot = (await tx.execute(sql`select lot, quantity from product_lots where id = ${hold.lotId} and product_id = ${hold.productId}`)).rows[0] as
      | { lot: string; quantity: number }
      | undefined;
    if (!lot) throw new HttpError(400, QUOTE_MESSAGES.holdNotOwnSku, [{ path: 'lotId', message: QUOTE_MESSAGES.holdNotOwnSku }]);
    const decision = placeHold(lot.quantity, hold.boxes);
    const message = decision.ok ? QUOTE_MESSAGES.holdShort(lot.lot, lot.quantity, hold.boxes) : QUOTE_MESSAGES.holdShort(lot.lot, decision.free, hold.boxes);
    throw new HttpError(409, message, [{ path: 'lotId', message }]);
  }
  await tx.execute(sql`
    insert into lot_holds (lot_id, quote_line_id, quantity, expires_at)
    values (${hold.lotId}, ${hold.quoteLineId}, ${hold.boxes}, ${hold.expiresAt.toISOString()}::timestamptz)`);
  await syncStockWithLots(tx, [hold.productId]);
  return { quoteLineId: hold.quoteLineId, lotId: hold.lotId, lot: row.lot, quantity: hold.boxes, expiresAt: hold.expiresAt.toISOString() };
}

/** Ends the holds of some quote lines: their boxes go back to their lots. Answers the SKUs whose stock rose. */
export async function releaseHolds(tx: DbOrTx, quoteLineIds: readonly number[]): Promise<number[]> {
  if (quoteLineIds.length === 0) return [];
  // Their lots locked in id order first, as every writer of lots takes them (ADR 0185): no deadlock with an order.
  await tx.execute(sql`
    select id from product_lots where id in (select lot_id from lot_holds where quote_line_id = any(${sql.param([...quoteLineIds])}::integer[]))
    order by id for update`);
  return giveBack(tx, sql`delete from lot_holds where quote_line_id = any(${sql.param([...quoteLineIds])}::integer[]) returning lot_id, quantity`);
}

/** The statement that deletes holds (returning lot_id, quantity), and their boxes back on their lots in the same statement. */
async function giveBack(tx: DbOrTx, deleting: ReturnType<typeof sql>): Promise<number[]> {
  const result = await tx.execute(sql`
    with gone as (${deleting}),
    per_lot as (select lot_id, sum(quantity)::integer as quantity from gone group by lot_id)
    update product_lots l set quantity = l.quantity + p.quantity, updated_at = now()
    from per_lot p where l.id = p.lot_id and p.quantity > 0
    returning l.product_id`);
  const skus = [...new Set((result.rows as { product_id: number }[]).map((r) => r.product_id))];
  await syncStockWithLots(tx, skus);
  return skus;
}

/** Moves a hold's end (an admin's extension); the 90-day check counts from now (docs/decisions/0236). */
export async function extendHold(tx: DbOrTx, quoteLineId: number, expiresAt: Date): Promise<void> {
  await tx.execute(sql`update lot_holds set placed_at = now(), expires_at = ${expiresAt.toISOString()}::timestamptz where quote_line_id = ${quoteLineId}`);
}

/** Every hold past its end, released in one statement: the quote lines they were for. */
export async function expireHolds(tx: DbOrTx, now: Date): Promise<{ quoteLineIds: number[]; skus: number[] }> {
  const lines = await tx.execute(sql`select quote_line_id from lot_holds where expires_at <= ${now.toISOString()}::timestamptz order by id for update`);
  const quoteLineIds = (lines.rows as { quote_line_id: number }[]).map((r) => r.quote_line_id);
  return { quoteLineIds, skus: await releaseHolds(tx, quoteLineIds) };
}

/** The holds of some quote lines, by line. */
export async function holdsOf(db: DbOrTx, quoteLineIds: readonly number[]): Promise<Map<number, HoldView>> {
  if (quoteLineIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select h.quote_line_id as "quoteLineId", h.lot_id as "lotId", l.lot, h.quantity, h.expires_at as "expiresAt"
    from lot_holds h join product_lots l on l.id = h.lot_id
    where h.quote_line_id = any(${sql.param([...quoteLineIds])}::integer[])`);
  return new Map(
    (result.rows as (Omit<HoldView, 'expiresAt'> & { expiresAt: Date | string })[]).map((r) => [
      r.quoteLineId,
      { ...r, expiresAt: new Date(r.expiresAt).toISOString() },
    ]),
  );
}

/** One line of an order from a quote: `fromHold` boxes of its hold, the rest from free stock. */
export interface HeldOrderLine {
  id: number;
  productId: number;
  productName: string;
  quantity: number;
  quoteLineId: number;
  fromHold: number;
}

/**
 * Allocation of an order drawn from a quote (docs/decisions/0236, 0237), in the order's transaction:
 * each line takes its hold's boxes first (already out of the lot, so only the hold shrinks), then the
 * rest as any order's mixed-lot line (ADR 0185). A line no lot can fill is a 409 and nothing is placed.
 * Lines of SKUs without lots get no allocation (the caller lowers their stock level).
 */
export async function allocateHeldOrder(tx: DbOrTx, order: { orderId: number; lines: readonly HeldOrderLine[] }): Promise<Map<number, AllocationView[]>> {
  const allocations = new Map<number, AllocationView[]>();
  const productIds = [...new Set(order.lines.map((l) => l.productId))].sort((a, b) => a - b);
  const lots = await lockLotsForOrder(tx, productIds);
  const free = new Map(lots.map((l) => [l.id, l.quantity]));
  const rows: { itemId: number; lotId: number; quantity: number }[] = [];
  const picks: { lotId: number; quantity: number }[] = [];
  for (const line of order.lines) {
    if (line.fromHold > 0) {
      const used = await tx.execute(sql`
        update lot_holds set quantity = quantity - ${line.fromHold}
        where quote_line_id = ${line.quoteLineId} and quantity >= ${line.fromHold}
        returning lot_id`);
      const held = used.rows[0] as { lot_id: number } | undefined;
      if (!held) throw new HttpError(409, QUOTE_MESSAGES.overQuote(line.productId, 0));
      rows.push({ itemId: line.id, lotId: held.lot_id, quantity: line.fromHold });
    }
    const rest = line.quantity - line.fromHold;
    const own = lots.filter((l) => l.productId === line.productId).map((l) => ({ id: l.id, lot: l.lot, quantity: free.get(l.id) ?? 0 }));
    if (rest <= 0 || (own.length === 0 && line.fromHold === 0)) continue;
    const result = allocateLine(own, rest, false);
    if (!result.ok) {
      const message = LOT_MESSAGES.placementRefused({ ...line, quantity: rest }, result);
      throw new HttpError(409, message, [{ path: `lines.${line.quoteLineId}`, message }]);
    }
    for (const pick of result.picks) {
      free.set(pick.lotId, (free.get(pick.lotId) ?? 0) - pick.quantity);
      picks.push(pick);
      rows.push({ itemId: line.id, lotId: pick.lotId, quantity: pick.quantity });
    }
  }
  if (rows.length === 0) return allocations;
  const facts = new Map(
    ((await tx.execute(sql`select id, lot, shade, caliber, warehouse from product_lots where id = any(${sql.param(rows.map((r) => r.lotId))}::integer[])`)).rows as {
      id: number;
      lot: string;
      shade: string | null;
      caliber: string | null;
      warehouse: string;
    }[]).map((l) => [l.id, l]),
  );
  await tx.execute(sql`
    with taken as (
      update product_lots l set quantity = l.quantity - t.quantity, updated_at = now()
      from (
        select id, sum(quantity) as quantity
        from unnest(${sql.param(picks.map((p) => p.lotId))}::integer[], ${sql.param(picks.map((p) => p.quantity))}::integer[]) as t(id, quantity)
        group by id
      ) t
      where l.id = t.id
    )
    insert into order_line_allocations (order_id, order_item_id, lot_id, lot, shade, caliber, warehouse, quantity)
    select ${order.orderId}, r.item_id, r.lot_id, l.lot, l.shade, l.caliber, l.warehouse, r.quantity
    from unnest(${sql.param(rows.map((r) => r.itemId))}::integer[], ${sql.param(rows.map((r) => r.lotId))}::integer[], ${sql.param(rows.map((r) => r.quantity))}::integer[])
      as r(item_id, lot_id, quantity)
    join product_lots l on l.id = r.lot_id`);
  for (const r of rows) {
    const lot = facts.get(r.lotId)!;
    const view = { lot: lot.lot, shade: lot.shade, caliber: lot.caliber, warehouse: lot.warehouse, quantity: r.quantity };
    allocations.set(r.itemId, [...(allocations.get(r.itemId) ?? []), view]);
  }
  await syncStockWithLots(tx, productIds);
  return allocations;
}

export interface HeldLotWarning {
  sku: number;
  lot: string;
  /** Boxes the file counts on the shelf (0 when the file leaves the lot out). */
  onShelf: number;
  held: number;
  /** The quotes holding the lot, as "Q-12 Harbor Lobby". */
  quotes: string[];
}

/**
 * The held lots of the listed SKUs that a lots file brings below their holds (or leaves out): the
 * preview's warning (docs/decisions/0236). The quotes are named by a read of the quotes tables: the
 * warning is about them, and the admin must know whose job loses its shade.
 */
export async function heldLotsShort(db: DbOrTx, skus: readonly number[], rows: readonly { productId: number; lot: string; quantity: number }[]): Promise<HeldLotWarning[]> {
  if (skus.length === 0) return [];
  const result = await db.execute(sql`
    select l.product_id as sku, l.lot, sum(h.quantity)::integer as held,
      array_agg(distinct 'Q-' || q.id || ' ' || q.project_name) as quotes
    from lot_holds h
    join product_lots l on l.id = h.lot_id
    join quote_lines ql on ql.id = h.quote_line_id
    join quotes q on q.id = ql.quote_id
    where l.product_id = any(${sql.param([...skus])}::integer[]) and h.quantity > 0
    group by l.product_id, l.lot order by l.product_id, l.lot`);
  const shelf = new Map(rows.map((r) => [`${r.productId}\u0000${r.lot}`, r.quantity]));
  return (result.rows as Omit<HeldLotWarning, 'onShelf'>[])
    .map((r) => ({ ...r, onShelf: shelf.get(`${r.sku}\u0000${r.lot}`) ?? 0 }))
    .filter((r) => r.onShelf < r.held);
}

/**
 * After a lots replacement wrote the file's counts (boxes on the shelf) into the listed SKUs' lots: each
 * held lot keeps its holds' boxes out of what is free, and holds the shelf no longer has are cut, newest
 * first (`recountHeldLot`). Answers each held lot with the quote lines whose holds were cut. The caller syncs the stock.
 */
export async function recountHolds(tx: DbOrTx, skus: readonly number[]): Promise<{ lotId: number; cutLines: number[] }[]> {
  if (skus.length === 0) return [];
  const result = await tx.execute(sql`
    select h.id, h.lot_id, h.quote_line_id, h.quantity, l.quantity as shelf
    from lot_holds h join product_lots l on l.id = h.lot_id
    where l.product_id = any(${sql.param([...skus])}::integer[])
    order by h.lot_id, h.id for update of h`);
  const byLot = new Map<number, { shelf: number; holds: { id: number; quantity: number; line: number }[] }>();
  for (const r of result.rows as { id: number; lot_id: number; quote_line_id: number; quantity: number; shelf: number }[]) {
    const entry = byLot.get(r.lot_id) ?? { shelf: r.shelf, holds: [] };
    entry.holds.push({ id: r.id, quantity: r.quantity, line: r.quote_line_id });
    byLot.set(r.lot_id, entry);
  }
  const recounted: { lotId: number; cutLines: number[] }[] = [];
  for (const [lotId, { shelf, holds }] of byLot) {
    const cutLines: number[] = [];
    const recount = recountHeldLot(shelf, holds);
    await tx.execute(sql`update product_lots set quantity = ${recount.free} where id = ${lotId}`);
    for (const h of recount.holds) {
      const before = holds.find((x) => x.id === h.id)!;
      if (h.quantity === before.quantity) continue;
      await tx.execute(sql`update lot_holds set quantity = ${h.quantity} where id = ${h.id}`);
      cutLines.push(before.line);
    }
    recounted.push({ lotId, cutLines });
  }
  return recounted;
}
