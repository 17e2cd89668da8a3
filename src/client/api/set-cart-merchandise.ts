import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { queuedOffline } from './offline-cart-writes';
import { applyToCachedCart, CART_MERCHANDISE_MUTATION, refreshWhenIdle, type CartMerchandiseRef } from './cart-merchandise-cache';

export interface SetCartMerchandiseVariables {
  cartId: number;
  item: CartMerchandiseRef;
  quantity: number;
}

/** PUT /api/carts/{id}/merchandise/{type}/{code}: one entry's quantity; 0 removes it. */
export async function setCartMerchandise({ cartId, item, quantity }: SetCartMerchandiseVariables) {
  // A rep with no network: queued on the device by field mode (docs/decisions/0234).
  if (await queuedOffline({ type: item.type, codes: [item.code], quantity, label: item.name })) return null;
  return await dataOf(
    api.PUT('/api/carts/{id}/merchandise/{type}/{code}', { params: { path: { id: cartId, type: item.type, code: item.code } }, body: { quantity } }),
  );
}

/** Used by the cart screen (stepper, remove) and the merchandise screen (typed quantity): one optimistic update for both. */
export function useSetCartMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MERCHANDISE_MUTATION,
    mutationFn: setCartMerchandise,
    // Offline it still runs, so field mode can queue it (docs/decisions/0234).
    networkMode: 'offlineFirst',
    onMutate: ({ cartId, item, quantity }) => applyToCachedCart(queryClient, cartId, [item], () => quantity),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}
