import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STOCK_BATCH_LIMIT, STOCK_UPLOAD_SUCCESS } from '@common/contracts/stock';
import { STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { CATALOGUE, insertCatalogue, productColumns } from '../../../../test/cart-fixtures';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { activityLogs, products, systemSettings } from '../../db/schema';

const ctx = useTestApp();
let token = '';

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  const { client } = await signedInAdmin(ctx.app, ctx.db);
  token = (await createToken(client, ['stock:write', 'products:read'], { name: 'ERP stock' })).token;
});

const levelsOf = async (ids: number[]) =>
  Object.fromEntries((await ctx.db.select(productColumns).from(products).where(inArray(products.id, ids))).map((p) => [p.id, p.stockLevel]));

const patch = (json: unknown) => bearer(ctx.app, token, { method: 'PATCH', url: '/api/stock', json });

describe('PATCH /api/stock (batch by SKU)', () => {
  it('sets the levels, counts the changes and logs the token', async () => {
    const response = await patch({
      items: [
        { sku: CATALOGUE.plenty.id, stockLevel: 321 },
        { sku: CATALOGUE.few.id, stockLevel: ' special order only ' },
        { sku: CATALOGUE.out.id, stockLevel: '0' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: STOCK_UPLOAD_SUCCESS, updated: 2, unchanged: 1, adjusted: [] });
    expect(await levelsOf([CATALOGUE.plenty.id, CATALOGUE.few.id, CATALOGUE.out.id])).toEqual({
      [CATALOGUE.plenty.id]: '321',
      [CATALOGUE.few.id]: STOCK_SPECIAL_ORDER,
      [CATALOGUE.out.id]: '0',
    });
    const [setting] = await ctx.db.select().from(systemSettings).where(eq(systemSettings.key, 'last_inventory_update'));
    expect(setting?.value).toBeTruthy();
    const [log] = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'stock_updated'));
    expect(log!.description).toBe('API token "ERP stock" set the stock of 3 SKUs (2 changed)');
    expect(log!.metadata).toMatchObject({ source: 'api', apiToken: { name: 'ERP stock' } });
    // The catalogue readers see the change at once.
    const catalogue = await bearer(ctx.app, token, { method: 'GET', url: '/api/products' });
    expect(catalogue.json().find((p: { id: number }) => p.id === CATALOGUE.plenty.id).stockLevel).toBe('321');
  });

  it('changes nothing when one SKU is unknown or one level is bad', async () => {
    const before = await levelsOf([CATALOGUE.plenty.id]);
    const unknown = await patch({ items: [{ sku: CATALOGUE.plenty.id, stockLevel: 1 }, { sku: 999_999, stockLevel: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown SKU: 999999. Nothing was changed.');
    const bad = await patch({ items: [{ sku: CATALOGUE.plenty.id, stockLevel: 2 }, { sku: CATALOGUE.few.id, stockLevel: -4 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'items.1.stockLevel', message: 'Stock level cannot be negative (-4)' }]);
    const twice = await patch({ items: [{ sku: CATALOGUE.plenty.id, stockLevel: 2 }, { sku: CATALOGUE.plenty.id, stockLevel: 3 }] });
    expect(twice.statusCode).toBe(400);
    expect(await levelsOf([CATALOGUE.plenty.id])).toEqual(before);
  });

  it('refuses an empty or oversized batch and a token without stock:write', async () => {
    expect((await patch({ items: [] })).json().message).toBe('Send at least one item');
    const tooMany = Array.from({ length: STOCK_BATCH_LIMIT + 1 }, (_, i) => ({ sku: i + 1, stockLevel: 1 }));
    expect((await patch({ items: tooMany })).statusCode).toBe(400);
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const reader = await createToken(client, ['products:read']);
    const refused = await bearer(ctx.app, reader.token, { method: 'PATCH', url: '/api/stock', json: { items: [{ sku: CATALOGUE.plenty.id, stockLevel: 1 }] } });
    expect(refused.statusCode).toBe(403);
  });

  it('is the edit_stock permission for browsers', async () => {
    const dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
    expect((await dealer.patch('/api/stock', { items: [{ sku: CATALOGUE.plenty.id, stockLevel: 1 }] })).statusCode).toBe(403);
  });
});

describe('POST /api/stock/upload with a token', () => {
  it('imports a CSV pushed by an ERP', async () => {
    const csv = `id,name,stockLevel\n${CATALOGUE.priced.id},${CATALOGUE.priced.name},55\n`;
    const upload = multipartBody([{ filename: 'erp.csv', content: csv }]);
    const response = await bearer(ctx.app, token, { method: 'POST', url: '/api/stock/upload', ...upload });
    expect(response.statusCode).toBe(200);
    expect(await levelsOf([CATALOGUE.priced.id])).toEqual({ [CATALOGUE.priced.id]: '55' });
  });
});
