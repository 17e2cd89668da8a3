import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@common/contracts/products';
import { decodeCatalogueColumns } from '@common/domain/catalogue-columns';
import { api } from '@client/lib/api-client';
import { parseCatalogueColumns, startColumnsParser } from './parse-catalogue-columns';

export const productsQueryKey = ['/api/products'] as const;

/**
 * The address the browser reads the catalogue from: GET /api/products as columns (ADR 0188),
 * less than half the JSON to parse. The server preloads it on /stock (first-requests.ts).
 */
export const CATALOGUE_COLUMNS_PATH = '/api/products/columns';

/** Spec §9: the products cache lasts 5 minutes and the call is retried 3 times. */
export const PRODUCTS_STALE_TIME = 5 * 60 * 1000;

/**
 * The catalogue, read as bytes and parsed in a worker (ADR 0198): at 50,000 products the ~10 MB of
 * JSON cost the page's thread more than everything else before the first rows. The page's thread
 * only builds the product objects from the parsed columns.
 */
export async function getProducts(): Promise<Product[]> {
  const parser = startColumnsParser();
  try {
    // 'no-cache': the browser revalidates its copy with the ETag; an unchanged catalogue is a 304.
    const bytes = await api.getBytes(CATALOGUE_COLUMNS_PATH, { cache: 'no-cache' });
    return decodeCatalogueColumns(await parseCatalogueColumns(bytes, parser));
  } catch (error) {
    parser?.terminate();
    throw error;
  }
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productsQueryKey, queryFn: getProducts, staleTime: PRODUCTS_STALE_TIME, retry: 3 });

/** `enabled: false` holds the request back (the catalogue pages wait for their first paint, ADR 0152). */
export function useProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(), enabled });
}
