import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCartItemBody, CartItemResponse } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { idempotent } from '@client/lib/idempotency-key';

/** POST /api/carts/{id}/items: adds to the line's quantity when the product is already there. */
export async function addCartItem({ cartId, ...body }: AddCartItemBody & { cartId: number }): Promise<CartItemResponse> {
  return await dataOf(api.POST('/api/carts/{id}/items', { params: { path: { id: cartId } }, body, ...idempotent('cart-add') }));
}

export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['add-cart-item'],
    mutationFn: addCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
