import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCartItemBody, CartItemResponse, CartProduct } from '@common/contracts/carts';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { idempotent } from '@client/lib/idempotency-key';
import { lineWritesQueue, sendOrQueueLine } from '@client/api/offline-cart-writes';

/**
 * POST /api/carts/{id}/items: adds to the line's quantity when the product is already there. A rep with
 * no network (Undo of a removal on /cart) queues it in field mode's outbox and gets null (docs/decisions/0239).
 */
export async function addCartItem({ cartId, product, ...body }: AddCartItemBody & { cartId: number; product?: CartProduct }): Promise<CartItemResponse | null> {
  return sendOrQueueLine({ kind: 'add', productId: body.productId, quantity: body.quantity, product }, () =>
    dataOf(api.POST('/api/carts/{id}/items', { params: { path: { id: cartId } }, body, ...idempotent('cart-add') })),
  );
}

export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['add-cart-item'],
    mutationFn: addCartItem,
    networkMode: lineWritesQueue() ? 'offlineFirst' : 'online',
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartsQueryKey }),
  });
}
