import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackorderShipping } from '@common/domain/backorders';
import { api, dataOf } from '@client/lib/api-client';

/**
 * GET /api/carts/{id}/backorders: the lines past the stock (or with incoming loads to pass it), their
 * split and shipping choice (docs/decisions/0238). Under the carts key, so every cart change refreshes it.
 */
export const cartBackordersQueryKey = (cartId: number) => ['/api/carts', cartId, 'backorders'] as const;

export const cartBackordersQueryOptions = (cartId: number) =>
  queryOptions({
    queryKey: cartBackordersQueryKey(cartId),
    queryFn: () => dataOf(api.GET('/api/carts/{id}/backorders', { params: { path: { id: cartId } } })),
  });

export function useCartBackorders(cartId: number, enabled: boolean) {
  return useQuery({ ...cartBackordersQueryOptions(cartId), enabled });
}

/** PUT /api/carts/{id}/backorders/{productId}: the line's shipping choice; the answer is the cart's backorders again. */
export function useSetBackorderShipping(cartId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, shipping }: { productId: number; shipping: BackorderShipping }) =>
      dataOf(api.PUT('/api/carts/{id}/backorders/{productId}', { params: { path: { id: cartId, productId } }, body: { shipping } })),
    onSuccess: (answer) => client.setQueryData(cartBackordersQueryKey(cartId), answer),
  });
}
