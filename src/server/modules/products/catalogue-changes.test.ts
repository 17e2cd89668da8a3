import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueChangesResponse, type CatalogueChanges } from '@common/contracts/catalogue-changes';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { products } from '../../db/schema';

/** Field mode's changes feed (docs/decisions/0228): a rep's device refreshes its catalogue by changes only. */
const ctx = useTestApp();
let rep: TestClient;

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  const user = await createUser(ctx.db, { role: 'salesperson' });
  rep = await new TestClient(ctx.app).signInAs(user);
});

async function changes(since?: string): Promise<CatalogueChanges> {
  const response = await rep.get(`/api/products/changes${since ? `?since=${encodeURIComponent(since)}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return catalogueChangesResponse.parse(response.json());
}

describe('GET /api/products/changes', () => {
  it('without since answers only where to ask from, telling the device to download the whole catalogue', async () => {
    const first = await changes();
    expect(first.full).toBe(true);
    expect(first.products).toEqual([]);
    expect(Date.parse(first.until)).toBeLessThanOrEqual(Date.now());
  });

  it('answers the changed products and the deleted SKUs since the last sync, nothing else', async () => {
    const { until } = await changes();
    await ctx.db.update(products).set({ stockStatus: 'in_stock', stockCount: 77 }).where(eq(products.id, CATALOGUE.plenty.id));
    await ctx.db.delete(products).where(eq(products.id, CATALOGUE.out.id));
    await ctx.db.insert(products).values({ id: 1999, name: 'Brand New 8x8 Tile', stockStatus: 'in_stock', stockCount: 12 });

    const delta = await changes(until);
    expect(delta.full).toBe(false);
    expect(delta.products.map((p) => p.id)).toEqual([CATALOGUE.plenty.id, 1999]);
    expect(delta.products[0]!.stockLevel).toBe('77');
    expect(delta.deleted).toEqual([CATALOGUE.out.id]);

    // Asked again from the new point: nothing has changed since.
    const after = await changes(delta.until);
    expect(after).toMatchObject({ full: false, products: [], deleted: [] });
  });

  it('forgets a tombstone when the SKU comes back, and sends it as a product', async () => {
    const { until } = await changes();
    await ctx.db.delete(products).where(eq(products.id, CATALOGUE.few.id));
    const gone = await changes(until);
    expect(gone.deleted).toContain(CATALOGUE.few.id);
    await ctx.db.insert(products).values({ ...CATALOGUE.few, line: 'Urban' });
    const back = await changes(until);
    expect(back.deleted).not.toContain(CATALOGUE.few.id);
    expect(back.products.map((p) => p.id)).toContain(CATALOGUE.few.id);
  });

  it('sends a device whose last sync is too old to a whole download', async () => {
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
    expect((await changes(old)).full).toBe(true);
  });

  it('refuses a since that is not an instant with a 400 that says so', async () => {
    const response = await rep.get('/api/products/changes?since=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/since must be an ISO date-time/);
  });

  it('answers only a signed-in user', async () => {
    const response = await new TestClient(ctx.app).get('/api/products/changes');
    expect(response.statusCode).toBe(401);
    await ctx.db.delete(products).where(inArray(products.id, [1999]));
  });
});
