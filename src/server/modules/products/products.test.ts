import { setTimeout as sleep } from 'node:timers/promises';
import { CATALOGUE_VERSION_HOLD_MS } from './version-reader';
import { productsResponse } from '@common/contracts/products';
import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody } from '../../../../test/multipart';
import { buildApp } from '../../app';
import { eq } from 'drizzle-orm';
import { products, systemSettings } from '../../db/schema';
import { CATALOGUE_VERSION } from './repository';
import { toApiProduct } from './service';
import { withStock, productColumns } from '../../../../test/cart-fixtures';

const ctx = useTestApp();

const SEED = [
  { id: 1000, name: 'Calacatta 12x24 White Matte', line: 'Calacatta Luxe', size: '12x24', color: 'White', finish: 'Matte', stockLevel: '120', price: '76.11', pricePerSqft: '4.91' },
  { id: 30, name: 'Slab Grey', line: 'Pietra Grey', size: '48x110 Slab', color: 'Grey', finish: 'Honed', soldBy: 'Each', coverage: '48x110', stockLevel: 'Fabrication Required - 2 Week Lead', price: null, pricePerSqft: null, quantityOnOrder: 4 },
  { id: 5, name: 'Hex White', line: 'Statuario Classic', size: 'Hexagon Mosaic', color: 'White', finish: 'Polished', soldBy: 'Each', coverage: '10x11.5', stockLevel: '0', price: '21.99', pricePerSqft: '27.49' },
];

async function signedIn(role: 'admin' | 'salesperson' | 'bold_customer' = 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

async function seedOnce() {
  const existing = await ctx.db.select(productColumns).from(products);
  if (existing.length === 0) await ctx.db.insert(products).values(SEED.map(withStock));
}

describe('GET /api/products', () => {
  it('needs a signed-in user with a role (view_stock)', async () => {
    expect((await new TestClient(ctx.app).get('/api/products')).statusCode).toBe(401);
    const temporary = await createUser(ctx.db, { isTemporaryPassword: true });
    expect((await (await new TestClient(ctx.app).signInAs(temporary)).get('/api/products')).statusCode).toBe(403);
    const admin = await createUser(ctx.db, { role: 'admin' });
    const noRole = await new TestClient(ctx.app).signInAs(admin);
    expect((await noRole.get('/api/products')).statusCode).toBe(403);
  });

  it.each(['admin', 'salesperson', 'bold_customer'] as const)('serves the whole catalogue to a %s, sorted by numeric id', async (role) => {
    await seedOnce();
    const client = await signedIn(role);
    const response = await client.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = productsResponse.parse(response.json());
    expect(body.map((p) => p.id)).toEqual([5, 30, 1000]);
    expect(body[1]).toEqual({
      id: 30,
      name: 'Slab Grey',
      collection: null,
      line: 'Pietra Grey',
      size: '48x110 Slab',
      color: 'Grey',
      finish: 'Honed',
      soldBy: 'Each',
      description: null,
      price: null,
      imageUrl: null,
      stockLevel: 'Fabrication Required - 2 Week Lead',
      coverage: '48x110',
      pricePerSqft: null,
      quantityOnOrder: 4,
    });
    expect(body[2]).toMatchObject({ price: '76.11', pricePerSqft: '4.91', coverage: '15.5', soldBy: 'Box', quantityOnOrder: 0 });
  });

  it('sends brotli or gzip as the browser accepts, the same JSON either way', async () => {
    await seedOnce();
    const client = await signedIn();
    const plain = await client.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'identity' } });
    const br = await client.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await client.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip' } });
    const noGzip = await client.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(noGzip.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toBe('Accept-Encoding');
  });

  it('answers 304 to an unchanged catalogue and 200 with a new ETag after a change', async () => {
    await seedOnce();
    const client = await signedIn();
    const first = await client.get('/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"catalogue-.+-full"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await client.request({ method: 'GET', url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const admin = await signedIn('admin');
    const upload = await admin.request({
      method: 'POST',
      url: '/api/stock/upload',
      ...multipartBody([{ filename: 'stock.csv', content: 'id,stockLevel\n1000,77\n' }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const changed = await client.request({ method: 'GET', url: '/api/products', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(productsResponse.parse(changed.json()).find((p) => p.id === 1000)?.stockLevel).toBe('77');

    // An upload that changes nothing keeps the ETag, so browsers keep their copy.
    const same = await admin.request({
      method: 'POST',
      url: '/api/stock/upload',
      ...multipartBody([{ filename: 'stock.csv', content: 'id,stockLevel\n1000,77\n' }]),
    });
    expect(same.json()).toMatchObject({ unchanged: 1 });
    const unchanged = await client.request({ method: 'GET', url: '/api/products', headers: { 'if-none-match': changed.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('stays correct across two app servers on one database', async () => {
    await seedOnce();
    const other = await buildApp({ db: ctx.db, config: ctx.config, sessionSecret: 'x'.repeat(48), logger: false });
    await other.ready();
    try {
      const user = await createUser(ctx.db, { role: 'bold_customer' });
      const onOther = await new TestClient(other).signInAs(user);
      const before = await onOther.get('/api/products');
      const etag = before.headers.etag as string;

      const admin = await signedIn('admin');
      await admin.request({
        method: 'POST',
        url: '/api/stock/upload',
        ...multipartBody([{ filename: 'stock.csv', content: 'id,stockLevel\n5,321\n' }]),
      });

      // The other server reads the catalogue version again within a second (ADR 0150).
      await sleep(CATALOGUE_VERSION_HOLD_MS);
      const after = await onOther.request({ method: 'GET', url: '/api/products', headers: { 'if-none-match': etag } });
      expect(after.statusCode).toBe(200);
      expect(productsResponse.parse(after.json()).find((p) => p.id === 5)?.stockLevel).toBe('321');
    } finally {
      await other.close();
    }
  });
});

describe('the catalogue version', () => {
  it('falls back to one derived from the data when its row is missing, and a GET never writes it', async () => {
    await seedOnce();
    await ctx.db.delete(systemSettings).where(eq(systemSettings.key, CATALOGUE_VERSION));
    const other = await buildApp({ db: ctx.db, config: ctx.config, sessionSecret: 'x'.repeat(48), logger: false });
    await ctx.db.delete(systemSettings).where(eq(systemSettings.key, CATALOGUE_VERSION));
    try {
      const user = await createUser(ctx.db, { role: 'bold_customer' });
      const client = await new TestClient(other).signInAs(user);
      const before = await client.get('/api/products');
      expect(before.headers.etag).toMatch(/^W\/"catalogue-derived-/);
      expect(await ctx.db.select().from(systemSettings).where(eq(systemSettings.key, CATALOGUE_VERSION))).toEqual([]);
      await ctx.db.insert(products).values(withStock({ id: 777, name: 'Added behind our back', stockLevel: '1' }));
      await sleep(CATALOGUE_VERSION_HOLD_MS);
      const after = await client.request({ method: 'GET', url: '/api/products', headers: { 'if-none-match': before.headers.etag as string } });
      expect(after.statusCode).toBe(200);
      expect(productsResponse.parse(after.json()).some((p) => p.id === 777)).toBe(true);
    } finally {
      await other.close();
      await ctx.db.delete(products).where(eq(products.id, 777));
    }
  });
});

describe('toApiProduct', () => {
  it('leaves prices out for a role without view_prices', async () => {
    await seedOnce();
    const [row] = await ctx.db.select(productColumns).from(products).limit(1);
    const product = toApiProduct(row!, false);
    expect(product).not.toHaveProperty('price');
    expect(product).not.toHaveProperty('pricePerSqft');
    expect(toApiProduct(row!, true)).toHaveProperty('price');
  });
});
