import type { Product } from '@common/contracts/products';
import { parseStockLevel, type StockKind } from '@common/domain/stock-level';
import { STOCK_STATE_TONE } from '@common/domain/stock-status';
import { cn } from '@client/lib/utils';
import { TONE_TEXT } from './stock-state';

/** The short word beside a coloured SKU (docs/ui-rules.md: a colour always comes with a word). */
const SHORT_LABEL: Record<StockKind, string> = {
  in_stock: 'In stock',
  low_stock: 'Low',
  out_of_stock: 'Out',
  special_order: 'Special order',
  fabrication: 'Fabrication',
};

/**
 * An admin sees the SKU coloured by stock state when the stock filter
 * is all; everyone else sees it plain.
 */
export function SkuCell({ product, coloured }: { product: Product; coloured: boolean }) {
  if (!coloured) return <span className="nums">{product.id}</span>;
  const state = parseStockLevel(product.stockLevel).kind;
  const tone = TONE_TEXT[STOCK_STATE_TONE[state]];
  return (
    <span className="inline-flex items-baseline gap-1.5">
      <span className={cn('nums font-semibold', tone)}>{product.id}</span>{' '}
      <span className={cn('text-xs font-medium whitespace-nowrap', tone)}>{SHORT_LABEL[state]}</span>
    </span>
  );
}
