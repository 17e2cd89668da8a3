import { useRef } from 'react';
import type { OrderView, PlaceOrderBody } from '@common/contracts/orders';
import { errorMessage } from '@client/lib/api-client';
import { toast } from '@client/components/ui/use-toast';
import { newOrderKey, usePlaceOrder } from '../api/place-order';

/**
 * Spec §4 order submission (idle, pending, success, error) for both checkouts:
 * one Idempotency-Key per checkout, kept across retries and double clicks and
 * renewed after a success; the spec §8 error toast on failure.
 */
export function useCheckout(onPlaced: (order: OrderView) => void) {
  const place = usePlaceOrder();
  const idempotencyKey = useRef(newOrderKey());
  const submit = (body: PlaceOrderBody) => {
    if (place.isPending) return;
    place.mutate(
      { body, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (order) => {
          idempotencyKey.current = newOrderKey();
          onPlaced(order);
        },
        onError: (error) =>
          toast({ title: 'Error submitting order', description: errorMessage(error, 'Failed to submit order'), variant: 'destructive' }),
      },
    );
  };
  return { submit, isPending: place.isPending, isSuccess: place.isSuccess };
}
