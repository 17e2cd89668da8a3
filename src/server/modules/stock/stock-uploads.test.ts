import { describeNulledField, describeSchemaError, stockUploadErrorBody, stockUploadResponse } from '@common/contracts/stock';
import { describeFieldWarning, stockUploadHistoryResponse, stockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { bearer, createToken } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { activityLogs, cartItems, carts, products, stockUploads } from '../../db/schema';
import { productColumns, withStock } from '../../../../test/cart-fixtures';

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
const catalogue = () => ctx.db.select(productColumns).from(products).orderBy(asc(products.id));

beforeEach(async () => {
  await ctx.db.delete(cartItems);
  await ctx.db.delete(stockUploads);
  await ctx.db.delete(products);
  await ctx.db.insert(products).values(BASE.map(withStock));
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
    expect(body.warnings.nulledFields).toEqual([{ row: 4, field: 'price', originalValue: 'ten dollars', sku: '3001' }]);
    // ADR 0130's replace fields are still there for API clients.
    expect(body).toMatchObject({ rows: 3, removedCount: 1, removed: [{ id: 2001 }] });
    expect(await catalogue(), 'a preview changes nothing').toEqual(before);
    expect(await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'stock_updated'))).toEqual([]);
  });

  it('rejects a broken file with the usual body, changes nothing and keeps it in the history as rejected with its problems', async () => {
    const { client } = await admin();
    const before = await catalogue();
    const response = await preview(client, 'id,stockLevel\nabc,5\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().schemaErrors[0]).toMatchObject({ row: 2, message: 'Invalid SKU number (abc)' });
    expect(await catalogue()).toEqual(before);
    const history = stockUploadHistoryResponse.parse((await client.get('/api/stock/uploads')).json()).uploads;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'stock', status: 'rejected', problemCount: 1, problems: [{ row: 2, message: 'Invalid SKU number (abc)' }] });
    // The file stays downloadable as sent, as an applied stock file is (ADR 0191).
    const file = await client.get(`/api/stock/uploads/${history[0]!.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('abc,5');
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

/** docs/decisions/0211: a file says everything it would do, and what it refused, before anything changes. */
describe('uploads tell the truth', () => {
  const TEMPLATE_HEADER = 'id,name,collection,line,size,color,finish,soldBy,description,price,imageUrl,stockLevel,coverage,pricePerSqft,quantityOnOrder';

  beforeEach(async () => {
    await ctx.db
      .update(products)
      .set({ collection: 'Marble Looks', size: '12x24', color: 'White', finish: 'Matte', description: 'Beige matte 12x24', pricePerSqft: '6.49' })
      .where(eq(products.id, 1001));
  });

  it('lists every field the blank cells of the template would clear, before -> after, counted as warnings; Cancel changes nothing', async () => {
    const { client } = await admin();
    const before = await catalogue();
    // The template filled in with id, price and stockLevel only: every other cell is blank.
    const response = await preview(client, `${TEMPLATE_HEADER}\n1001,,,,,,,,,,,95,,,\n`);
    expect(response.statusCode, response.body).toBe(200);
    const body = stockUploadPreviewResponse.parse(response.json());
    const cleared = body.fieldWarnings.filter((w) => w.kind === 'cleared');
    expect(cleared.map((w) => [w.row, w.sku, w.field, w.before, w.after])).toEqual([
      [2, 1001, 'collection', 'Marble Looks', null],
      [2, 1001, 'line', 'Calacatta Luxe', null],
      [2, 1001, 'size', '12x24', null],
      [2, 1001, 'color', 'White', null],
      [2, 1001, 'finish', 'Matte', null],
      [2, 1001, 'description', 'Beige matte 12x24', null],
      [2, 1001, 'price', '76.11', null],
      [2, 1001, 'pricePerSqft', '6.49', '3.99'],
    ]);
    expect(body.counts.warnings).toBe(8);
    expect(describeFieldWarning(cleared[5]!)).toBe('Row 2 (SKU 1001): description "Beige matte 12x24" → empty (blank cell)');
    expect(describeFieldWarning(cleared[6]!)).toBe('Row 2 (SKU 1001): price $76.11 → CALL (blank cell)');
    expect((await cancel(client, body.uploadId)).statusCode).toBe(200);
    expect(await catalogue(), 'cancel changes nothing').toEqual(before);
  });

  it('a column absent from the file leaves the field alone and is no warning', async () => {
    const { client } = await admin();
    const body = stockUploadPreviewResponse.parse((await preview(client, 'id,stockLevel\n1001,95\n')).json());
    expect(body.fieldWarnings).toEqual([]);
    expect(body.counts.warnings).toBe(0);
  });

  it('warns of a box price changed while its price per sq ft stays, with both figures', async () => {
    const { client } = await admin();
    const body = stockUploadPreviewResponse.parse((await preview(client, 'id,price\n1001,120.00\n1002,84.32\n')).json());
    expect(body.fieldWarnings).toEqual([
      { kind: 'priceWithoutSqft', row: 2, sku: 1001, field: 'price', before: '76.11', after: '120.00', pricePerSqft: '6.49' },
    ]);
    expect(describeFieldWarning(body.fieldWarnings[0]!)).toBe('Row 2 (SKU 1001): price $76.11 → $120.00, but the price per sq ft stays $6.49');
    expect(body.counts.warnings).toBe(1);
    // With its new sq ft price the change says everything: no warning.
    const both = stockUploadPreviewResponse.parse((await preview(client, 'id,price,pricePerSqft\n1001,120.00,7.50\n')).json());
    expect(both.fieldWarnings).toEqual([]);
  });

  it('reports every problem of a file in one pass, in row order, each naming its row and SKU', async () => {
    const { client } = await admin();
    const csv = 'id,stockLevel,price\n1001,-5,abc\nabc,5,1\n1002,lots,2\n1001,3,4\n1003,7\n';
    const response = await preview(client, csv);
    expect(response.statusCode).toBe(400);
    const body = stockUploadErrorBody.parse(response.json());
    expect(body.schemaErrors.map(describeSchemaError)).toEqual([
      'Row 2 (SKU 1001): Stock level cannot be negative (-5)',
      'Row 3: Invalid SKU number (abc)',
      `Row 4 (SKU 1002): Unknown stock level "lots": use a whole number, Special Order Only or Fabrication Required - 2 Week Lead`,
      'Row 5 (SKU 1001): SKU 1001 appears more than once (first on row 2)',
      'Row 6 (SKU 1003): The row has 2 cells but the header has 3',
    ]);
    expect(body.nulledFields.map(describeNulledField)).toEqual(['Row 2 (SKU 1001): price "abc" is not a number, so the product would show CALL']);
  });

  it('keeps a file an API token sent and the import refused in the history, rejected, with its problems', async () => {
    const { client } = await admin();
    const { token } = await createToken(client, ['stock:write']);
    const response = await bearer(ctx.app, token, {
      method: 'POST',
      url: '/api/stock/upload',
      ...multipartBody([{ filename: 'erp.csv', content: 'id,stockLevel\n1001,-1\n1002,x\n' }]),
    });
    expect(response.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(stockUploads);
    expect(row).toMatchObject({ status: 'rejected', source: 'api', filename: 'erp.csv', counts: { problems: 2 } });
    expect(row!.problems).toEqual([
      { row: 2, sku: '1001', message: 'Stock level cannot be negative (-1)' },
      { row: 3, sku: '1002', message: expect.stringContaining('Unknown stock level "x"') },
    ]);
  });
});
