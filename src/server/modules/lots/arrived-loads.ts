import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * A load has arrived when the lots of its SKU now hold its lot code with boxes in stock
 * (docs/decisions/0207-one-stock-rule-at-placement.md): it is removed in the lots replacement's own
 * transaction, after the lots are written, so the same boxes are never both on hand and incoming.
 * The incoming loads' statement trigger then lowers the SKU's quantity on order (migration 0017), and
 * the stock row's "arriving" text and the availability answer no longer count it. Loads without a lot
 * code cannot be matched and stay until the next incoming file. Returns how many loads arrived.
 */
export async function removeArrivedLoads(tx: Tx, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await tx.execute(sql`
    delete from incoming_loads i
    where i.product_id = any(${sql.param([...productIds])}::integer[])
      and i.lot is not null
      and exists (select 1 from product_lots l where l.product_id = i.product_id and l.lot = i.lot and l.quantity > 0)`);
  return result.rowCount ?? 0;
}
