import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';

/**
 * GET /api/carts/{id}/lots: each line of a SKU with lots, its one-lot switch and the
 * warning. The key starts with the carts key, so every cart change (which invalidates the carts
 * key) refreshes it too.
 */
export const cartLotsQueryKey = (cartId: number) => ['/api/carts', cartId, 'lots'] as const;

export function useCartLots(cartId: number, enabled: boolean) {
  return useQuery({
    queryKey: cartLotsQueryKey(cartId),
    queryFn: () => dataOf(api.GET('/api/carts/{id}/lots', { params: { path: { id: cartId } } })),
    enabled,
  });
}

/** PUT /api/carts/{id}/lots/{productId}: the line's one-lot switch; the answer is the cart's lots again. */
export function useSetCartLotChoice(cartId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, oneLot }: { productId: number; oneLot: boolean }) =>
      dataOf(api.PUT('/api/carts/{id}/lots/{productId}', { params: { path: { id: cartId, productId } }, body: { oneLot } })),
    onSuccess: (answer) => client.setQueryData(cartLotsQueryKey(cartId), answer),
  });
}
