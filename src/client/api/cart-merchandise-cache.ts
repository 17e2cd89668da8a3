import type { QueryClient } from '@tanstack/react-query';
import type { CartMerchandiseEntry, CartView } from '@common/contracts/carts';
import { cartTotalItems, merchandiseList } from '@common/domain/cart-rules';
import { cartsQueryKey } from './get-carts';

/** Every merchandise-quantity change (set or adjust, from any screen) shares this key, so refreshWhenIdle sees them all. */
export const CART_MERCHANDISE_MUTATION = ['cart-merchandise'] as const;

/** What the cache needs to know of an entry: a catalogue item (merchandise screen) or a cart entry (cart screen). */
export type CartMerchandiseRef = Pick<CartMerchandiseEntry, 'type' | 'code' | 'name' | 'description' | 'line' | 'category' | 'handboardType'>;

function entryOf(item: CartMerchandiseRef, quantity: number): CartMerchandiseEntry {
  return {
    id: item.code,
    type: item.type,
    code: item.code,
    name: item.name,
    description: item.description,
    line: item.line,
    category: item.category,
    handboardType: item.handboardType,
    price: 0,
    quantity,
  };
}

/**
 * Moves the cached quantities of `items` at once. Each click changes only its own
 * entries from the current cache (never restores an older snapshot), so quick
 * clicks add up instead of overwriting one another.
 */
export async function applyToCachedCart(
  queryClient: QueryClient,
  cartId: number,
  items: readonly CartMerchandiseRef[],
  next: (current: number) => number,
): Promise<void> {
  if (items.length === 0) return;
  // A refetch started before this click would land without it; this click refetches when it settles.
  await queryClient.cancelQueries({ queryKey: cartsQueryKey });
  const key = merchandiseList(items[0]!.type).key;
  queryClient.setQueryData<CartView[]>(cartsQueryKey, (carts) =>
    carts?.map((cart) => {
      if (cart.id !== cartId) return cart;
      const byCode = new Map(cart[key].map((entry) => [entry.code, entry]));
      for (const item of items) {
        const quantity = Math.max(0, next(byCode.get(item.code)?.quantity ?? 0));
        if (quantity > 0) byCode.set(item.code, entryOf(item, quantity));
        else byCode.delete(item.code);
      }
      const changed = { ...cart, [key]: [...byCode.values()] };
      return { ...changed, totalItems: cartTotalItems(changed) };
    }),
  );
}

/** Refetches the carts once the last of a burst of clicks has settled, so a stale answer never overwrites newer clicks. */
export async function refreshWhenIdle(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating({ mutationKey: CART_MERCHANDISE_MUTATION }) <= 1) {
    await queryClient.invalidateQueries({ queryKey: cartsQueryKey });
  }
}
