import type { Product } from '@common/contracts/products';
import { stockQuantity, stockStateOf } from '@common/domain/stock-status';
import { describeQuantity } from '@common/domain/units';
import { StockStateBadge } from './stock-state';

/**
 * A row's availability without opening it (issue 12: comparing stock should not take a
 * click per row): the state's colour and word, and how many are in stock.
 */
export function StockCell({ product }: { product: Product }) {
  const state = stockStateOf(product.stockLevel);
  const count = stockQuantity(product.stockLevel);
  const amount = count !== null && count > 0 ? describeQuantity(count, product).primary : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <StockStateBadge state={state} />
      {amount && <span className="nums text-sm text-muted-foreground">{amount}</span>}
    </span>
  );
}
