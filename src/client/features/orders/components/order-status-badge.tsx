import { ORDER_STATUS_LABELS, type OrderStatus } from '@common/domain/order-status';
import { Badge } from '@client/components/ui/badge';

const VARIANT: Record<OrderStatus, 'default' | 'accent' | 'success' | 'warning' | 'destructive' | 'outline'> = {
  submitted: 'default',
  confirmed: 'accent',
  ready_for_pickup: 'warning',
  shipped: 'warning',
  completed: 'success',
  cancelled: 'destructive',
};

/** The status word, with a colour that only repeats it (docs/ui-rules.md: never colour alone). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={VARIANT[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
