import { formatPrice } from '@common/domain/money';
import type { PriceChanges } from '../lib/prices-changed';

/** Beside a line whose price moved since the buyer's view (docs/decisions/0206): "Price changed: $100.59 → $120.00". */
export function PriceChangeNote({ change }: { change: PriceChanges['lines'][number] }) {
  return (
    <p className="nums text-sm font-medium text-warning" data-testid="price-change">
      Price changed: <s>{formatPrice(change.oldPrice)}</s> → {formatPrice(change.newPrice)}
    </p>
  );
}
