import { describe, expect, it } from 'vitest';
import type { Product } from '../src/common/contracts/products';
import { tokenizeSearch } from '../src/common/domain/smart-search';
import { EMPTY_STOCK_FILTERS, filterProducts, searchTextOf, vocabularyOf, type StockFilters } from '../src/common/domain/stock-filters';
import { createCatalogueIndex } from '../src/client/lib/search/catalogue-index';
import { generateDemoProducts } from '../src/server/db/demo-data';

// The client's catalogue index (src/client/lib/search) against the shared smart search, on the server's
// demo catalogue: a tooling test, since neither side may import the other (docs/architecture.md).
/** The demo catalogue as GET /api/products sends it (the database's defaults filled in). */
const demo: Product[] = generateDemoProducts().map((p) => ({
  id: p.id,
  name: p.name,
  collection: p.collection ?? null,
  line: p.line ?? null,
  size: p.size ?? null,
  color: p.color ?? null,
  finish: p.finish ?? null,
  soldBy: p.soldBy ?? 'Box',
  description: p.description ?? null,
  price: p.price ?? null,
  imageUrl: p.imageUrl ?? null,
  stockLevel: p.stockLevel ?? '0',
  coverage: p.coverage ?? '15.5',
  pricePerSqft: p.pricePerSqft ?? null,
  quantityOnOrder: p.quantityOnOrder ?? 0,
}));

describe('the catalogue index on the demo catalogue (ADR 0188)', () => {
  it('filters the demo catalogue through the index exactly as the smart search does, typed a key at a time', () => {
    const vocabulary = vocabularyOf(demo);
    const texts = demo.map(searchTextOf);
    const index = createCatalogueIndex(demo);
    // Every value the catalogue offers, the spec's examples, words from names and descriptions, and nonsense.
    const values = [...vocabulary.lines, ...vocabulary.colors, ...vocabulary.sizes, ...vocabulary.finishes].map((v) => v.toLowerCase());
    const words = [...new Set(demo.slice(0, 400).flatMap((p) => tokenizeSearch(`${p.name} ${p.description ?? ''}`)))].slice(0, 40);
    const queries = [
      '12x24 matte', 'calacatta gold', 'hex', 'hexagon mosaic', 'mosaics', 'white polished 24x48', 'grey', 'whites', '24x',
      'line:driftwood', 'color:driftwood', 'driftw', 'rectified', String(demo[17]!.id), 'zzz qqq', ...values, ...words,
    ];
    const dropdowns: Partial<StockFilters>[] = [
      {},
      { line: vocabulary.lines[1]!, stockStatus: 'in_stock' },
      { color: vocabulary.colors[2]!.toUpperCase(), finish: vocabulary.finishes[0]! },
      { format: vocabulary.sizes[3]!, stockStatus: 'special_order' },
      { skuRange: `${Math.floor(demo[40]!.id / 100) * 100}-${Math.floor(demo[40]!.id / 100) * 100 + 99}`, stockStatus: 'on_order' },
    ];
    let compared = 0;
    for (const extra of dropdowns) {
      for (const query of queries) {
        // Every prefix without dropdowns (typing), the whole query with them.
        for (let end = extra === dropdowns[0] ? 1 : query.length; end <= query.length; end++) {
          const filters = { ...EMPTY_STOCK_FILTERS, ...extra, search: query.slice(0, end) };
          const expected = filterProducts(demo, () => texts, filters, vocabulary).rows.map((p) => p.id);
          expect(index.filter(filters).rows.map((p) => p.id), JSON.stringify(filters)).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1_000);
  });
});
