import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, productsResponse } from '@common/contracts/products';
import { api } from '@client/lib/api-client';

export const productsQueryKey = ['/api/products'] as const;

/** Spec §9: the products cache lasts 5 minutes and the call is retried 3 times. */
export const PRODUCTS_STALE_TIME = 5 * 60 * 1000;

export async function getProducts(): Promise<Product[]> {
  // 'no-cache': the browser revalidates its copy with the ETag; an unchanged catalogue is a 304.
  return api.get<z.output<typeof productsResponse>>('/api/products', { cache: 'no-cache' });
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productsQueryKey, queryFn: getProducts, staleTime: PRODUCTS_STALE_TIME, retry: 3 });

/** `enabled: false` holds the request back (the catalogue pages wait for their first paint, ADR 0152). */
export function useProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(), enabled });
}
