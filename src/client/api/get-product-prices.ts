import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductPrices } from '@common/contracts/product-prices';
import { api, dataOf } from '@client/lib/api-client';
import { PRODUCTS_STALE_TIME } from './get-products';

/** GET /api/products/prices: the dealer's price overlay on the catalogue (docs/decisions/0232). */
export const productPricesQueryKey = (companyId: number | null = null) =>
  companyId === null ? (['/api/products/prices'] as const) : (['/api/products/prices', { companyId }] as const);

/**
 * The signed-in dealer's prices, or (an admin) a chosen company's. Without a company the call has no
 * query string, so it takes the answer the app page preloaded for /stock (ADR 0152). 'no-cache': the
 * browser revalidates its copy with the ETag; unchanged prices cost a 304.
 */
export async function getProductPrices(companyId: number | null = null): Promise<ProductPrices> {
  const query = companyId === null ? undefined : { companyId };
  return dataOf(api.GET('/api/products/prices', { params: { query }, cache: 'no-cache' })) as Promise<ProductPrices>;
}

/** Kept as long as the catalogue, asked once per page load at most: never refetched on focus or per row. */
export const productPricesQueryOptions = (companyId: number | null = null) =>
  queryOptions({
    queryKey: productPricesQueryKey(companyId),
    queryFn: () => getProductPrices(companyId),
    staleTime: PRODUCTS_STALE_TIME,
    retry: 2,
  });

export function useProductPrices({ companyId = null, enabled = true }: { companyId?: number | null; enabled?: boolean } = {}) {
  return useQuery({ ...productPricesQueryOptions(companyId), enabled });
}
