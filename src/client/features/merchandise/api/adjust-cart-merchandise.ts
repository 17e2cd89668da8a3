import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { merchandiseQuantitiesResponse } from '@common/contracts/carts';
import { api } from '@client/lib/api-client';
import { applyToCachedCart, CART_MERCHANDISE_MUTATION, refreshWhenIdle, type CartMerchandiseRef } from '@client/api/cart-merchandise-cache';
import { idempotent } from '@client/lib/idempotency-key';

interface Variables {
  cartId: number;
  items: readonly CartMerchandiseRef[];
  delta: number;
}

/** POST /api/carts/{id}/merchandise/adjust: +1 / -1 and +1 All / -1 All, atomic on the server. */
export async function adjustCartMerchandise({ cartId, items, delta }: Variables) {
  return await api.post<z.output<typeof merchandiseQuantitiesResponse>>(
    `/api/carts/${cartId}/merchandise/adjust`,
    { type: items[0]?.type, codes: items.map((item) => item.code), delta },
    idempotent('cart-adjust'),
  );
}

export function useAdjustCartMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MERCHANDISE_MUTATION,
    mutationFn: adjustCartMerchandise,
    onMutate: ({ cartId, items, delta }) => applyToCachedCart(queryClient, cartId, items, (current) => current + delta),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}
