import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartProduct } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { patchCachedCart } from '../lib/cart-cache';
import { cartsQueryKey } from '@client/api/get-carts';
import { lineWritesQueue, sendOrQueueLine } from '@client/api/offline-cart-writes';

interface Variables {
  cartId: number;
  itemId: number;
  /** The line's product: a rep's removal waits on the device by product (docs/decisions/0239). */
  productId: number;
  product?: CartProduct;
}

/** DELETE /api/carts/{id}/items/{itemId}; a rep with no network queues it in field mode's outbox (docs/decisions/0239). */
export async function removeCartItem({ cartId, itemId, productId, product }: Variables): Promise<void> {
  await sendOrQueueLine(
    { kind: 'remove', productId, product },
    () => dataOf(api.DELETE('/api/carts/{id}/items/{itemId}', { params: { path: { id: cartId, itemId } } })),
    { deviceOnly: itemId < 0 },
  );
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['remove-cart-item'],
    mutationFn: removeCartItem,
    networkMode: lineWritesQueue() ? 'offlineFirst' : 'online',
    onMutate: ({ cartId, itemId }) =>
      patchCachedCart(queryClient, cartId, (cart) => ({ ...cart, items: cart.items.filter((i) => i.id !== itemId) })),
    onError: (_error, _variables, restore) => restore?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
