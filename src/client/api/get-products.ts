import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@common/contracts/products';
import { requestCatalogue, takeEarlyCatalogue } from './catalogue-request';

export const productsQueryKey = ['/api/products'] as const;

/** The products cache lasts 5 minutes and the call is retried 3 times. */
export const PRODUCTS_STALE_TIME = 5 * 60 * 1000;

let reader: (() => Promise<Product[]>) | undefined;

/** Field mode (docs/decisions/0227) reads a rep's catalogue through the copy on the device; undefined puts the network read back. */
export function setCatalogueReader(next: (() => Promise<Product[]>) | undefined): void {
  reader = next;
}

let preview: (() => { products: Product[]; total: number } | undefined) | undefined;

/**
 * Field mode's first rows for an offline start (docs/decisions/0234): the head of the rep's copy,
 * shown while the whole copy is read from the device; undefined when there is none.
 */
export function setCataloguePreview(next: typeof preview): void {
  preview = next;
}

export function cataloguePreview(): { products: Product[]; total: number } | undefined {
  return preview?.();
}

/** The catalogue: the read the portal's entry started on /stock (ADR 0200), else a new one. */
export function getProducts(): Promise<Product[]> {
  if (reader) return reader();
  return takeEarlyCatalogue() ?? requestCatalogue();
}

// 'offlineFirst': offline the read still runs once, so field mode can answer from the device (docs/decisions/0227).
export const productsQueryOptions = () =>
  queryOptions({ queryKey: productsQueryKey, queryFn: getProducts, staleTime: PRODUCTS_STALE_TIME, retry: 3, networkMode: 'offlineFirst' });

/** `enabled: false` holds the request back (the catalogue pages wait for their first paint, ADR 0152). */
export function useProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(), enabled });
}
