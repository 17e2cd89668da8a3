import { describe, expect, it } from 'vitest';
import { createCatalogueIndex } from './catalogue-index';
import { EMPTY_STOCK_FILTERS, filterProducts, searchTextOf, vocabularyOf, type FilterableProduct, type StockFilters } from '@common/domain/stock-filters';
import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';

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

/** Values in odd cases, nulls and empty strings, two readings of one word, a phrase across fields. */
const catalogue = [
  product(1000),
  product(1001, { finish: 'Polished', description: null }),
  product(1002, { size: '24x48', color: 'Grey', description: 'Large format with bold VEINING' }),
  product(1105, { line: 'Pietra Grey', color: 'grey', stockLevel: '0', quantityOnOrder: 40 }),
  product(2001, { line: 'Travertino', size: 'Hexagon Mosaic', stockLevel: STOCK_SPECIAL_ORDER, collection: null }),
  product(2002, { line: 'Coastal Driftwood', color: 'Driftwood', size: '24x48 Deco', stockLevel: STOCK_FABRICATION }),
  product(2003, { line: null, color: null, size: '', finish: null, name: 'Loose trim', stockLevel: '3' }),
  product(2104, { line: 'Coastal Driftwood', color: 'Sand', finish: 'Honed', name: 'Sand Plank 8x48' }),
];

const SEARCHES = [
  '', '   ', ' , ', 'white', 'WHITE matte', 'grey', 'color:grey', 'line:grey', 'driftwood', 'driftw', 'whites', '12x24', '24x48', '24x48 deco',
  'hex', 'mosaic', 'mosaics', 'veining', 'bold veining', 'tile 10', 'tile 100', '1', '10', '100', '1000', 'marble collection',
  'calacatta luxe', 'luxe polished', 'plank', 'sand plank', 'zzz', 'porcelain floor', 'floor porcelain', 'trim', '12 x 24 matte',
];
const DROPDOWNS: Partial<StockFilters>[] = [
  {}, { line: 'calacatta luxe' }, { color: 'GREY' }, { format: '24x48' }, { finish: 'matte' }, { skuRange: '1000-1099' },
  { stockStatus: 'in_stock' }, { stockStatus: 'special_order' }, { stockStatus: 'fabrication' }, { stockStatus: 'out_of_stock' },
  { stockStatus: 'on_order' }, { line: 'Unknown line' }, { color: 'Grey', finish: 'Matte', skuRange: '1000-1099' },
];

describe('createCatalogueIndex (ADR 0188)', () => {
  it('filters exactly as filterProducts, in the same order, for every search and dropdown combination', () => {
    const vocabulary = vocabularyOf(catalogue);
    const texts = catalogue.map(searchTextOf);
    const index = createCatalogueIndex(catalogue);
    for (const dropdowns of DROPDOWNS) {
      for (const search of SEARCHES) {
        const filters = { ...EMPTY_STOCK_FILTERS, ...dropdowns, search };
        const expected = filterProducts(catalogue, () => texts, filters, vocabulary);
        const actual = index.filter(filters);
        expect(actual.rows.map((p) => p.id), JSON.stringify(filters)).toEqual(expected.rows.map((p) => p.id));
        expect(actual.search).toEqual(expected.search);
      }
    }
  });

  it('narrows a phrase that extends an earlier one only among that phrase\'s products, with the same result', () => {
    const index = createCatalogueIndex(catalogue);
    const vocabulary = vocabularyOf(catalogue);
    const texts = catalogue.map(searchTextOf);
    // Typed a key at a time, then edited back: each step answers as a fresh filter would.
    const typed = ['p', 'po', 'por', 'porc', 'porcelain', 'porcelain f', 'porcelain fl', 'porcelain', 'porce', 'tile', 'til', 't'];
    for (const search of typed) {
      const filters = { ...EMPTY_STOCK_FILTERS, search };
      expect(index.filter(filters).rows.map((p) => p.id), search).toEqual(filterProducts(catalogue, () => texts, filters, vocabulary).rows.map((p) => p.id));
    }
  });

  it('offers the same vocabulary and SKU ranges, and prepares in slices', () => {
    const index = createCatalogueIndex(catalogue);
    expect(index.vocabulary).toEqual(vocabularyOf(catalogue));
    expect(index.skuRanges).toEqual(['1000-1099', '1100-1199', '2000-2099', '2100-2199']);
    expect(index.prepare(() => false)).toBe(false);
    expect(index.prepare()).toBe(true);
  });

  it('answers an empty catalogue', () => {
    const index = createCatalogueIndex([]);
    expect(index.filter({ ...EMPTY_STOCK_FILTERS, search: 'white 12x24 tile' }).rows).toEqual([]);
    expect(index.prepare()).toBe(true);
  });

  it('lists the vocabulary and SKU ranges only when asked (ADR 0198): unfiltered rows need neither', () => {
    let reads = 0;
    const counted = catalogue.map((p) => new Proxy(p, { get: (target, key: string) => (key === 'line' && reads++, target[key as keyof FilterableProduct]) }));
    const index = createCatalogueIndex(counted);
    expect(index.filter(EMPTY_STOCK_FILTERS).rows).toHaveLength(catalogue.length);
    expect(index.filter({ ...EMPTY_STOCK_FILTERS, search: '  ' }).rows).toHaveLength(catalogue.length);
    expect(reads).toBe(0);
    expect(index.vocabulary.lines).toEqual(vocabularyOf(catalogue).lines);
    expect(reads).toBeGreaterThan(0);
  });
});
