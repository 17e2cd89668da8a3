import { stockUploadResponse } from '@common/contracts/stock';
import { stockUploadHistoryResponse, stockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { bearer, createToken } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { activityLogs, cartItems, carts, products, stockUploads } from '../../db/schema';

/** ADR 0191: a browser upload is previewed, then confirmed or cancelled; every upload is in the history with its file. */
const ctx = useTestApp();

const BASE = [
  { id: 1001, name: 'Calacatta 12x24 White Matte', line: 'Calacatta Luxe', stockLevel: '120', price: '76.11' },
  { id: 1002, name: 'Calacatta 12x24 White Polished', line: 'Calacatta Luxe', stockLevel: '8', price: '84.32' },
  { id: 2001, name: 'Statuario Hexagon White Honed', line: 'Statuario Classic', stockLevel: '0', price: '21.99' },
];

const FILE = 'id,name,stockLevel,price\n1001,,95,76.11\n1002,,8,84.32\n3001,Metro Subway 3x12 Blush,40,ten dollars\n';

async function admin() {
  const user = await createUser(ctx.db, { role: 'admin', username: `admin${Math.floor(Math.random() * 1e9)}` });
  return { user, client: await new TestClient(ctx.app).signInAs(user, 'admin') };
}

const preview = (client: TestClient, csv: string, filename = 'monday.csv') =>
  client.request({ method: 'POST', url: '/api/stock/upload/preview', ...multipartBody([{ filename, content: csv }]) });
const confirm = (client: TestClient, id: number, mode: 'keep' | 'replace' = 'keep') => client.post(`/api/stock/uploads/${id}/confirm`, { mode });
const cancel = (client: TestClient, id: number) => client.post(`/api/stock/uploads/${id}/cancel`, {});
const catalogue = () => ctx.db.select().from(products).orderBy(asc(products.id));

beforeEach(async () => {
  await ctx.db.delete(cartItems);
  await ctx.db.delete(stockUploads);
  await ctx.db.delete(products);
  await ctx.db.insert(products).values(BASE);
  await ctx.db.delete(activityLogs);
});

describe('stock upload preview', () => {
  it('lists new, changed with before and after, unchanged, missing and warnings, and changes nothing', async () => {
    const { client } = await admin();
    const before = await catalogue();
    const response = await preview(client, FILE);
    expect(response.statusCode, response.body).toBe(200);
    const body = stockUploadPreviewResponse.parse(response.json());
    expect(body.counts).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1, missing: 1, removed: 0, warnings: 1 });
    expect(body.created).toEqual([{ id: 3001, name: 'Metro Subway 3x12 Blush' }]);
    expect(body.changed).toEqual([{ id: 1001, name: 'Calacatta 12x24 White Matte', changes: [{ field: 'stockLevel', before: '120', after: '95' }] }]);
    expect(body.missing).toEqual([{ id: 2001, name: 'Statuario Hexagon White Honed' }]);
    expect(body.warnings.nulledFields).toEqual([{ row: 4, field: 'price', originalValue: 'ten dollars' }]);
    // ADR 0130's replace fields are still there for API clients.
    expect(body).toMatchObject({ rows: 3, removedCount: 1, removed: [{ id: 2001 }] });
    expect(await catalogue(), 'a preview changes nothing').toEqual(before);
    expect(await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'stock_updated'))).toEqual([]);
  });

  it('rejects a broken file with the usual body and keeps nothing', async () => {
    const { client } = await admin();
    const response = await preview(client, 'id,stockLevel\nabc,5\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().schemaErrors[0]).toMatchObject({ row: 2, message: 'Invalid SKU number (abc)' });
    expect(await ctx.db.select().from(stockUploads)).toEqual([]);
  });

  it('is for stock editors only', async () => {
    const user = await createUser(ctx.db, { role: 'bold_customer' });
    const dealer = await new TestClient(ctx.app).signInAs(user);
    expect((await preview(dealer, FILE)).statusCode).toBe(403);
    expect((await dealer.get('/api/stock/uploads')).statusCode).toBe(403);
  });
});

describe('confirm and cancel', () => {
  it('cancel changes nothing; the upload cannot then be applied', async () => {
    const { client } = await admin();
    const before = await catalogue();
    const { uploadId } = stockUploadPreviewResponse.parse((await preview(client, FILE)).json());
    const cancelled = await cancel(client, uploadId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: uploadId, status: 'cancelled' });
    expect(await catalogue()).toEqual(before);
    const late = await confirm(client, uploadId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(STOCK_UPLOAD_MESSAGES.alreadyDecided);
    expect(await catalogue()).toEqual(before);
  });

  it('confirm applies exactly the previewed file, once', async () => {
    const { client, user } = await admin();
    const { uploadId } = stockUploadPreviewResponse.parse((await preview(client, FILE)).json());
    const response = await confirm(client, uploadId);
    expect(response.statusCode, response.body).toBe(200);
    expect(stockUploadResponse.parse(response.json())).toMatchObject({ created: 1, updated: 1, unchanged: 1, missing: [2001] });
    const rows = await catalogue();
    expect(rows.map((p) => [p.id, p.stockLevel])).toEqual([
      [1001, '95'],
      [1002, '8'],
      [2001, '0'],
      [3001, '40'],
    ]);
    expect((await confirm(client, uploadId)).statusCode, 'a second confirm applies nothing').toBe(409);
    const [logged] = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'stock_updated'));
    expect(logged!.userId).toBe(user.id);
  });

  it('confirm with replace removes the previewed missing products', async () => {
    const { client } = await admin();
    const { uploadId } = stockUploadPreviewResponse.parse((await preview(client, FILE)).json());
    const response = await confirm(client, uploadId, 'replace');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().removed).toEqual([2001]);
    expect((await catalogue()).map((p) => p.id)).toEqual([1001, 1002, 3001]);
  });

  it('refuses a confirm after the catalogue changed since the preview, changing nothing', async () => {
    const { client } = await admin();
    const { uploadId } = stockUploadPreviewResponse.parse((await preview(client, FILE)).json());
    // Another change lands between the preview and the confirmation.
    const other = stockUploadPreviewResponse.parse((await preview(client, 'id,stockLevel\n1002,3\n', 'other.csv')).json());
    expect((await confirm(client, other.uploadId)).statusCode).toBe(200);
    const before = await catalogue();
    const response = await confirm(client, uploadId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STOCK_UPLOAD_MESSAGES.catalogueChanged);
    expect(await catalogue()).toEqual(before);
  });

  it('answers 404 for an unknown upload', async () => {
    const { client } = await admin();
    expect((await confirm(client, 999999)).statusCode).toBe(404);
    expect((await cancel(client, 999999)).statusCode).toBe(404);
    expect((await client.get('/api/stock/uploads/999999/file')).statusCode).toBe(404);
  });

  it('replace through confirm takes removed products out of open carts', async () => {
    const { client } = await admin();
    const owner = await createUser(ctx.db);
    const [cart] = await ctx.db.insert(carts).values({ userId: owner.id, name: 'Active Purchase Order' }).returning();
    await ctx.db.insert(cartItems).values({ cartId: cart!.id, productId: 2001, quantity: 1 });
    const body = stockUploadPreviewResponse.parse((await preview(client, FILE)).json());
    expect(body).toMatchObject({ cartLines: 1, carts: 1 });
    expect((await confirm(client, body.uploadId, 'replace')).json()).toMatchObject({ cartLinesRemoved: 1 });
  });
});

describe('upload history', () => {
  it('lists who, when, status and counts, newest first, and serves each file as it was sent', async () => {
    const { client, user } = await admin();
    const applied = stockUploadPreviewResponse.parse((await preview(client, FILE, 'applied.csv')).json());
    await confirm(client, applied.uploadId);
    const dropped = stockUploadPreviewResponse.parse((await preview(client, 'id,stockLevel\n1001,1\n', 'dropped.csv')).json());
    await cancel(client, dropped.uploadId);

    const history = stockUploadHistoryResponse.parse((await client.get('/api/stock/uploads')).json());
    expect(history.uploads.map((u) => [u.filename, u.status, u.username, u.source])).toEqual([
      ['dropped.csv', 'cancelled', user.username, 'browser'],
      ['applied.csv', 'applied', user.username, 'browser'],
    ]);
    expect(history.uploads[1]!.counts).toMatchObject({ rows: 3, created: 1, updated: 1, unchanged: 1, missing: 1, warnings: 1 });
    expect(history.uploads[1]!.mode).toBe('keep');

    const file = await client.get(`/api/stock/uploads/${applied.uploadId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('applied.csv');
    expect(file.body).toBe(FILE);
  });

  it('records an API upload, applied at once, in the same history', async () => {
    const { client } = await admin();
    const { token } = await createToken(client, ['stock:write'], { name: 'ERP nightly' });
    const csv = 'id,stockLevel\n1001,7\n';
    const response = await bearer(ctx.app, token, { method: 'POST', url: '/api/stock/upload', ...multipartBody([{ filename: 'erp.csv', content: csv }]) });
    expect(response.statusCode, response.body).toBe(200);
    expect((await catalogue())[0]!.stockLevel).toBe('7');
    const history = stockUploadHistoryResponse.parse((await client.get('/api/stock/uploads')).json());
    expect(history.uploads[0]).toMatchObject({ filename: 'erp.csv', status: 'applied', source: 'api', counts: { rows: 1, updated: 1 } });
    expect(history.uploads[0]!.username).toContain('ERP nightly');
    expect((await client.get(`/api/stock/uploads/${history.uploads[0]!.id}/file`)).body).toBe(csv);
  });
});
