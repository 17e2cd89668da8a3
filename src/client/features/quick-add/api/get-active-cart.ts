import { useQuery } from '@tanstack/react-query';
import { cartsResponse } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';

/** GET /api/carts under its path as key, shared with the cart screens. */
export const cartsQueryKey = ['/api/carts'] as const;

/** The active cart quick add fills. */
export function useActiveCart() {
  return useQuery({
    queryKey: cartsQueryKey,
    queryFn: async () => cartsResponse.parse(await api.get<unknown>('/api/carts')),
    select: (carts) => carts.find((c) => c.isActive) ?? null,
  });
}
