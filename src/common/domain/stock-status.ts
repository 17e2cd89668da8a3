/**
 * Stock levels and what they mean (spec §3 Product.stockLevel, §4 stock row, §9).
 * stockLevel is text: a whole number of boxes or pieces, or one of two words,
 * spelled exactly as below (the CSV import normalises other spellings to these).
 */
export const STOCK_SPECIAL_ORDER = 'Special Order Only';
export const STOCK_FABRICATION = 'Fabrication Required - 2 Week Lead';

/** Spec §9 stock status filter values. */
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

/** What a stock level says about availability. */
export type StockState = 'in_stock' | 'low_stock' | 'out_of_stock' | 'special_order' | 'fabrication';

/**
 * Spec §9 stock colour: 0 or less red (Out of Stock); 1 to 10 yellow; above 10 green;
 * Special Order orange; Fabrication yellow. UI.md: always paired with a word.
 */
export type StockTone = 'red' | 'yellow' | 'green' | 'orange';

export const LOW_STOCK_MAX = 10;

/** The number in a stock level, or null when it is one of the words (or unreadable). */
export function stockQuantity(stockLevel: string): number | null {
  const text = stockLevel.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

export function stockStateOf(stockLevel: string): StockState {
  const text = stockLevel.trim().toLowerCase();
  if (text === STOCK_SPECIAL_ORDER.toLowerCase() || text.includes('special order')) return 'special_order';
  if (text === STOCK_FABRICATION.toLowerCase() || text.includes('fabrication')) return 'fabrication';
  const quantity = stockQuantity(stockLevel);
  // An unreadable level cannot be promised to anyone: treat it as none.
  if (quantity === null || quantity <= 0) return 'out_of_stock';
  return quantity <= LOW_STOCK_MAX ? 'low_stock' : 'in_stock';
}

export const STOCK_STATE_TONE: Record<StockState, StockTone> = {
  out_of_stock: 'red',
  low_stock: 'yellow',
  in_stock: 'green',
  special_order: 'orange',
  fabrication: 'yellow',
};

/** The word that goes with the colour. */
export const STOCK_STATE_LABEL: Record<StockState, string> = {
  out_of_stock: 'Out of Stock',
  low_stock: 'Low Stock',
  in_stock: 'In Stock',
  special_order: 'Special Order Only',
  fabrication: 'Fabrication Required',
};

/** Spec §8 row messages. */
export const STOCK_ROW_MESSAGES = {
  special_order: 'This item is available by special order only',
  out_of_stock: 'This item is currently out of stock',
  fabrication: 'This item requires fabrication with a 2 week lead time',
} as const;

export function stockRowMessage(state: StockState): string | null {
  if (state === 'special_order' || state === 'out_of_stock' || state === 'fabrication') return STOCK_ROW_MESSAGES[state];
  return null;
}

/** Spec §4: items with stock '0' and Special Order Only items cannot be added; fabrication items can. */
export function canBeAdded(stockLevel: string): boolean {
  const state = stockStateOf(stockLevel);
  return state !== 'out_of_stock' && state !== 'special_order';
}

/** Does a product pass the stock status filter? on_order means something is on order with the factory. */
export function matchesStockStatus(
  filter: StockStatusFilter,
  product: { stockLevel: string; quantityOnOrder: number },
): boolean {
  if (filter === 'all') return true;
  if (filter === 'on_order') return product.quantityOnOrder > 0;
  const state = stockStateOf(product.stockLevel);
  if (filter === 'in_stock') return state === 'in_stock' || state === 'low_stock';
  return state === filter;
}

/** Spec §2 catalog badge: In Stock or Out of Stock, nothing in between. */
export function isInStock(stockLevel: string): boolean {
  const quantity = stockQuantity(stockLevel);
  return quantity !== null && quantity > 0;
}
