import { parse as parseDisposition } from 'content-disposition';
import { LAST_INVENTORY_UPDATE } from '@common/contracts/settings';
import {
  STOCK_ISSUE_LIST_LIMIT,
  STOCK_REPLACE_CHANGED,
  stockReplacePreviewResponse,
  stockUploadErrorBody,
  stockUploadResponse,
} from '@common/contracts/stock';
import { STOCK_FABRICATION, STOCK_SPECIAL_ORDER } from '@common/domain/stock-level';
import { ONLY_EXAMPLE_ROWS } from '@common/domain/template-examples';
import { asc, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody, type MultipartFile } from '../../../../test/multipart';
import { activityLogs, cartItems, carts, products, systemSettings } from '../../db/schema';
import { productColumns, withStock } from '../../../../test/cart-fixtures';

const ctx = useTestApp({ MAX_UPLOAD_MB: '2' });

async function as(role: 'admin' | 'salesperson' | 'bold_customer', activeRole = role) {
  const user = await createUser(ctx.db, { role });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? activeRole : undefined);
}

function upload(client: TestClient, csv: string | Buffer, options: Partial<MultipartFile> & { query?: string } = {}) {
  const { query = '', ...file } = options;
  return client.request({
    method: 'POST',
    url: `/api/stock/upload${query}`,
    ...multipartBody([{ filename: 'stock.csv', content: csv, ...file }]),
  });
}

/** POST /api/stock/upload/preview: what mode=replace would remove; changes nothing. */
function previewReplace(client: TestClient, csv: string) {
  return client.request({ method: 'POST', url: '/api/stock/upload/preview', ...multipartBody([{ filename: 'stock.csv', content: csv }]) });
}

const BASE = [
  { id: 1001, name: 'Calacatta 12x24 White Matte', line: 'Calacatta Luxe', size: '12x24', color: 'White', finish: 'Matte', stockLevel: '120', coverage: '15.5', price: '76.11', pricePerSqft: '4.91', soldBy: 'Box', quantityOnOrder: 0 },
  { id: 1002, name: 'Calacatta 12x24 White Polished', line: 'Calacatta Luxe', size: '12x24', color: 'White', finish: 'Polished', stockLevel: '8', coverage: '15.5', price: '84.32', pricePerSqft: '5.44', soldBy: 'Box', quantityOnOrder: 40 },
  { id: 2001, name: 'Statuario Hexagon White Honed', line: 'Statuario Classic', size: 'Hexagon Mosaic', color: 'White', finish: 'Honed', stockLevel: '0', coverage: '10x11.5', price: '21.99', pricePerSqft: '27.49', soldBy: 'Each', quantityOnOrder: 0 },
];

async function resetCatalogue() {
  await ctx.db.delete(products);
  await ctx.db.delete(systemSettings).where(eq(systemSettings.key, LAST_INVENTORY_UPDATE));
  await ctx.db.insert(products).values(BASE.map(withStock));
  await ctx.db.delete(activityLogs);
}

const catalogue = () => ctx.db.select(productColumns).from(products).orderBy(asc(products.id));
const lastUpdate = async () =>
  (await ctx.db.select().from(systemSettings).where(eq(systemSettings.key, LAST_INVENTORY_UPDATE)))[0]?.value ?? null;
const stockActivities = () => ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'stock_updated'));

/** The rejection body, checked against its contract. */
async function expectRejected(response: Awaited<ReturnType<typeof upload>>) {
  expect(response.statusCode, response.body).toBe(400);
  return stockUploadErrorBody.parse(response.json());
}

beforeEach(resetCatalogue);

describe('who may upload stock and download the template', () => {
  it('refuses anonymous callers', async () => {
    expect((await upload(new TestClient(ctx.app), 'id\n1\n')).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).get('/api/stock/template')).statusCode).toBe(401);
  });

  it.each([
    ['salesperson', 'salesperson'],
    ['bold_customer', 'bold_customer'],
    ['admin', 'salesperson'],
    ['admin', 'bold_customer'],
  ] as const)('refuses a %s acting as %s (no edit_stock, no download_template)', async (role, active) => {
    const client = await as(role, active);
    const response = await upload(client, 'id,stockLevel\n1001,5\n');
    expect(response.statusCode).toBe(403);
    expect((await client.get('/api/stock/template')).statusCode).toBe(403);
    expect((await catalogue())[0]?.stockLevel).toBe('120');
  });

  it('lets an admin acting as admin do both', async () => {
    const client = await as('admin');
    expect((await upload(client, 'id,stockLevel\n1001,5\n')).statusCode).toBe(200);
    const template = await client.get('/api/stock/template');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toMatch(/^text\/csv/);
    expect(parseDisposition(String(template.headers['content-disposition']))).toEqual({ type: 'attachment', parameters: { filename: 'stock-template.csv' } });
    const lines = template.body.trim().split('\n');
    expect(lines[0]).toBe('id,name,collection,line,size,color,finish,soldBy,description,price,imageUrl,stockLevel,coverage,pricePerSqft,quantityOnOrder');
    expect(lines).toHaveLength(3);
  });

  it('uploaded unchanged, in either mode, imports nothing and changes nothing (docs/decisions/0130)', async () => {
    const client = await as('admin');
    const template = (await client.get('/api/stock/template')).body;
    expect(template).toContain('EXAMPLE-1');
    const before = await catalogue();
    for (const query of ['', '?mode=replace']) {
      const body = await expectRejected(await upload(client, template, { query }));
      expect(body.schemaErrors).toEqual([{ row: 2, message: ONLY_EXAMPLE_ROWS }]);
    }
    expect((await previewReplace(client, template)).statusCode).toBe(400);
    expect(await catalogue()).toEqual(before);
    expect(await lastUpdate()).toBeNull();
    expect(await stockActivities()).toEqual([]);
  });

  it('skips the example rows and imports the rows an admin added under them', async () => {
    const client = await as('admin');
    const template = (await client.get('/api/stock/template')).body;
    const response = await upload(client, `${template.trimEnd()}\n1001,,,,,,,,,,,77,,,\n`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rows: 1, updated: 1, created: 0 });
    expect((await catalogue()).map((p) => p.id)).toEqual([1001, 1002, 2001]);
  });
});

describe('a clean upload', () => {
  it('creates and updates products, applies the spec defaults, and reports the counts', async () => {
    const client = await as('admin');
    const csv = [
      'id,name,line,size,color,finish,stockLevel,price',
      '1001,Calacatta 12x24 White Matte,Calacatta Luxe,12x24,White,Matte,95,76.11',
      '3001,Pietra 24x24 Grey Matte,Pietra Grey,24x24,Grey,Matte,,',
    ].join('\n');
    const response = await upload(client, csv);
    expect(response.statusCode, response.body).toBe(200);
    const body = stockUploadResponse.parse(response.json());
    expect(body).toMatchObject({
      message: 'Stock levels have been updated successfully',
      mode: 'keep',
      rows: 2,
      created: 1,
      updated: 1,
      unchanged: 0,
      removed: [],
      missing: [1002, 2001],
    });
    const rows = await catalogue();
    expect(rows.find((p) => p.id === 1001)?.stockLevel).toBe('95');
    // Defaults for a new product: stock 0, coverage 15.5, 3.99 per sq ft, price CALL, Box, nothing on order.
    expect(rows.find((p) => p.id === 3001)).toMatchObject({
      name: 'Pietra 24x24 Grey Matte',
      stockLevel: '0',
      coverage: '15.5',
      pricePerSqft: '3.99',
      price: null,
      soldBy: 'Box',
      quantityOnOrder: 0,
    });
  });

  it('leaves fields whose column is not in the file as they were', async () => {
    const client = await as('admin');
    const response = await upload(client, 'id,stockLevel,quantityOnOrder\n1001,5,10\n2001,Special Order Only,\n');
    expect(response.statusCode, response.body).toBe(200);
    const [first, , mosaic] = await catalogue();
    expect(first).toMatchObject({ stockLevel: '5', quantityOnOrder: 10, price: '76.11', pricePerSqft: '4.91', coverage: '15.5', name: 'Calacatta 12x24 White Matte' });
    expect(mosaic).toMatchObject({ stockLevel: STOCK_SPECIAL_ORDER, quantityOnOrder: 0, coverage: '10x11.5', soldBy: 'Each' });
  });

  it('keeps a product name when its cell is blank and names a new product from its line, size, colour and finish', async () => {
    const client = await as('admin');
    const response = await upload(client, 'id,name,line,size,color,finish\n1001,,Calacatta Luxe,12x24,White,Matte\n4001,,Onyx,12x24,Black,Polished\n4002,,,,,\n');
    expect(response.statusCode, response.body).toBe(200);
    const rows = await catalogue();
    expect(rows.find((p) => p.id === 1001)?.name).toBe('Calacatta 12x24 White Matte');
    expect(rows.find((p) => p.id === 4001)?.name).toBe('Onyx 12x24 Black Polished');
    expect(rows.find((p) => p.id === 4002)?.name).toBe('SKU 4002');
  });

  it('matches headers in any case, with spaces or underscores', async () => {
    const client = await as('admin');
    const response = await upload(client, 'ID,Stock Level,price_per_sqft,SOLD BY,Quantity_On_Order\n1001,7,5.10,Box,3\n');
    expect(response.statusCode, response.body).toBe(200);
    expect((await catalogue())[0]).toMatchObject({ stockLevel: '7', pricePerSqft: '5.10', quantityOnOrder: 3 });
  });

  it('reads CALL prices, stock words in any case, quoted cells and a byte-order mark', async () => {
    const client = await as('admin');
    const csv = '\uFEFFid,price,pricePerSqft,stockLevel,description\n1001,CALL,call,fabrication required - 2 week lead,"Line one\nline two, with comma"\n';
    const response = await upload(client, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect((await catalogue())[0]).toMatchObject({
      price: null,
      pricePerSqft: null,
      stockLevel: STOCK_FABRICATION,
      description: 'Line one\nline two, with comma',
    });
  });

  it('sets last_inventory_update and logs stock_updated with the counts', async () => {
    const client = await as('admin');
    const before = Date.now();
    const response = await upload(client, 'id,stockLevel\n1001,50\n1002,8\n', { filename: 'morning.csv' });
    expect(response.statusCode).toBe(200);
    const stamp = await lastUpdate();
    expect(stamp).not.toBeNull();
    expect(new Date(stamp!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const settings = await client.get('/api/system/settings');
    expect(settings.json()).toContainEqual(expect.objectContaining({ key: LAST_INVENTORY_UPDATE, value: stamp }));
    const [activity] = await stockActivities();
    expect(activity?.description).toBe('Stock upload morning.csv: 2 rows, 0 new, 1 updated, 1 unchanged, 1 not in the file kept');
    expect(activity?.metadata).toMatchObject({ filename: 'morning.csv', mode: 'keep', rows: 2, created: 0, updated: 1, unchanged: 1, missing: 1 });
  });

  it('counts an identical upload as unchanged', async () => {
    const client = await as('admin');
    const csv = 'id,stockLevel,price\n1001,120,76.11\n';
    const response = await upload(client, csv);
    expect(response.json()).toMatchObject({ rows: 1, created: 0, updated: 0, unchanged: 1 });
  });

  it('returns warnings and still imports the file', async () => {
    const client = await as('admin');
    const response = await upload(client, 'id,price,coverage,notes\n1001,ten dollars,lots,hello\n');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().warnings).toEqual({
      validationIssues: [
        { row: 1, issue: 'Unknown column, ignored', field: 'notes', value: '' },
        { row: 2, issue: 'coverage "lots" is neither square feet per box nor a size such as 12x12, so 15.5 was used', field: 'coverage', value: 'lots', sku: '1001' },
      ],
      nulledFields: [{ row: 2, field: 'price', originalValue: 'ten dollars', sku: '1001' }],
    });
    expect((await catalogue())[0]).toMatchObject({ price: null, coverage: '15.5' });
  });

  it('with mode=replace removes the products the file does not list, and their cart lines', async () => {
    const client = await as('admin');
    const owner = await createUser(ctx.db);
    const [cart] = await ctx.db.insert(carts).values({ userId: owner.id, name: 'Active Purchase Order' }).returning();
    await ctx.db.insert(cartItems).values({ cartId: cart!.id, productId: 2001, quantity: 2 });
    const response = await upload(client, 'id,stockLevel\n1001,5\n1002,6\n', { query: '?mode=replace' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ mode: 'replace', removed: [2001], missing: [] });
    expect((await catalogue()).map((p) => p.id)).toEqual([1001, 1002]);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toEqual([]);
  });

  it('previews what replace would remove, then removes exactly that, taking the products out of open carts (docs/decisions/0130)', async () => {
    const client = await as('admin');
    const owner = await createUser(ctx.db);
    const [cart] = await ctx.db.insert(carts).values({ userId: owner.id, name: 'Active Purchase Order' }).returning();
    await ctx.db.insert(cartItems).values([
      { cartId: cart!.id, productId: 2001, quantity: 2 },
      { cartId: cart!.id, productId: 1001, quantity: 1 },
    ]);
    const before = await catalogue();
    const file = 'id,stockLevel\n1001,5\n';
    const previewed = await previewReplace(client, file);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = stockReplacePreviewResponse.parse(previewed.json());
    expect(preview).toMatchObject({
      rows: 1,
      removedCount: 2,
      removed: [
        { id: 1002, name: 'Calacatta 12x24 White Polished' },
        { id: 2001, name: 'Statuario Hexagon White Honed' },
      ],
      cartLines: 1,
      carts: 1,
    });
    expect(await catalogue(), 'a preview changes nothing').toEqual(before);
    expect(await stockActivities()).toEqual([]);

    const response = await upload(client, file, { query: `?mode=replace&removalToken=${preview.removalToken}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(stockUploadResponse.parse(response.json())).toMatchObject({ removed: [1002, 2001], cartLinesRemoved: 1, cartsAffected: 1 });
    expect((await catalogue()).map((p) => p.id)).toEqual([1001]);
    expect((await ctx.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).map((i) => i.productId)).toEqual([1001]);
  });

  it('refuses a replace whose removals differ from the preview, changing nothing', async () => {
    const client = await as('admin');
    const file = 'id,stockLevel\n1001,5\n';
    const preview = stockReplacePreviewResponse.parse((await previewReplace(client, file)).json());
    // Someone adds a product between the preview and the confirmation.
    await ctx.db.insert(products).values(withStock({ ...BASE[0]!, id: 4001, name: 'New since the preview' }));
    const before = await catalogue();
    const response = await upload(client, file, { query: `?mode=replace&removalToken=${preview.removalToken}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STOCK_REPLACE_CHANGED);
    expect(await catalogue()).toEqual(before);
  });

  it('lets only stock editors preview', async () => {
    expect((await previewReplace(await as('salesperson'), 'id\n1001\n')).statusCode).toBe(403);
  });

  it('refuses an unknown mode', async () => {
    const client = await as('admin');
    const response = await upload(client, 'id\n1001\n', { query: '?mode=wipe' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('mode must be keep or replace');
  });
});

describe('a file with errors changes nothing', () => {
  async function expectNothingChanged() {
    expect(await catalogue()).toMatchObject(BASE.map((p) => ({ id: p.id, stockLevel: p.stockLevel, price: p.price })));
    expect(await catalogue()).toHaveLength(3);
    expect(await lastUpdate()).toBeNull();
    expect(await stockActivities()).toEqual([]);
  }

  it('one bad row among good ones rejects the whole file with that row number', async () => {
    const client = await as('admin');
    const csv = 'id,stockLevel\n1001,1\n1002,2\nABC,3\n2001,4\n5001,5\n';
    const body = await expectRejected(await upload(client, csv));
    expect(body.message).toBe('The file was not imported; nothing was changed');
    expect(body.schemaErrors).toEqual([{ row: 4, message: 'Invalid SKU number (ABC)' }]);
    await expectNothingChanged();
  });

  it('lists every bad row: negative stock, unknown stock words, bad quantities on order', async () => {
    const client = await as('admin');
    const csv = 'id,stockLevel,quantityOnOrder\n1001,-4,0\n1002,Backorder,0\n2001,3,lots\n';
    const body = await expectRejected(await upload(client, csv));
    expect(body.schemaErrors.map((e) => [e.row, e.message])).toEqual([
      [2, 'Stock level cannot be negative (-4)'],
      [3, `Unknown stock level "Backorder": use a whole number, ${STOCK_SPECIAL_ORDER} or ${STOCK_FABRICATION}`],
      [4, 'Quantity on order must be a whole number of 0 or more (lots)'],
    ]);
    await expectNothingChanged();
  });

  it('refuses a SKU given twice, naming both rows', async () => {
    const client = await as('admin');
    const body = await expectRejected(await upload(client, 'id,stockLevel\n1001,1\n1002,2\n1001,3\n'));
    expect(body.schemaErrors).toEqual([{ row: 4, sku: '1001', message: 'SKU 1001 appears more than once (first on row 2)' }]);
    await expectNothingChanged();
  });

  it('refuses cells that look like spreadsheet formulas', async () => {
    const client = await as('admin');
    const body = await expectRejected(await upload(client, `id,name\n1001,"=cmd|' /C calc'!A0"\n1002,@SUM(1+1)\n`));
    expect(body.schemaErrors.map((e) => e.row)).toEqual([2, 3]);
    expect(body.schemaErrors[0]?.message).toMatch(/^name starts with "=", which a spreadsheet would run as a formula/);
    await expectNothingChanged();
  });

  it('refuses a file separated by semicolons', async () => {
    const client = await as('admin');
    const body = await expectRejected(await upload(client, 'id;stockLevel\n1001;5\n'));
    expect(body.schemaErrors).toEqual([
      { row: 1, message: 'The file must be separated by commas; this one is separated by semicolons. Save it as "CSV (comma delimited)" and upload it again.' },
    ]);
    await expectNothingChanged();
  });

  it('refuses a file without an id column', async () => {
    const client = await as('admin');
    const body = await expectRejected(await upload(client, 'sku,stockLevel\n1001,5\n'));
    expect(body.schemaErrors).toEqual([{ row: 1, message: 'The file needs an id column with the SKU number of each product' }]);
    expect(body.validationIssues).toEqual([{ row: 1, issue: 'Unknown column, ignored', field: 'sku', value: '' }]);
    await expectNothingChanged();
  });

  it('refuses an empty file and a file with only a header', async () => {
    const client = await as('admin');
    expect((await expectRejected(await upload(client, ''))).schemaErrors).toEqual([{ row: 1, message: 'The file is empty' }]);
    expect((await expectRejected(await upload(client, 'id,stockLevel\n'))).schemaErrors).toEqual([
      { row: 2, message: 'The file has a header but no product rows' },
    ]);
    await expectNothingChanged();
  });

  it('refuses rows with a different number of cells than the header', async () => {
    const client = await as('admin');
    const body = await expectRejected(await upload(client, 'id,stockLevel,price\n1001,5\n1002,5,1,2\n2001,5,3,,\n'));
    expect(body.schemaErrors).toEqual([
      { row: 2, sku: '1001', message: 'The row has 2 cells but the header has 3' },
      { row: 3, sku: '1002', message: 'The row has 4 cells but the header has 3' },
    ]);
    await expectNothingChanged();
  });

  it('refuses a quote that is never closed, at the row where it opens', async () => {
    const client = await as('admin');
    const body = await expectRejected(await upload(client, 'id,name\n1001,ok\n\n1002,"broken\n2001,fine\n'));
    expect(body.schemaErrors).toEqual([
      { row: 4, message: 'A quoted cell starts here and is never closed; the file cannot be read past this row' },
    ]);
    await expectNothingChanged();
  });

  it('numbers rows as a spreadsheet does, counting blank rows and multi-line cells once', async () => {
    const client = await as('admin');
    const body = await expectRejected(await upload(client, 'id,description\n1001,"two\nlines"\n\n-1,x\n'));
    expect(body.schemaErrors).toEqual([{ row: 4, message: 'Invalid SKU number (-1)' }]);
  });

  it('lists at most 200 problems of each kind and counts the rest', async () => {
    const client = await as('admin');
    const rows = Array.from({ length: 450 }, (_, i) => `x${i},5`);
    const body = await expectRejected(await upload(client, `id,stockLevel\n${rows.join('\n')}\n`));
    expect(body.schemaErrors).toHaveLength(STOCK_ISSUE_LIST_LIMIT);
    expect(body.moreIssues).toBe(250);
    await expectNothingChanged();
  });

  it('refuses a PNG renamed .csv', async () => {
    const client = await as('admin');
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(5000, 7)]);
    const response = await upload(client, png, { contentType: 'image/png' });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('This is a PNG file, not a CSV file. Save the sheet as "CSV UTF-8 (comma delimited)" and upload that file.');
    await expectNothingChanged();
  });

  it('refuses binary data and text that is not UTF-8', async () => {
    const client = await as('admin');
    const binary = await upload(client, Buffer.from('id,stockLevel\n1001,5\u0000\n'));
    expect(binary.statusCode).toBe(415);
    const latin1 = await upload(client, Buffer.from('id,name\n1001,Caf\xe9 tile\n', 'latin1'));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().message).toMatch(/^The file is not UTF-8 text/);
    await expectNothingChanged();
  });

  it('refuses a file that is not named .csv', async () => {
    const client = await as('admin');
    const response = await upload(client, 'id,stockLevel\n1001,5\n', { filename: 'stock.xlsx' });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Only CSV files (.csv) can be uploaded');
    await expectNothingChanged();
  });

  it('refuses a file over the upload limit (2 MB here) with 413', async () => {
    const client = await as('admin');
    const row = '1001,5\n';
    const big = `id,stockLevel\n${row.repeat(Math.ceil((3 * 1024 * 1024) / row.length))}`;
    const response = await upload(client, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is larger than the 2 MB upload limit');
    await expectNothingChanged();
  });

  it('stops reading at the limit when the size is not announced (a streamed upload)', async () => {
    const client = await as('admin');
    const rows = Array.from({ length: 300_000 }, (_, i) => `${i + 10_000},5`).join('\n');
    const { payload, headers } = multipartBody([{ filename: 'stock.csv', content: `id,stockLevel\n${rows}\n` }]);
    expect(payload.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await client.request({ method: 'POST', url: '/api/stock/upload', headers, payload: Readable.from([payload]) });
    expect(response.statusCode).toBe(413);
    await expectNothingChanged();
  });

  it('needs the file in the field "file" of a multipart form', async () => {
    const client = await as('admin');
    const wrongField = await upload(client, 'id\n1001\n', { field: 'upload' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Send the CSV file in the form field "file"');
    const json = await client.post('/api/stock/upload', { file: 'id\n1001\n' });
    expect(json.statusCode).toBe(415);
    await expectNothingChanged();
  });
});
