import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import type { OrderView, PlaceOrderBody } from '@common/contracts/orders';
import { PRICE_MESSAGES } from '@common/domain/seen-prices';
import { errorMessage } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { toast } from '@client/components/ui/use-toast';
import { newOrderKey, usePlaceOrder } from '../api/place-order';
import { priceChangesOf, type PriceChanges } from './prices-changed';
import { lineRefusalsOf, type LineRefusal } from './lot-conflicts';

/**
 * Order submission (idle, pending, success, error) for both checkouts:
 * one Idempotency-Key per checkout, kept across retries and double clicks and
 * renewed after a success; the spec error toast on failure. A 409 "Prices changed"
 * (docs/decisions/0206) keeps its figures for the screen to show beside the lines and
 * reloads the cart, so the next Place Order sends the new prices knowingly. A 409 naming lines
 * (`errors[].path` "items.<productId>") keeps them for the screen to show on those lines (docs/decisions/0209).
 */
export function useCheckout(onPlaced: (order: OrderView) => void, cart?: CartView) {
  const place = usePlaceOrder();
  const queryClient = useQueryClient();
  const idempotencyKey = useRef(newOrderKey());
  const [priceChanges, setPriceChanges] = useState<PriceChanges | null>(null);
  const [lineRefusals, setLineRefusals] = useState<ReadonlyMap<number, LineRefusal>>(new Map());
  const submit = (body: PlaceOrderBody) => {
    if (place.isPending) return;
    setLineRefusals(new Map());
    place.mutate(
      { body, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (order) => {
          idempotencyKey.current = newOrderKey();
          setPriceChanges(null);
          onPlaced(order);
        },
        onError: (error) => {
          const changes = priceChangesOf(error);
          if (changes) {
            setPriceChanges(changes);
            void queryClient.refetchQueries({ queryKey: cartsQueryKey });
            toast({ title: PRICE_MESSAGES.changed, description: 'Nothing was ordered. The new prices are shown beside each line.', variant: 'warning' });
            return;
          }
          // docs/decisions/0209: lines the lots (or the stock) could no longer fill are shown on those
          // lines and beside Place Order, not in a toast over the form; their lots are read again.
          const refusals = cart ? lineRefusalsOf(error, cart) : null;
          if (refusals) {
            // Shown once the lots are read again, so the line's fixes match what is left now.
            void queryClient.refetchQueries({ queryKey: cartsQueryKey }).finally(() => setLineRefusals(refusals));
            return;
          }
          toast({ title: 'Error submitting order', description: errorMessage(error, 'Failed to submit order'), variant: 'destructive' });
        },
      },
    );
  };
  return { submit, isPending: place.isPending, isSuccess: place.isSuccess, priceChanges, lineRefusals };
}
