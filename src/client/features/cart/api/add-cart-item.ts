import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCartItemBody, cartItemResponse, CartItemResponse } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { idempotent } from '@client/lib/idempotency-key';

/** POST /api/carts/{id}/items: adds to the line's quantity when the product is already there. */
export async function addCartItem({ cartId, ...body }: AddCartItemBody & { cartId: number }): Promise<CartItemResponse> {
  return await api.post<z.output<typeof cartItemResponse>>(`/api/carts/${cartId}/items`, body, idempotent('cart-add'));
}

export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['add-cart-item'],
    mutationFn: addCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
