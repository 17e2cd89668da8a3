import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { priceListAssignments, priceListEntries, priceLists } from '../schema';
import type { NewProduct } from './products';

/*
 * The demo's price lists (docs/decisions/0231-price-list-files-diff-and-version.md): a contract list
 * for Coastal Floors & Design (C-1001) with quantity breaks, and the gold and silver tiers. The
 * companies are the companies module's demo data; a company that is not there is not assigned.
 */

interface DemoList {
  code: string;
  name: string;
  validFrom: string | null;
  entries: { productId: number; minQuantity: number; price: string }[];
  assign: { accountNumber: string; priority: number } | { priceGroup: string; priority: number };
}

const off = (price: string, share: number) => (Math.round(Number(price) * (1 - share) * 100) / 100).toFixed(2);

export function demoPriceLists(catalogue: readonly NewProduct[]): DemoList[] {
  const priced = catalogue.filter((p): p is NewProduct & { price: string } => typeof p.price === 'string' && Number(p.price) > 0).sort((a, b) => a.id - b.id);
  const step = Math.max(1, Math.floor(priced.length / 40));
  const contractSkus = priced.filter((_, i) => i % step === 0).slice(0, 40);
  const contract = contractSkus.flatMap((p, i) => {
    const plain = { productId: p.id, minQuantity: 1, price: off(p.price, 0.12) };
    // A few pallet breaks: 100+ boxes pay a little less again.
    return i % 8 === 0 ? [plain, { productId: p.id, minQuantity: 100, price: off(p.price, 0.17) }] : [plain];
  });
  const tier = (share: number, every: number) => priced.filter((p) => p.id % every === 0).map((p) => ({ productId: p.id, minQuantity: 1, price: off(p.price, share) }));
  return [
    { code: 'CONTRACT-COASTAL', name: 'Contract 2026', validFrom: '2026-01-01', entries: contract, assign: { accountNumber: 'C-1001', priority: 10 } },
    { code: 'GOLD', name: 'Gold tier', validFrom: null, entries: tier(0.05, 2), assign: { priceGroup: 'gold', priority: 0 } },
    { code: 'SILVER', name: 'Silver tier', validFrom: null, entries: tier(0.03, 3), assign: { priceGroup: 'silver', priority: 0 } },
  ];
}

/** Inserts the lists not there yet, with their entries and assignments; run after the demo companies exist. */
export async function insertDemoPriceLists(tx: DbOrTx, catalogue: readonly NewProduct[], now: Date): Promise<void> {
  for (const list of demoPriceLists(catalogue)) {
    const [created] = await tx
      .insert(priceLists)
      .values({ code: list.code, name: list.name, validFrom: list.validFrom, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: priceLists.id });
    if (!created) continue;
    for (let start = 0; start < list.entries.length; start += 500) {
      await tx.insert(priceListEntries).values(list.entries.slice(start, start + 500).map((e) => ({ ...e, priceListId: created.id, updatedAt: now })));
    }
    if ('priceGroup' in list.assign) {
      await tx.insert(priceListAssignments).values({ priceListId: created.id, priceGroup: list.assign.priceGroup, priority: list.assign.priority, createdAt: now });
      continue;
    }
    const company = await tx.execute<{ id: number }>(sql`SELECT id FROM companies WHERE lower(account_number) = lower(${list.assign.accountNumber})`);
    const companyId = company.rows[0]?.id;
    if (companyId !== undefined) await tx.insert(priceListAssignments).values({ priceListId: created.id, companyId, priority: list.assign.priority, createdAt: now });
  }
}
