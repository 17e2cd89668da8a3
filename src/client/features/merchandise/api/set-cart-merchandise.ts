import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchandiseQuantitiesResponse } from '@common/contracts/carts';
import type { MerchandiseItem } from '@common/contracts/merchandise';
import { api } from '@client/lib/api-client';
import { applyToCachedCart, CART_MERCHANDISE_MUTATION, refreshWhenIdle } from '../lib/cart-merchandise-cache';

interface Variables {
  cartId: number;
  item: MerchandiseItem;
  quantity: number;
}

/** PUT /api/carts/{id}/merchandise/{type}/{code}: a typed quantity; 0 removes the entry (spec §4). */
export async function setCartMerchandise({ cartId, item, quantity }: Variables) {
  return merchandiseQuantitiesResponse.parse(
    await api.put<unknown>(`/api/carts/${cartId}/merchandise/${item.type}/${encodeURIComponent(item.code)}`, { quantity }),
  );
}

export function useSetCartMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MERCHANDISE_MUTATION,
    mutationFn: setCartMerchandise,
    onMutate: ({ cartId, item, quantity }) => applyToCachedCart(queryClient, cartId, [item], () => quantity),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}
