import type { CartView } from '@common/contracts/carts';

/**
 * A rep's writes waiting on the device (field mode, docs/decisions/0239), as /cart needs them: the app
 * hands them in, since a feature never imports another.
 */
export interface DeviceCartWrites {
  /** The cart with the waiting writes played over it, the products they touch, and whether placing it waits. */
  apply(cart: CartView): { cart: CartView; waiting: ReadonlySet<number>; placing: boolean };
  /** Writes the server refused, kept for the rep's review on /field. */
  toReview: number;
  /** No network: checkout and Clear need it, so the page points to /field, which places offline. */
  offline: boolean;
}
