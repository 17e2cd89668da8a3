import type { Product } from '@common/contracts/products';
import { parseStockLevel } from '@common/domain/stock-level';
import { describeQuantity } from '@common/domain/units';
import { StockStateBadge } from './stock-state';

/**
 * A row's availability without opening it (comparing stock should not take a
 * click per row): the state's colour and word, and how many are in stock.
 */
export function StockCell({ product }: { product: Product }) {
  const availability = parseStockLevel(product.stockLevel);
  const amount = availability.quantity ? describeQuantity(availability.quantity, product).primary : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <StockStateBadge state={availability.kind} />
      {amount && <span className="nums text-sm text-muted-foreground">{amount}</span>}
    </span>
  );
}
