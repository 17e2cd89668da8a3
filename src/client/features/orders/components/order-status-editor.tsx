import { useState } from 'react';
import { isOneOf } from '@common/domain/one-of';
import { ORDER_STATUS_LABELS, orderNumber, type OrderStatus } from '@common/domain/order-status';
import { statusChoices } from '@common/domain/order-status-moves';
import { errorMessage } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { OrderStatusOptions } from './order-status-options';
import { toast, TOAST_DURATION } from '@client/components/ui/use-toast';
import { useUpdateOrderStatus } from '../api/update-order-status';

/**
 * Admins move an order through docs/product-decisions.md's statuses; the owner sees the change.
 * Only the legal moves are offered (ADR 0183); a final status shows no control at all.
 */
export function OrderStatusEditor({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const [next, setNext] = useState<OrderStatus>(status);
  const choices = statusChoices(status);
  const update = useUpdateOrderStatus();
  if (choices.length === 1) {
    return <p className="text-sm text-muted-foreground">{ORDER_STATUS_LABELS[status]} is final: this order's status can no longer change.</p>;
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2 print:hidden"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { id: orderId, status: next },
          {
            onSuccess: (order) =>
              toast({
                title: 'Order Updated',
                description: `Order ${orderNumber(order.id)} is now ${ORDER_STATUS_LABELS[order.status]}.`,
                duration: TOAST_DURATION.short,
              }),
            onError: (error) => toast({ title: 'Failed to update order', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
          },
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="order-status">Change status</Label>
        <NativeSelect id="order-status" className="w-48" value={next} onChange={(e) => isOneOf(choices, e.target.value) && setNext(e.target.value)}>
          <OrderStatusOptions statuses={choices} />
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={next === status} loading={update.isPending}>
        Save Status
      </Button>
    </form>
  );
}
