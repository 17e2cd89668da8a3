import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { patchCachedCart } from '../lib/cart-cache';
import { cartsQueryKey } from '@client/api/get-carts';

interface Variables {
  cartId: number;
  itemId: number;
}

/** DELETE /api/carts/{id}/items/{itemId}. */
export async function removeCartItem({ cartId, itemId }: Variables): Promise<void> {
  await dataOf(api.DELETE('/api/carts/{id}/items/{itemId}', { params: { path: { id: cartId, itemId } } }));
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['remove-cart-item'],
    mutationFn: removeCartItem,
    onMutate: ({ cartId, itemId }) =>
      patchCachedCart(queryClient, cartId, (cart) => ({ ...cart, items: cart.items.filter((i) => i.id !== itemId) })),
    onError: (_error, _variables, restore) => restore?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
