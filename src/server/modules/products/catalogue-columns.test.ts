import { describe, expect, it } from 'vitest';
import { catalogueColumnsResponse } from '@common/contracts/catalogue-columns';
import { productsResponse, type Product } from '@common/contracts/products';
import { createCatalogueIndex } from '@common/domain/catalogue-index';
import { decodeCatalogueColumns, encodeCatalogueColumns } from '@common/domain/catalogue-columns';
import { tokenizeSearch } from '@common/domain/smart-search';
import { EMPTY_STOCK_FILTERS, filterProducts, searchTextOf, vocabularyOf, type StockFilters } from '@common/domain/stock-filters';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { generateDemoProducts } from '../../db/demo-data';
import { products } from '../../db/schema';

const ctx = useTestApp();

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

const withoutPrices = (list: Product[]) => list.map(({ price: _price, pricePerSqft: _perSqft, ...rest }) => rest);

describe('the catalogue as columns (ADR 0188)', () => {
  it('decodes to exactly the demo catalogue, with and without prices', () => {
    expect(decodeCatalogueColumns(encodeCatalogueColumns(demo, true))).toStrictEqual(demo);
    const noPrices = withoutPrices(demo);
    expect(decodeCatalogueColumns(encodeCatalogueColumns(noPrices, false))).toStrictEqual(noPrices);
    expect(JSON.stringify(encodeCatalogueColumns(demo, true)).length).toBeLessThan(JSON.stringify(demo).length / 2);
  });

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

describe('GET /api/products/columns', () => {
  it('needs view_stock, like GET /api/products', async () => {
    expect((await new TestClient(ctx.app).get('/api/products/columns')).statusCode).toBe(401);
    const temporary = await createUser(ctx.db, { isTemporaryPassword: true });
    expect((await (await new TestClient(ctx.app).signInAs(temporary)).get('/api/products/columns')).statusCode).toBe(403);
  });

  it('answers the products of GET /api/products, cached and revalidated with its own ETag', async () => {
    if ((await ctx.db.select().from(products)).length === 0) await ctx.db.insert(products).values(generateDemoProducts().slice(0, 300));
    const user = await createUser(ctx.db, { role: 'salesperson' });
    const client = await new TestClient(ctx.app).signInAs(user);
    const objects = productsResponse.parse((await client.get('/api/products')).json());
    const response = await client.request({ method: 'GET', url: '/api/products/columns', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const plain = await client.request({ method: 'GET', url: '/api/products/columns', headers: { 'accept-encoding': 'identity' } });
    expect(decodeCatalogueColumns(catalogueColumnsResponse.parse(plain.json()))).toStrictEqual(objects);

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"catalogue-.+-full-columns"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const again = await client.request({ method: 'GET', url: '/api/products/columns', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // The array's ETag does not validate the columns: they are different bodies.
    const objectsEtag = (await client.get('/api/products')).headers.etag as string;
    expect((await client.request({ method: 'GET', url: '/api/products/columns', headers: { 'if-none-match': objectsEtag } })).statusCode).toBe(200);
  });
});
