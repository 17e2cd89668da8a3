import type { QueryClient } from '@tanstack/react-query';
import { productsQueryKey } from './get-products';

/**
 * An order lowers the stock of every SKU it takes (docs/decisions/0207-one-stock-rule-at-placement.md),
 * so after one the catalogue (the stock page's levels) and every SKU's availability are read again.
 */
export function refreshStockAfterOrder(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productsQueryKey }),
    queryClient.invalidateQueries({ predicate: (query) => /^\/api\/products\/\d+\/availability$/.test(String(query.queryKey[0])) }),
  ]);
}
