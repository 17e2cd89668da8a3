import { describe, expect, it } from 'vitest';
import { catalogueColumnsResponse } from '@common/contracts/catalogue-columns';
import { productsResponse, type Product } from '@common/contracts/products';
import { decodeCatalogueColumns, encodeCatalogueColumns } from '@common/domain/catalogue-columns';
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
