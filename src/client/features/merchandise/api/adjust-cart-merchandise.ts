import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { applyToCachedCart, CART_MERCHANDISE_MUTATION, refreshWhenIdle, type CartMerchandiseRef } from '@client/api/cart-merchandise-cache';
import { idempotent } from '@client/lib/idempotency-key';
import { queuedOffline } from '@client/api/offline-cart-writes';

interface Variables {
  cartId: number;
  items: readonly CartMerchandiseRef[];
  delta: number;
}

/** POST /api/carts/{id}/merchandise/adjust: +1 / -1 and +1 All / -1 All, atomic on the server. */
export async function adjustCartMerchandise({ cartId, items, delta }: Variables) {
  // One type per call: the entries of one group (the route refuses a body without it).
  const type = items[0]?.type;
  if (!type) throw new Error('No merchandise to adjust');
  // A rep with no network: queued on the device by field mode (docs/decisions/0234).
  const codes = items.map((item) => item.code);
  if (await queuedOffline({ type, codes, delta, label: items.length === 1 ? items[0]!.name : `${items.length} ${type}s` })) return null;
  return await dataOf(
    api.POST('/api/carts/{id}/merchandise/adjust', {
      params: { path: { id: cartId } },
      body: { type, codes, delta },
      ...idempotent('cart-adjust'),
    }),
  );
}

export function useAdjustCartMerchandise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MERCHANDISE_MUTATION,
    mutationFn: adjustCartMerchandise,
    // Offline it still runs, so field mode can queue it (docs/decisions/0234).
    networkMode: 'offlineFirst',
    onMutate: ({ cartId, items, delta }) => applyToCachedCart(queryClient, cartId, items, (current) => current + delta),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}
