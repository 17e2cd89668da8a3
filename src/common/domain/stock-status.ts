import { hasStockOnHand, parseStockLevel, type StockKind } from './stock-level';

/**
 * How stock levels are shown and filtered (stock row, row messages, colours).
 * The level itself is read by parseStockLevel (stock-level.ts), and only there.
 */

/** Stock status filter values. */
export const STOCK_STATUS_FILTERS = ['all', 'in_stock', 'special_order', 'fabrication', 'out_of_stock', 'on_order'] as const;
export type StockStatusFilter = (typeof STOCK_STATUS_FILTERS)[number];

export const STOCK_STATUS_FILTER_LABELS: Record<StockStatusFilter, string> = {
  all: 'All',
  in_stock: 'In Stock',
  special_order: 'Special Order',
  fabrication: 'Fabrication',
  out_of_stock: 'Out of Stock',
  on_order: 'On Order',
};

/**
 * Stock colour: 0 or less red (Out of Stock); 1 to 10 yellow; above 10 green;
 * Special Order orange; Fabrication yellow. docs/ui-rules.md: always paired with a word.
 */
export type StockTone = 'red' | 'yellow' | 'green' | 'orange';

export const STOCK_STATE_TONE: Record<StockKind, StockTone> = {
  out_of_stock: 'red',
  low_stock: 'yellow',
  in_stock: 'green',
  special_order: 'orange',
  fabrication: 'yellow',
};

/** The word that goes with the colour. */
export const STOCK_STATE_LABEL: Record<StockKind, string> = {
  out_of_stock: 'Out of Stock',
  low_stock: 'Low Stock',
  in_stock: 'In Stock',
  special_order: 'Special Order Only',
  fabrication: 'Fabrication Required',
};

/** Row messages. */
export const STOCK_ROW_MESSAGES = {
  special_order: 'This item is available by special order only',
  out_of_stock: 'This item is currently out of stock',
  fabrication: 'This item requires fabrication with a 2 week lead time',
} as const;

export function stockRowMessage(state: StockKind): string | null {
  if (state === 'special_order' || state === 'out_of_stock' || state === 'fabrication') return STOCK_ROW_MESSAGES[state];
  return null;
}

/** Does a product pass the stock status filter? on_order means something is on order with the factory. */
export function matchesStockStatus(
  filter: StockStatusFilter,
  product: { stockLevel: string; quantityOnOrder: number },
): boolean {
  if (filter === 'all') return true;
  if (filter === 'on_order') return product.quantityOnOrder > 0;
  const availability = parseStockLevel(product.stockLevel);
  if (filter === 'in_stock') return hasStockOnHand(availability);
  return availability.kind === filter;
}
