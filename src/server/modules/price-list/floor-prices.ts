import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The lowest price any price list gives each SKU, any break, any company or group: with the base
 * price it makes a quote line's floor (docs/decisions/0237, `floorPrice` in common/domain/quotes.ts).
 */
export async function lowestListPrices(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select product_id, min(price)::text as price from price_list_entries
    where product_id = any(${sql.param([...productIds])}::integer[]) group by product_id`);
  return new Map((result.rows as { product_id: number; price: string }[]).map((r) => [r.product_id, r.price]));
}
