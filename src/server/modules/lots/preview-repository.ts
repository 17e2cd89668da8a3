import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { IncomingRow, LotRow } from './row-rules';

/**
 * What a lots or incoming preview saw, as one digest (ADR 0196): the listed SKUs' lots (loads),
 * every column, in a fixed order. The confirm computes it again under the replacement's locks and
 * applies only when it is the same; an order that allocated from one of those lots, a PUT or
 * another upload in between makes it differ. A row's text form tells NULL from an empty string.
 */
export async function lotsDigest(db: DbOrTx, kind: 'lots' | 'incoming', productIds: readonly number[]): Promise<string> {
  const ids = sql.param([...productIds]);
  const result =
    kind === 'lots'
      ? await db.execute(sql`
          select md5(coalesce(string_agg((product_id, lot, shade, caliber, warehouse, quantity)::text, E'\n' order by product_id, lot), '')) as digest
          from product_lots where product_id = any(${ids}::integer[])`)
      : await db.execute(sql`
          select md5(coalesce(string_agg((product_id, quantity, eta, stage, lot, reference)::text, E'\n'
            order by product_id, eta, stage, quantity, lot nulls first, reference nulls first), '')) as digest
          from incoming_loads where product_id = any(${ids}::integer[])`);
  return String((result.rows[0] as { digest: string }).digest);
}

/** A lot (load) as stored: the same fields a file's row carries. */
export type LotBefore = LotRow;
export type LoadBefore = IncomingRow;

/*
 * What the listed SKUs have now, for the comparison, in a fixed order so a preview lists alike:
 * one array parameter, so a 20,000-SKU file is one statement, not 20,000 bound values.
 */

export async function lotsBefore(db: DbOrTx, productIds: readonly number[]): Promise<LotBefore[]> {
  const result = await db.execute(sql`
    select product_id as "productId", lot, shade, caliber, warehouse,
      -- The shelf, as a file counts it: free boxes and held ones (docs/decisions/0236).
      quantity + coalesce((select sum(h.quantity)::integer from lot_holds h where h.lot_id = product_lots.id), 0) as quantity
    from product_lots where product_id = any(${sql.param([...productIds])}::integer[]) order by product_id, lot`);
  return result.rows as unknown as LotBefore[];
}

export async function loadsBefore(db: DbOrTx, productIds: readonly number[]): Promise<LoadBefore[]> {
  const result = await db.execute(sql`
    select product_id as "productId", quantity, to_char(eta, 'YYYY-MM-DD') as eta, stage, lot, reference
    from incoming_loads where product_id = any(${sql.param([...productIds])}::integer[]) order by product_id, eta, id`);
  return result.rows as unknown as LoadBefore[];
}
