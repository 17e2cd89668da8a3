import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS_MESSAGES } from '@common/contracts/products';
import { useTestApp } from '../../../../test/api';
import { CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { products } from '../../db/schema';

/** ADR 0183: an ERP pages the catalogue by id and syncs changes with updatedSince. */
const ctx = useTestApp();
let reader: string;
let writer: string;

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  const { client } = await signedInAdmin(ctx.app, ctx.db);
  reader = (await createToken(client, ['products:read'])).token;
  writer = (await createToken(client, ['stock:write'])).token;
});

const get = (url: string, headers: Record<string, string> = {}) => bearer(ctx.app, reader, { method: 'GET', url, headers });
const allIds = async () => (await ctx.db.select({ id: products.id }).from(products).orderBy(products.id)).map((r) => r.id);
const dbNow = async () => (await ctx.db.execute<{ now: string }>(sql`select to_json(now())#>>'{}' as now`)).rows[0]!.now;

describe('GET /api/products pages (ADR 0183)', () => {
  it('keeps the whole catalogue as an array when no paging parameter is given', async () => {
    const whole = await get('/api/products');
    expect(whole.statusCode).toBe(200);
    expect((whole.json() as { id: number }[]).map((p) => p.id)).toEqual(await allIds());
    expect(whole.headers.etag).toMatch(/^W\/"catalogue-/);
    expect(whole.headers.link).toBeUndefined();
  });

  it('pages by id with nextCursor and a Link header until the last page', async () => {
    const seen: number[] = [];
    let url: string | null = '/api/products?limit=3';
    let pages = 0;
    while (url) {
      const page = await get(url);
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json() as { products: { id: number }[]; nextCursor: string | null };
      expect(body.products.length).toBeLessThanOrEqual(3);
      seen.push(...body.products.map((p) => p.id));
      if (body.nextCursor) {
        const next = `/api/products?limit=3&cursor=${encodeURIComponent(body.nextCursor)}`;
        expect(page.headers.link).toBe(`<${next}>; rel="next"`);
        url = next;
      } else {
        expect(page.headers.link).toBeUndefined();
        url = null;
      }
      pages += 1;
    }
    expect(seen).toEqual(await allIds());
    expect(pages).toBe(Math.ceil(seen.length / 3));
  });

  it('answers only products changed after updatedSince, stock batches and any other change included', async () => {
    const since = await dbNow();
    expect((await get(`/api/products?updatedSince=${encodeURIComponent(since)}`)).json()).toEqual({ products: [], nextCursor: null });
    const push = await bearer(ctx.app, writer, { method: 'PATCH', url: '/api/stock', json: { items: [{ sku: CATALOGUE.cheap.id, stockLevel: 1999 }] } });
    expect(push.statusCode).toBe(200);
    // A write that does not set updated_at itself still moves it (the migration's trigger).
    await ctx.db.update(products).set({ quantityOnOrder: 7 }).where(eq(products.id, CATALOGUE.few.id));
    const changed = await get(`/api/products?updatedSince=${encodeURIComponent(since)}&limit=1`);
    const first = changed.json() as { products: { id: number; stockLevel: string }[]; nextCursor: string };
    expect(first.products.map((p) => p.id)).toEqual([CATALOGUE.few.id]);
    // The cursor carries updatedSince: the next page is still only changed products.
    const rest = (await get(`/api/products?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    expect(rest.products.map((p: { id: number }) => p.id)).toEqual([CATALOGUE.cheap.id]);
    expect(rest.products[0].stockLevel).toBe('1999');
    expect(rest.nextCursor).toBeNull();
  });

  it('revalidates a page with its ETag, and refuses a bad cursor or limit with a clear message', async () => {
    const page = await get('/api/products?limit=2');
    expect(page.headers.etag).toMatch(/^W\/"products-/);
    expect((await get('/api/products?limit=2', { 'if-none-match': page.headers.etag as string })).statusCode).toBe(304);
    expect((await get('/api/products?limit=3', { 'if-none-match': page.headers.etag as string })).statusCode).toBe(200);
    const badCursor = await get('/api/products?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(PRODUCTS_MESSAGES.badCursor);
    const badLimit = await get('/api/products?limit=5000');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toBe(PRODUCTS_MESSAGES.badLimit);
    expect((await get('/api/products?updatedSince=yesterday')).statusCode).toBe(400);
  });
});
