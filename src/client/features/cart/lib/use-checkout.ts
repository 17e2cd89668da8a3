import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderView, PlaceOrderBody } from '@common/contracts/orders';
import { PRICE_MESSAGES } from '@common/domain/seen-prices';
import { errorMessage } from '@client/lib/api-client';
import { cartsQueryKey } from '@client/api/get-carts';
import { toast } from '@client/components/ui/use-toast';
import { newOrderKey, usePlaceOrder } from '../api/place-order';
import { priceChangesOf, type PriceChanges } from './prices-changed';

/**
 * Spec §4 order submission (idle, pending, success, error) for both checkouts:
 * one Idempotency-Key per checkout, kept across retries and double clicks and
 * renewed after a success; the spec §8 error toast on failure. A 409 "Prices changed"
 * (docs/decisions/0206) keeps its figures for the screen to show beside the lines and
 * reloads the cart, so the next Place Order sends the new prices knowingly.
 */
export function useCheckout(onPlaced: (order: OrderView) => void) {
  const place = usePlaceOrder();
  const queryClient = useQueryClient();
  const idempotencyKey = useRef(newOrderKey());
  const [priceChanges, setPriceChanges] = useState<PriceChanges | null>(null);
  const submit = (body: PlaceOrderBody) => {
    if (place.isPending) return;
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
          toast({ title: 'Error submitting order', description: errorMessage(error, 'Failed to submit order'), variant: 'destructive' });
        },
      },
    );
  };
  return { submit, isPending: place.isPending, isSuccess: place.isSuccess, priceChanges };
}
