import type { OrderView } from '@common/contracts/orders';
import { formatPrice } from '@common/domain/money';
import { Fact } from './order-fact';
import { OrderShipTo } from './order-ship-to';

/*
 * The facts the order page and the confirmation page both show, written once so the two pages
 * cannot say different things about one order (docs/decisions/0208).
 */

/** A PO's name; a sample order has none: its cart's name is not one (docs/guide.md "Words we use"). */
export function PoNameFact({ order }: { order: OrderView }) {
  return order.kind === 'purchase' && order.cartName ? <Fact label="PO Name">{order.cartName}</Fact> : null;
}

/** Where a shipped order goes, or "No ship-to recorded" for one placed before addresses were (docs/decisions/0210). */
export function ShipToFact({ order }: { order: OrderView }) {
  if (!order.shipTo && order.deliveryType !== 'ship') return null;
  return (
    <Fact label="Ship To">
      <OrderShipTo order={order} />
    </Fact>
  );
}

/** A PO's total at the prices it was placed at (docs/decisions/0206); sample orders carry no prices. */
export function TotalFact({ order }: { order: OrderView }) {
  if (order.kind !== 'purchase') return null;
  return (
    <Fact label="Total">
      <span className="nums font-semibold">{formatPrice(order.total)}</span>
      {order.hasCallPrices && <span className="block text-xs text-muted-foreground">plus items priced on request (CALL)</span>}
    </Fact>
  );
}

/** The buyer's note, under the facts. */
export function OrderNotes({ order }: { order: OrderView }) {
  if (!order.notes) return null;
  return (
    <dl className="mt-4 border-t border-border pt-4">
      <Fact label="Notes">
        <span className="whitespace-pre-line">{order.notes}</span>
      </Fact>
    </dl>
  );
}
