import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { applyToCachedCart, CART_MERCHANDISE_MUTATION, refreshWhenIdle, type CartMerchandiseRef } from './cart-merchandise-cache';

export interface SetCartMerchandiseVariables {
  cartId: number;
  item: CartMerchandiseRef;
  quantity: number;
}

/** PUT /api/carts/{id}/merchandise/{type}/{code}: one entry's quantity; 0 removes it. */
export async function setCartMerchandise({ cartId, item, quantity }: SetCartMerchandiseVariables) {
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
    onMutate: ({ cartId, item, quantity }) => applyToCachedCart(queryClient, cartId, [item], () => quantity),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}
