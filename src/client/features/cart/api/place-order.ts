import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@common/domain/http-headers';
import { fromCents, lineTotalCents } from '@common/domain/money';
import type { CartView } from '@common/contracts/carts';
import type { OrderView, PlaceOrderBody } from '@common/contracts/orders';
import { api, dataOf } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { isOrdersQuery, orderQueryKey } from '@client/api/get-orders';
import { refreshStockAfterOrder } from '@client/api/stock-after-order';
import { newIdempotencyKey } from '@client/lib/idempotency-key';

/** The total a cart shows (CALL lines count 0), as the order summary adds it up. */
export function shownTotal(cart: CartView): string {
  return fromCents(cart.items.reduce((sum, i) => sum + (lineTotalCents(i.product.price, i.quantity) ?? 0), 0));
}

/**
 * The order payload from what the cart shows. The server rebuilds the order
 * from the cart and checks these lines against it. With `showsPrices` (a PO, whose
 * screen shows prices) each line carries the price on screen and the payload the total,
 * and the server refuses the order with 409 if they changed (docs/decisions/0206).
 */
export function orderPayload(
  cart: CartView,
  details: Pick<PlaceOrderBody, 'notes' | 'deliveryType' | 'requestedDate' | 'poReference' | 'shipTo'> = {},
  { showsPrices = false }: { showsPrices?: boolean } = {},
): PlaceOrderBody {
  const merchandise = (list: CartView['displays']) => list.map((m) => ({ code: m.code, quantity: m.quantity, name: m.name, price: 0 }));
  return {
    cartId: cart.id,
    items: cart.items.map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
      price: i.product.price,
      ...(showsPrices ? { seenPrice: i.product.price } : {}),
    })),
    ...(showsPrices ? { seenTotal: shownTotal(cart) } : {}),
    displays: merchandise(cart.displays),
    labels: cart.labels.map((l) => ({ id: l.code, quantity: l.quantity, line: l.line, name: l.name, price: 0 })),
    priceLists: merchandise(cart.priceLists),
    handboards: merchandise(cart.handboards),
    ...details,
  };
}

export async function placeOrder({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }): Promise<OrderView> {
  return await dataOf(api.POST('/api/orders', { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }));
}

/** A fresh key per checkout, kept across its retries (use-checkout.ts). */
export const newOrderKey = () => newIdempotencyKey('order');

/**
 * After an order: the carts, the orders lists and the stock are read again. A placed PO is deleted
 * (ADR 0189): its own queries (its lots) are not asked again, which answered 404 after every order,
 * but dropped once the carts are read again (docs/decisions/0208).
 */
async function refreshAfterOrder(queryClient: QueryClient, cartId: number | undefined): Promise<void> {
  const ofPlacedCart = (key: readonly unknown[]) => key[0] === cartsQueryKey[0] && key[1] === cartId;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cartsQueryKey, predicate: (q) => !ofPlacedCart(q.queryKey) }),
    // The orders list is refreshed after an order.
    queryClient.invalidateQueries({ predicate: (q) => isOrdersQuery(q.queryKey) }),
    refreshStockAfterOrder(queryClient),
  ]);
  // A sample order keeps its cart (emptied): its queries are read again instead.
  const kept = (queryClient.getQueryData<CartView[]>(cartsQueryKey) ?? []).some((c) => c.id === cartId);
  if (kept) await queryClient.invalidateQueries({ predicate: (q) => ofPlacedCart(q.queryKey) });
  else queryClient.removeQueries({ predicate: (q) => ofPlacedCart(q.queryKey) });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['place-order'],
    mutationFn: placeOrder,
    onSuccess: (order, { body }) => {
      // The confirmation page shows the order from this answer at once (the same orderView its GET
      // answers, which it still reads in the background), and nothing below holds up the move there:
      // Place Order to confirmation is timed by `npm run bench -- place-order` (docs/decisions/0209).
      void refreshAfterOrder(queryClient, body.cartId);
      queryClient.setQueryData(orderQueryKey(order.id), order);
    },
  });
}
