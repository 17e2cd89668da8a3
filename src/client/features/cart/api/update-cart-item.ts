import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItemResponse, CartProduct } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { patchCachedCart } from '../lib/cart-cache';
import { cartsQueryKey } from '@client/api/get-carts';
import { lineWritesQueue, sendOrQueueLine } from '@client/api/offline-cart-writes';

interface Variables {
  cartId: number;
  itemId: number;
  quantity: number;
  /** The line's product: a rep's change waits on the device by product (docs/decisions/0239). */
  productId: number;
  product?: CartProduct;
}

/**
 * PATCH /api/carts/{id}/items/{itemId}. A rep with no network, or on a line that exists only on the
 * device (a negative id), queues it in field mode's outbox instead and gets null (docs/decisions/0239).
 */
export async function updateCartItem({ cartId, itemId, quantity, productId, product }: Variables): Promise<CartItemResponse | null> {
  return sendOrQueueLine(
    { kind: 'set', productId, quantity, product },
    () => dataOf(api.PATCH('/api/carts/{id}/items/{itemId}', { params: { path: { id: cartId, itemId } }, body: { quantity } })),
    { deviceOnly: itemId < 0 },
  );
}

/** Optimistic: the number changes at once (docs/ui-rules.md: answer within 100 ms); the server's answer follows. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-cart-item'],
    mutationFn: updateCartItem,
    // A rep's change runs offline too, so field mode can queue it (docs/decisions/0239).
    networkMode: lineWritesQueue() ? 'offlineFirst' : 'online',
    onMutate: ({ cartId, itemId, quantity }) =>
      patchCachedCart(queryClient, cartId, (cart) => ({
        ...cart,
        items: cart.items.map((i) => (i.id === itemId ? { ...i, quantity } : i)),
      })),
    onError: (_error, _variables, restore) => restore?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
