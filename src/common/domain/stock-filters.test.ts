import { describe, expect, it, vi } from 'vitest';
import {
  distinctValues,
  EMPTY_STOCK_FILTERS,
  filterProducts,
  isStockStatusFilter,
  naturalOrder,
  STOCK_FILTER_PARAMS,
  searchTextOf,
  skuBucketOf,
  skuBuckets,
  vocabularyOf,
  type FilterableProduct,
  type StockFilters,
} from './stock-filters';
import { STOCK_SPECIAL_ORDER } from './stock-level';

function product(id: number, fields: Partial<FilterableProduct> = {}): FilterableProduct {
  return {
    id,
    name: `Tile ${id}`,
    collection: 'Marble Collection',
    line: 'Calacatta Luxe',
    size: '12x24',
    color: 'White',
    finish: 'Matte',
    description: 'Porcelain floor tile',
    stockLevel: '100',
    quantityOnOrder: 0,
    ...fields,
  };
}

const catalogue = [
  product(1000),
  product(1001, { finish: 'Polished' }),
  product(1002, { size: '24x48', color: 'Grey', description: 'Large format with bold veining' }),
  product(1105, { line: 'Pietra Grey', color: 'Grey', stockLevel: '0', quantityOnOrder: 40 }),
  product(2001, { line: 'Travertino', size: 'Hexagon Mosaic', stockLevel: STOCK_SPECIAL_ORDER }),
];
// Built inside the tests, not when the file loads: a rule that throws must fail a test, not the file
// (Stryker counts only failed tests).
const texts = () => catalogue.map(searchTextOf);
const ids = (filters: Partial<StockFilters>) =>
  filterProducts(catalogue, texts, { ...EMPTY_STOCK_FILTERS, ...filters }, vocabularyOf(catalogue)).rows.map((p) => p.id);

describe('SKU range buckets', () => {
  it('groups SKUs by hundreds', () => {
    expect(skuBucketOf(100)).toBe('100-199');
    expect(skuBucketOf(199)).toBe('100-199');
    expect(skuBucketOf(1234)).toBe('1200-1299');
  });
  it('builds buckets only from the ids present, in order', () => {
    expect(skuBuckets([2001, 1000, 1105, 1001])).toEqual(['1000-1099', '1100-1199', '2000-2099']);
  });
});

describe('filtering the stock table', () => {
  it('shows everything without filters', () => {
    expect(ids({})).toEqual([1000, 1001, 1002, 1105, 2001]);
  });
  it('applies the dropdowns', () => {
    expect(ids({ line: 'Pietra Grey' })).toEqual([1105]);
    expect(ids({ color: 'grey' })).toEqual([1002, 1105]);
    expect(ids({ format: '24x48' })).toEqual([1002]);
    expect(ids({ finish: 'Polished' })).toEqual([1001]);
    expect(ids({ skuRange: '1100-1199' })).toEqual([1105]);
    expect(ids({ stockStatus: 'on_order' })).toEqual([1105]);
    expect(ids({ stockStatus: 'special_order' })).toEqual([2001]);
  });
  it('applies the smart search: size and finish', () => {
    expect(ids({ search: '12x24 matte' })).toEqual([1000, 1105]);
  });
  it('applies free text to name, description and SKU', () => {
    expect(ids({ search: 'bold veining' })).toEqual([1002]);
    expect(ids({ search: '1105' })).toEqual([1105]);
  });
  it('finds hexagon mosaics from "hex"', () => {
    expect(ids({ search: 'hex' })).toEqual([2001]);
  });
  it('combines search and dropdowns', () => {
    expect(ids({ search: 'grey', stockStatus: 'in_stock' })).toEqual([1002]);
  });
  it('never lets a phrase match across two fields', () => {
    // The name "Tile 1000" is followed by the collection "Marble Collection".
    expect(ids({ search: '1000 marble' })).toEqual([]);
    expect(ids({ search: 'marble collection' })).toHaveLength(5);
  });
});

describe('smart search readings in the filter', () => {
  const shore = [
    product(3001, { line: 'Coastal Driftwood', color: 'Sand', size: '2x2 Mosaic', name: 'Coastal Sand Mosaic' }),
    product(3002, { line: 'Coastal Driftwood', color: 'White' }),
    product(3003, { line: 'Travertino', color: 'Driftwood' }),
    product(3004, { line: 'Travertino', color: 'White' }),
  ];
  const shoreTexts = shore.map(searchTextOf);
  const shoreIds = (search: string) =>
    filterProducts(shore, () => shoreTexts, { ...EMPTY_STOCK_FILTERS, search }, vocabularyOf(shore)).rows.map((p) => p.id);

  it.each([
    ['driftwood', [3001, 3002, 3003]],
    ['driftw', [3001, 3002, 3003]],
    ['line:driftwood', [3001, 3002]],
    ['color:driftwood', [3003]],
    ['driftwood white', [3002]],
    ['mosaics', [3001]],
    ['coast', [3001, 3002]],
  ])('%s', (search, expected) => {
    expect(shoreIds(search)).toEqual(expected);
  });
});

describe('search texts', () => {
  it('are asked for only when the search has free text', () => {
    const texts = vi.fn(() => catalogue.map(searchTextOf));
    const vocabulary = vocabularyOf(catalogue);
    expect(filterProducts(catalogue, texts, { ...EMPTY_STOCK_FILTERS, color: 'Grey' }, vocabulary).rows).toHaveLength(2);
    expect(filterProducts(catalogue, texts, { ...EMPTY_STOCK_FILTERS, search: 'grey' }, vocabulary).rows).toHaveLength(2);
    expect(texts).not.toHaveBeenCalled();
    expect(filterProducts(catalogue, texts, { ...EMPTY_STOCK_FILTERS, search: 'veining' }, vocabulary).rows.map((p) => p.id)).toEqual([1002]);
    expect(texts).toHaveBeenCalledOnce();
  });
});

describe('the catalogue\'s own words', () => {
  it('collects each facet\'s distinct values in natural order, without blanks', () => {
    const products = [
      product(1, { size: '12x24', line: 'Zeta', color: null, finish: '' }),
      product(2, { size: '3x12', line: 'alpha', color: 'White', finish: 'Matte' }),
      product(3, { size: '12x24', line: 'Beta', color: 'Grey', finish: 'Honed' }),
    ];
    expect(vocabularyOf(products)).toEqual({
      sizes: ['3x12', '12x24'],
      lines: ['alpha', 'Beta', 'Zeta'],
      colors: ['Grey', 'White'],
      finishes: ['Honed', 'Matte'],
    });
    expect(distinctValues(['b', null, 'a', 'b', ''], (v) => v)).toEqual(['a', 'b']);
  });

  it('sorts numbers inside text by value', () => {
    expect(naturalOrder('3x12', '12x24')).toBeLessThan(0);
    expect(naturalOrder('12x24', '3x12')).toBeGreaterThan(0);
    expect(naturalOrder('a', 'a')).toBe(0);
  });

  it('searches one lower-cased text per product, fields kept apart, blanks left out', () => {
    expect(searchTextOf(product(1001, { name: 'Carrara HEX', collection: null, line: '', size: null, color: 'White', finish: null, description: null }))).toBe(
      '1001 \u0001 carrara hex \u0001 white',
    );
  });

  it('treats the understood values of one facet as alternatives', () => {
    expect(ids({ search: '12x24 24x48' })).toEqual([1000, 1001, 1002, 1105]);
    expect(ids({ search: '24x48 polished' })).toEqual([]);
  });

  it('knows the status filter values and the URL names of the filters', () => {
    for (const value of ['all', 'in_stock', 'special_order', 'fabrication', 'out_of_stock', 'on_order']) expect(isStockStatusFilter(value)).toBe(true);
    for (const value of ['', 'In Stock', 'low_stock', null, 3]) expect(isStockStatusFilter(value)).toBe(false);
    // Bookmarked and shared addresses carry these (docs/ui-rules.md: state lives in the URL).
    expect(STOCK_FILTER_PARAMS).toEqual({ search: 'q', line: 'line', color: 'color', format: 'format', finish: 'finish', skuRange: 'sku', stockStatus: 'status' });
  });
});
