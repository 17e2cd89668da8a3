import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';

/** GET /api/carts (cart, merchandise, quick add, orders, dashboard). Queries GET their key path; every cart call invalidates it. */
export const cartsQueryKey = ['/api/carts'] as const;

/**
 * The first page of the caller's carts with their contents, active cart first. Without `limit` a page
 * holds every cart a user may keep (the cap, ADR 0179), so this one request is the whole list; it
 * stays query-free because the app page preloads `/api/carts` by that address (ADR 0152).
 */
export async function getCarts(): Promise<CartView[]> {
  return dataOf(api.GET('/api/carts'));
}

export const cartsQueryOptions = () => queryOptions({ queryKey: cartsQueryKey, queryFn: getCarts });

export function useCarts() {
  return useQuery(cartsQueryOptions());
}

function pickActive(carts: CartView[]): CartView | null {
  return carts.find((c) => c.isActive) ?? null;
}

/** The active cart (null when the server has none, which it repairs on the next load). */
export function useActiveCart() {
  return useQuery({ ...cartsQueryOptions(), select: pickActive });
}
