import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * A load has arrived when the lots of its SKU now hold its lot code with boxes in stock
 * (docs/decisions/0207-one-stock-rule-at-placement.md): it is removed in the lots replacement's own
 * transaction, after the lots are written, so the same boxes are never both on hand and incoming.
 * The caller then lowers the SKUs' quantity on order (sync-sums.ts), and the stock row's "arriving"
 * text and the availability answer no longer count it. Loads without a lot code cannot be matched
 * and stay until the next incoming file. Returns the SKU of each load that arrived (one per load).
 */
export async function removeArrivedLoads(tx: Tx, productIds: readonly number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const result = await tx.execute(sql`
    delete from incoming_loads i
    where i.product_id = any(${sql.param([...productIds])}::integer[])
      and i.lot is not null
      and exists (select 1 from product_lots l where l.product_id = i.product_id and l.lot = i.lot and l.quantity > 0)
    returning i.product_id as id`);
  return (result.rows as { id: number }[]).map((r) => r.id);
}
