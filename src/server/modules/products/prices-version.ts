import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * What a company's contract prices were computed from, as a text that changes whenever they may have
 * (docs/decisions/0232): the price lists (latest `updated_at` and how many), the assignments (a digest:
 * the table is a few hundred rows) and the company's price group.
 *
 * A stand-in until the price-list module exports `pricesVersion(db)`: it reads that module's tables,
 * so it relies on the module moving `price_lists.updated_at` in the transaction that changes a list's
 * entries. app.ts hands this in; swap in the module's reading when it lands.
 */
export async function readPricesVersion(db: DbOrTx, companyId: number): Promise<string> {
  const result = await db.execute<{ v: string } & Record<string, unknown>>(sql`
    SELECT concat_ws('/',
      (SELECT coalesce(max(updated_at)::text, '-') || ':' || count(*) FROM price_lists),
      (SELECT md5(coalesce(string_agg(concat_ws(',', id, price_list_id, company_id, price_group, priority), ';' ORDER BY id), ''))
         FROM price_list_assignments),
      (SELECT coalesce(price_group, '-') FROM companies WHERE id = ${companyId})) AS v`);
  return result.rows[0]?.v ?? '';
}
