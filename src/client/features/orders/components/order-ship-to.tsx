import type { OrderView } from '@common/contracts/orders';
import { SHIP_TO_MESSAGES, shipToLines } from '@common/domain/ship-to';

/**
 * Where a shipped order goes, one line each (docs/decisions/0210): the parts as placed, else the
 * text a dealer typed; an order shipped before ship-tos were recorded says so.
 */
export function OrderShipTo({ order }: { order: Pick<OrderView, 'shipTo' | 'shipToAddress'> }) {
  const lines = order.shipToAddress ? shipToLines(order.shipToAddress) : order.shipTo ? order.shipTo.split('\n') : [];
  if (lines.length === 0) return <span className="text-muted-foreground">{SHIP_TO_MESSAGES.noneRecorded}</span>;
  return (
    <address className="not-italic" data-testid="order-ship-to">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
