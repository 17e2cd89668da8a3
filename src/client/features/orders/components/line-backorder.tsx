import type { OrderView } from '@common/contracts/orders';
import { BACKORDER_SHIPPING_LABELS } from '@common/domain/backorders';
import { formatMonthDay } from '@common/domain/format-date';

/**
 * An order line's backordered part (docs/decisions/0238): "3 now, 47 about Dec 20 (on vessel)", how it
 * ships, and when a load slipped, the date first promised.
 */
export function LineBackorder({ item }: { item: OrderView['items'][number] }) {
  const backorder = item.backorder;
  if (!backorder) return null;
  const slipped = backorder.later.filter((p) => p.state === 'allocated' && p.eta !== p.promisedEta);
  return (
    <span className="nums mt-0.5 block text-xs font-normal" data-testid="order-line-backorder">
      <span className="font-medium text-foreground">{backorder.text}</span>
      <span className="block text-muted-foreground">{BACKORDER_SHIPPING_LABELS[backorder.shipping]}</span>
      {slipped.map((p, i) => (
        <span key={i} className="block text-warning">
          Load moved from {formatMonthDay(p.promisedEta)} to {formatMonthDay(p.eta)}
        </span>
      ))}
    </span>
  );
}
