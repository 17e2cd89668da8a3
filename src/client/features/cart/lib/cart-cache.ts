import type { QueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import { cartTotalItems } from '@common/domain/cart-rules';
import { cartsQueryKey } from '@client/api/get-carts';

/**
 * Applies a change to one cached cart at once (optimistic update) and returns
 * a function that puts the previous carts back if the server refuses.
 */
export async function patchCachedCart(
  queryClient: QueryClient,
  cartId: number,
  change: (cart: CartView) => CartView,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: cartsQueryKey });
  const previous = queryClient.getQueryData<CartView[]>(cartsQueryKey);
  if (previous) {
    queryClient.setQueryData<CartView[]>(
      cartsQueryKey,
      previous.map((cart) => {
        if (cart.id !== cartId) return cart;
        const next = change(cart);
        return { ...next, totalItems: cartTotalItems(next) };
      }),
    );
  }
  return () => queryClient.setQueryData(cartsQueryKey, previous);
}
