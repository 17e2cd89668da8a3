import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItemResponse } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { patchCachedCart } from '../lib/cart-cache';
import { cartsQueryKey } from '@client/api/get-carts';

interface Variables {
  cartId: number;
  itemId: number;
  quantity: number;
}

/** PATCH /api/carts/{id}/items/{itemId}. */
export async function updateCartItem({ cartId, itemId, quantity }: Variables): Promise<CartItemResponse> {
  return await dataOf(api.PATCH('/api/carts/{id}/items/{itemId}', { params: { path: { id: cartId, itemId } }, body: { quantity } }));
}

/** Optimistic: the number changes at once (docs/ui-rules.md: answer within 100 ms); the server's answer follows. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-cart-item'],
    mutationFn: updateCartItem,
    onMutate: ({ cartId, itemId, quantity }) =>
      patchCachedCart(queryClient, cartId, (cart) => ({
        ...cart,
        items: cart.items.map((i) => (i.id === itemId ? { ...i, quantity } : i)),
      })),
    onError: (_error, _variables, restore) => restore?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
