import { useQuery } from '@tanstack/react-query';
import { cartsResponse, type CartView } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';

/** The same key as the cart feature's carts query (its GET path), so both share one cache entry. */
export const cartsQueryKey = ['/api/carts'] as const;

export async function getCarts(): Promise<CartView[]> {
  return cartsResponse.parse(await api.get<unknown>('/api/carts'));
}

/** The caller's active cart, whose merchandise quantities this screen edits. */
export function useActiveCart() {
  return useQuery({ queryKey: cartsQueryKey, queryFn: getCarts, select: (carts) => carts.find((c) => c.isActive) ?? null });
}
