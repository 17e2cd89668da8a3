import { useQuery } from '@tanstack/react-query';
import { cartsQueryOptions } from '@client/api/get-carts';

/**
 * How old the carts may be before the cart page or checkout reads them again (docs/decisions/0206).
 * Opening either page, or coming back to the window, refetches a copy older than this; a copy this
 * fresh (just loaded, or refetched after a write) is not asked for again, so there is no storm.
 */
export const CART_PRICES_STALE_MS = 5_000;

/** The carts as the cart page and checkout show them: prices refreshed on open and on window focus. */
export function useFreshCarts() {
  return useQuery({ ...cartsQueryOptions(), staleTime: CART_PRICES_STALE_MS, refetchOnMount: true, refetchOnWindowFocus: true });
}
