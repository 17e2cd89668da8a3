import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { patchCachedCart } from '../lib/cart-cache';
import { cartsQueryKey } from '@client/api/get-carts';

interface Variables {
  cartId: number;
  itemId: number;
}

/** DELETE /api/carts/{id}/items/{itemId}. */
export async function removeCartItem({ cartId, itemId }: Variables): Promise<void> {
  await api.delete(`/api/carts/${cartId}/items/${itemId}`);
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
