import type { AllocationView } from '@common/contracts/lots';
import type { DbOrTx } from '../../db/client';
import type { ProductsService } from '../products';

/** What placement asks of the products module for the stock rule. */
export type OrderStock = Pick<ProductsService, 'takeStock' | 'changed'>;

/**
 * One stock rule at placement (docs/decisions/0207-one-stock-rule-at-placement.md), in the order's
 * transaction after the lot allocation: every line the lots did not take (a SKU without lots) lowers
 * its SKU's stock level by its boxes. Sample orders too: their tiles leave the same warehouse and
 * were capped by the same level. Merchandise (displays, labels, price lists, handboards) has no
 * stock level. A line the locked level no longer holds is a 409 naming it and nothing is placed.
 * Returns whether any level changed, so the caller calls `stock.changed()` after commit.
 */
export async function lowerStockOfUnallocatedLines(
  tx: DbOrTx,
  stock: OrderStock,
  lines: readonly { id: number; productId: number; productName: string; quantity: number }[],
  allocations: ReadonlyMap<number, readonly AllocationView[]>,
): Promise<boolean> {
  const withoutLots = lines.filter((line) => (allocations.get(line.id)?.length ?? 0) === 0 && line.quantity > 0);
  return stock.takeStock(tx, withoutLots);
}
