import { queryOptions, useQuery } from '@tanstack/react-query';
import { productsResponse, type Product } from '@common/contracts/products';
import { api } from '@client/lib/api-client';

/** GET /api/products under its path as key: the catalogue screens use the same entry, so it loads once. */
export const productsQueryKey = ['/api/products'] as const;

export async function getProducts(): Promise<Product[]> {
  return productsResponse.parse(await api.get<unknown>('/api/products', { cache: 'no-cache' }));
}

/** Spec §9: cached 5 minutes, retried 3 times (the catalogue's own settings). */
export function useProducts() {
  return useQuery(queryOptions({ queryKey: productsQueryKey, queryFn: getProducts, staleTime: 5 * 60 * 1000, retry: 3 }));
}
