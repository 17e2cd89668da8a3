import { resolvePrice, type PriceCandidate, type ResolvedPrice } from '@common/domain/contract-prices';
import type { IsoDate } from '@common/domain/business-days';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/*
 * A dealer company's contract prices as the one rule reads them (docs/decisions/0229): every entry of
 * every list assigned to the company or to its price group, for the SKUs asked, in one statement.
 * Callers that charge (PO, checkout, order) pass their transaction, so the price checked is the price
 * written; callers that show pass the pool.
 */

interface CandidateRow extends Record<string, unknown> {
  product_id: number;
  list_code: string;
  list_name: string;
  scope: 'company' | 'group';
  priority: number;
  valid_from: string | null;
  valid_to: string | null;
  min_quantity: number;
  price: string;
}

/** Candidates per SKU for one company; `productIds` null reads every SKU its lists price. */
export async function priceCandidates(db: DbOrTx, companyId: number, productIds: readonly number[] | null): Promise<Map<number, PriceCandidate[]>> {
  const skuFilter = productIds === null ? sql`` : sql`AND e.product_id = ANY(${`{${productIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
  const result = await db.execute<CandidateRow>(sql`
    SELECT e.product_id, l.code AS list_code, l.name AS list_name,
           CASE WHEN a.company_id IS NOT NULL THEN 'company' ELSE 'group' END AS scope,
           a.priority, l.valid_from::text AS valid_from, l.valid_to::text AS valid_to, e.min_quantity, e.price::text AS price
    FROM price_list_assignments a
    JOIN price_lists l ON l.id = a.price_list_id
    JOIN price_list_entries e ON e.price_list_id = l.id
    WHERE (a.company_id = ${companyId}
           OR a.price_group = (SELECT c.price_group FROM companies c WHERE c.id = ${companyId}))
      ${skuFilter}`);
  const byProduct = new Map<number, PriceCandidate[]>();
  for (const row of result.rows) {
    const candidates = byProduct.get(row.product_id) ?? [];
    candidates.push({
      listCode: row.list_code,
      listName: row.list_name,
      scope: row.scope,
      priority: row.priority,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      minQuantity: row.min_quantity,
      price: row.price,
    });
    byProduct.set(row.product_id, candidates);
  }
  return byProduct;
}

export interface PriceLine {
  productId: number;
  quantity: number;
  /** The product's own price now (null = CALL). */
  basePrice: string | null;
}

/**
 * The price of each line for a company, in the order given; a null company (salespeople, admins, a
 * dealer not yet in a company) gets the base prices.
 */
export async function priceLines(db: DbOrTx, companyId: number | null, lines: readonly PriceLine[], today: IsoDate): Promise<ResolvedPrice[]> {
  const candidates = companyId === null || lines.length === 0 ? new Map<number, PriceCandidate[]>() : await priceCandidates(db, companyId, lines.map((l) => l.productId));
  return lines.map((line) =>
    resolvePrice({ basePrice: line.basePrice, candidates: candidates.get(line.productId) ?? [], quantity: line.quantity, today }),
  );
}
