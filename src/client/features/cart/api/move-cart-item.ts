import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveCartItemResponse } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';

/** POST /api/carts/{id}/items/{itemId}/move { toCartId }: the line goes to another of your POs (ADR 0190). */
export async function moveCartItem({ cartId, itemId, toCartId }: { cartId: number; itemId: number; toCartId: number }): Promise<MoveCartItemResponse> {
  return await dataOf(api.POST('/api/carts/{id}/items/{itemId}/move', { params: { path: { id: cartId, itemId } }, body: { toCartId } }));
}

export function useMoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['move-cart-item'],
    mutationFn: moveCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
