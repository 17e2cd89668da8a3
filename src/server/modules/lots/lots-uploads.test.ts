import { parse as parseDisposition } from 'content-disposition';
import { lotsApplyResponse } from '@common/contracts/lots';
import { incomingUploadPreviewResponse, lotsUploadPreviewResponse } from '@common/contracts/lots-uploads';
import { stockUploadHistoryResponse, stockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { STOCK_UPLOAD_MESSAGES } from '@common/domain/stock-uploads';
import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, put, productColumns, withStock } from '../../../../test/cart-fixtures';
import { bearer, createToken } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { activityLogs, incomingLoads, productLots, products, stockUploads } from '../../db/schema';

/** ADR 0196: the lots and incoming files are previewed, confirmed or cancelled, and kept in the one upload history. */
const ctx = useTestApp();

const SKUS = [
  { id: 1001, name: 'Calacatta 12x24 White Polished', stockLevel: '10', price: '42.50', soldBy: 'Box' },
  { id: 1002, name: 'Urban Concrete 24x24 Grey Matte', stockLevel: '7', price: '61.99', soldBy: 'Box' },
  { id: 1003, name: 'Zellige 3x12 Green Glossy', stockLevel: '0', price: '9.99', soldBy: 'Box' },
];

const LOTS_FILE = 'sku,lot,shade,caliber,warehouse,quantity\n1001,L1,S3,C2,Main,60\n1001,L3,S5,C2,,12\n1002,B1,,,,30\n';
const INCOMING_FILE = 'sku,quantity,eta,stage,lot,reference\n1001,120,2026-12-20,in_transit,,CONT-88\n1003,40,2027-01-10,ordered,,PO-7\n';

async function signedIn(role: 'admin' | 'bold_customer') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return { user, client: await new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined) };
}

const preview = (client: TestClient, kind: 'lots' | 'incoming', content: string | Buffer, filename = `${kind}.csv`) =>
  client.request({ method: 'POST', url: `/api/stock/${kind}/upload/preview`, ...multipartBody([{ filename, content }]) });
const confirm = (client: TestClient, kind: 'lots' | 'incoming', id: number) => client.post(`/api/stock/${kind}/uploads/${id}/confirm`, {});
const cancel = (client: TestClient, id: number) => client.post(`/api/stock/uploads/${id}/cancel`, {});
const history = async (client: TestClient, query = '') => stockUploadHistoryResponse.parse((await client.get(`/api/stock/uploads${query}`)).json()).uploads;

const allLots = async () =>
  (await ctx.db.select().from(productLots).orderBy(asc(productLots.productId), asc(productLots.lot))).map((l) => [l.productId, l.lot, l.shade, l.caliber, l.warehouse, l.quantity]);
const allLoads = async () => (await ctx.db.select().from(incomingLoads).orderBy(asc(incomingLoads.productId))).map((l) => [l.productId, l.quantity, l.eta, l.stage, l.reference]);
const levels = async () =>
  (await ctx.db.select(productColumns).from(products).where(inArray(products.id, SKUS.map((s) => s.id))).orderBy(asc(products.id))).map((p) => [p.id, p.stockLevel, p.quantityOnOrder]);

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(stockUploads);
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = (await signedIn('admin')).client;
  // 1001 has two lots and a load; 1002 and 1003 have none.
  await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'L1', shade: 'S3', caliber: 'C2', quantity: 55 }, { lot: 'L2', shade: 'S4', caliber: 'C2', quantity: 20 }] }] });
  await put(admin, '/api/stock/incoming', { items: [{ sku: 1001, incoming: [{ quantity: 100, eta: '2026-12-14', stage: 'on_vessel', reference: 'CONT-88' }] }] });
  await ctx.db.delete(activityLogs);
});

describe('lots preview', () => {
  it('answers added, changed before and after, removed, unchanged and the levels that move, and changes nothing', async () => {
    const lotsBefore = await allLots();
    const levelsBefore = await levels();
    const response = await preview(admin, 'lots', LOTS_FILE, 'monday-lots.csv');
    expect(response.statusCode, response.body).toBe(200);
    const body = lotsUploadPreviewResponse.parse(response.json());
    expect(body).toMatchObject({ kind: 'lots', filename: 'monday-lots.csv' });
    expect(body.counts).toEqual({ rows: 3, skus: 2, added: 2, changed: 1, removed: 1, unchanged: 0, levelsChanged: 2, warnings: 0 });
    expect(body.skus).toEqual([
      {
        sku: 1001,
        name: SKUS[0]!.name,
        added: [{ lot: 'L3', shade: 'S5', caliber: 'C2', warehouse: 'Main', quantity: 12 }],
        changed: [{ before: { lot: 'L1', shade: 'S3', caliber: 'C2', warehouse: 'Main', quantity: 55 }, after: { lot: 'L1', shade: 'S3', caliber: 'C2', warehouse: 'Main', quantity: 60 } }],
        removed: [{ lot: 'L2', shade: 'S4', caliber: 'C2', warehouse: 'Main', quantity: 20 }],
        unchanged: 0,
      },
      { sku: 1002, name: SKUS[1]!.name, added: [{ lot: 'B1', shade: null, caliber: null, warehouse: 'Main', quantity: 30 }], changed: [], removed: [], unchanged: 0 },
    ]);
    expect(body.levels).toEqual([
      { sku: 1001, name: SKUS[0]!.name, before: '75', after: '72' },
      { sku: 1002, name: SKUS[1]!.name, before: '7', after: '30' },
    ]);
    expect(await allLots(), 'a preview changes no lot').toEqual(lotsBefore);
    expect(await levels(), 'nor a level').toEqual(levelsBefore);
    expect(await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'stock_updated'))).toEqual([]);
    expect(await history(admin)).toMatchObject([{ id: body.uploadId, kind: 'lots', status: 'previewed', counts: body.counts }]);
  });

  it('counts a lot sent again as it is as unchanged and lists unknown columns as warnings', async () => {
    const body = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', 'sku,lot,shade,caliber,quantity,colour\n1001,L1,S3,C2,55,red\n1001,L2,S4,C2,20,blue\n')).json());
    expect(body.counts).toMatchObject({ rows: 2, skus: 1, added: 0, changed: 0, removed: 0, unchanged: 2, levelsChanged: 0, warnings: 1 });
    expect(body.skus).toEqual([]);
    expect(body.warnings.validationIssues).toEqual([{ row: 1, issue: 'Unknown column, ignored', field: 'colour', value: '' }]);
  });

  it('rejects bad rows with every problem in one pass, in row order, naming row and SKU; keeps nothing to confirm, records the rejection', async () => {
    const lotsBefore = await allLots();
    const response = await preview(admin, 'lots', 'sku,lot,quantity\n1001,L1,-4\n9999,X,5\n1002,B1,3\n1002,b1,4\n');
    expect(response.statusCode).toBe(400);
    // The unknown SKU is named beside the bad quantity, not after it is fixed.
    expect(response.json().schemaErrors).toEqual([
      { row: 2, sku: '1001', message: 'quantity "-4" is not a whole number of boxes (0 or more)' },
      { row: 3, sku: '9999', message: 'Unknown SKU 9999' },
      { row: 5, sku: '1002', message: 'Lot b1 of SKU 1002 appears more than once (first on row 4)' },
    ]);
    const kept = await ctx.db.select().from(stockUploads);
    expect(kept.map((u) => u.status), 'nothing is kept to confirm').toEqual(['rejected']);
    const [entry] = await history(admin);
    expect(entry).toMatchObject({ kind: 'lots', status: 'rejected', problemCount: 3, size: 0 });
    expect(entry!.problems.map((p) => p.row)).toEqual([2, 3, 5]);
    expect(await allLots()).toEqual(lotsBefore);
  });
});

describe('incoming preview', () => {
  it('pairs a load by its reference and moves the quantity on order', async () => {
    const response = await preview(admin, 'incoming', INCOMING_FILE);
    expect(response.statusCode, response.body).toBe(200);
    const body = incomingUploadPreviewResponse.parse(response.json());
    expect(body.counts).toEqual({ rows: 2, skus: 2, added: 1, changed: 1, removed: 0, unchanged: 0, levelsChanged: 2, warnings: 0 });
    expect(body.skus[0]).toEqual({
      sku: 1001,
      name: SKUS[0]!.name,
      added: [],
      changed: [
        {
          before: { quantity: 100, eta: '2026-12-14', stage: 'on_vessel', lot: null, reference: 'CONT-88' },
          after: { quantity: 120, eta: '2026-12-20', stage: 'in_transit', lot: null, reference: 'CONT-88' },
        },
      ],
      removed: [],
      unchanged: 0,
    });
    expect(body.levels).toEqual([
      { sku: 1001, name: SKUS[0]!.name, before: '100', after: '120' },
      { sku: 1003, name: SKUS[2]!.name, before: '0', after: '40' },
    ]);
    expect(await allLoads()).toEqual([[1001, 100, '2026-12-14', 'on_vessel', 'CONT-88']]);
  });

  it('reads an xlsx workbook, and the history keeps and serves the rows it read, as CSV (ADR 0204)', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('incoming').addRows([['sku', 'quantity', 'eta', 'stage', 'reference'], [1002, 15, '2027-03-01', 'in_production', 'PO-9']]);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const response = await preview(admin, 'incoming', data, 'loads.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    const body = incomingUploadPreviewResponse.parse(response.json());
    expect(body.counts).toMatchObject({ rows: 1, added: 1 });
    expect((await confirm(admin, 'incoming', body.uploadId)).statusCode).toBe(200);
    expect((await levels())[1]).toEqual([1002, '7', 15]);
    const file = await admin.request({ method: 'GET', url: `/api/stock/uploads/${body.uploadId}/file` });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseDisposition(String(file.headers['content-disposition']))).toEqual({ type: 'attachment', parameters: { filename: 'loads_xlsx.csv' } });
    expect(file.body).toBe('sku,quantity,eta,stage,lot,reference\n1002,15,2027-03-01,in_production,,PO-9\n');
  });
});

describe('confirm and cancel', () => {
  it('confirm applies exactly the preview, once, and the history says applied', async () => {
    const { uploadId } = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', LOTS_FILE)).json());
    const response = await confirm(admin, 'lots', uploadId);
    expect(response.statusCode, response.body).toBe(200);
    expect(lotsApplyResponse.parse(response.json())).toMatchObject({ rows: 3, skus: 2 });
    expect(await allLots()).toEqual([
      [1001, 'L1', 'S3', 'C2', 'Main', 60],
      [1001, 'L3', 'S5', 'C2', 'Main', 12],
      [1002, 'B1', null, null, 'Main', 30],
    ]);
    expect((await levels()).map(([id, level]) => [id, level])).toEqual([
      [1001, '72'],
      [1002, '30'],
      [1003, '0'],
    ]);
    const again = await confirm(admin, 'lots', uploadId);
    expect(again.statusCode, 'a second confirm applies nothing').toBe(409);
    expect(again.json().message).toBe(STOCK_UPLOAD_MESSAGES.alreadyDecided);
    const [entry] = await history(admin);
    expect(entry).toMatchObject({ id: uploadId, kind: 'lots', status: 'applied', counts: { rows: 3, skus: 2, added: 2, changed: 1, removed: 1 } });
    expect(entry!.decidedAt).not.toBeNull();
  });

  it('confirm of incoming replaces the loads and the quantity on order', async () => {
    const { uploadId } = incomingUploadPreviewResponse.parse((await preview(admin, 'incoming', INCOMING_FILE)).json());
    expect((await confirm(admin, 'incoming', uploadId)).statusCode).toBe(200);
    expect(await allLoads()).toEqual([
      [1001, 120, '2026-12-20', 'in_transit', 'CONT-88'],
      [1003, 40, '2027-01-10', 'ordered', 'PO-7'],
    ]);
    expect((await levels()).map(([id, , onOrder]) => [id, onOrder])).toEqual([
      [1001, 120],
      [1002, 0],
      [1003, 40],
    ]);
  });

  it('refuses a confirm (409, nothing changed) after an order took boxes from a listed lot', async () => {
    const { uploadId } = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', LOTS_FILE)).json());
    const dealer = (await signedIn('bold_customer')).client;
    const cart = await activeCart(dealer);
    expect((await dealer.post(`/api/carts/${cart.id}/items`, { productId: 1001, quantity: 5 })).statusCode).toBeLessThan(300);
    const placed = await dealer.post('/api/orders', { cartId: cart.id, items: [{ productId: 1001, quantity: 5 }] });
    expect(placed.statusCode, placed.body).toBe(201);
    const lotsBefore = await allLots();
    const levelsBefore = await levels();
    const response = await confirm(admin, 'lots', uploadId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STOCK_UPLOAD_MESSAGES.lotsChanged);
    expect(await allLots()).toEqual(lotsBefore);
    expect(await levels()).toEqual(levelsBefore);
    expect((await history(admin))[0]).toMatchObject({ id: uploadId, status: 'previewed' });
  });

  it('refuses after a PUT changed a listed SKU, but not after a change to a SKU the file does not list', async () => {
    const first = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', 'sku,lot,quantity\n1002,B1,30\n')).json());
    await put(admin, '/api/stock/lots', { items: [{ sku: 1003, lots: [{ lot: 'Z1', quantity: 4 }] }] });
    expect((await confirm(admin, 'lots', first.uploadId)).statusCode, 'SKU 1003 is not in the file').toBe(200);

    const second = incomingUploadPreviewResponse.parse((await preview(admin, 'incoming', INCOMING_FILE)).json());
    await put(admin, '/api/stock/incoming', { items: [{ sku: 1003, incoming: [{ quantity: 9, eta: '2027-02-02', stage: 'ordered' }] }] });
    const loadsBefore = await allLoads();
    const refused = await confirm(admin, 'incoming', second.uploadId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOCK_UPLOAD_MESSAGES.incomingChanged);
    expect(await allLoads()).toEqual(loadsBefore);
  });

  it('cancel changes nothing, and a cancelled upload cannot be confirmed', async () => {
    const lotsBefore = await allLots();
    const { uploadId } = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', LOTS_FILE)).json());
    const cancelled = await cancel(admin, uploadId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: uploadId, kind: 'lots', status: 'cancelled', mode: null });
    expect(await allLots()).toEqual(lotsBefore);
    const late = await confirm(admin, 'lots', uploadId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(STOCK_UPLOAD_MESSAGES.alreadyDecided);
    expect(await allLots()).toEqual(lotsBefore);
  });

  it('confirms each kind only at its own address', async () => {
    const lots = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', LOTS_FILE)).json());
    const asIncoming = await confirm(admin, 'incoming', lots.uploadId);
    expect(asIncoming.statusCode).toBe(409);
    expect(asIncoming.json().message).toBe(STOCK_UPLOAD_MESSAGES.wrongKind('lots', lots.uploadId));
    const asStock = await admin.post(`/api/stock/uploads/${lots.uploadId}/confirm`, { mode: 'keep' });
    expect(asStock.statusCode).toBe(409);
    expect(asStock.json().message).toContain(`/api/stock/lots/uploads/${lots.uploadId}/confirm`);
    const stock = await admin.request({ method: 'POST', url: '/api/stock/upload/preview', ...multipartBody([{ filename: 's.csv', content: 'id,stockLevel\n1003,4\n' }]) });
    const stockId = stockUploadPreviewResponse.parse(stock.json()).uploadId;
    expect((await confirm(admin, 'lots', stockId)).statusCode).toBe(409);
    expect((await confirm(admin, 'lots', 999_999)).statusCode).toBe(404);
  });
});

describe('upload history', () => {
  it('lists the stock, lots and incoming uploads, filters by kind and serves each file', async () => {
    const stock = await admin.request({ method: 'POST', url: '/api/stock/upload/preview', ...multipartBody([{ filename: 'stock.csv', content: 'id,stockLevel\n1003,4\n' }]) });
    expect(stock.statusCode, stock.body).toBe(200);
    const lots = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', LOTS_FILE, 'lots.csv')).json());
    await confirm(admin, 'lots', lots.uploadId);
    const incoming = incomingUploadPreviewResponse.parse((await preview(admin, 'incoming', INCOMING_FILE, 'incoming.csv')).json());
    await cancel(admin, incoming.uploadId);

    expect((await history(admin)).map((u) => [u.filename, u.kind, u.status])).toEqual([
      ['incoming.csv', 'incoming', 'cancelled'],
      ['lots.csv', 'lots', 'applied'],
      ['stock.csv', 'stock', 'previewed'],
    ]);
    expect((await history(admin, '?kind=lots')).map((u) => u.filename)).toEqual(['lots.csv']);
    expect((await admin.get('/api/stock/uploads?kind=prices')).statusCode).toBe(400);
    const file = await admin.get(`/api/stock/uploads/${lots.uploadId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The rows as read, in the template's columns (ADR 0204): the blank warehouse is the default it was read as.
    expect(file.body).toBe(LOTS_FILE.replace('1001,L3,S5,C2,,12', '1001,L3,S5,C2,Main,12').replace('1002,B1,,,,30', '1002,B1,,,Main,30'));
  });

  it('records a token upload, applied at once, with the token named and its file', async () => {
    const { token } = await createToken(admin, ['stock:write'], { name: 'ERP lots' });
    const csv = 'sku,lot,quantity\n1002,E1,8\n';
    const response = await bearer(ctx.app, token, { method: 'POST', url: '/api/stock/lots/upload', ...multipartBody([{ filename: 'erp-lots.csv', content: csv }]) });
    expect(response.statusCode, response.body).toBe(200);
    expect((await levels())[1]![1]).toBe('8');
    const [entry] = await history(admin);
    expect(entry).toMatchObject({ kind: 'lots', filename: 'erp-lots.csv', status: 'applied', source: 'api', counts: { rows: 1, skus: 1 } });
    expect(entry!.username).toContain('ERP lots');
    expect((await admin.get(`/api/stock/uploads/${entry!.id}/file`)).body).toBe('sku,lot,shade,caliber,warehouse,quantity\n1002,E1,,,Main,8\n');

    // A token may preview and confirm too; a file the API refuses is recorded as rejected, with its problems.
    const previewed = await bearer(ctx.app, token, { method: 'POST', url: '/api/stock/incoming/upload/preview', ...multipartBody([{ filename: 'i.csv', content: INCOMING_FILE }]) });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const bad = await bearer(ctx.app, token, { method: 'POST', url: '/api/stock/incoming/upload', ...multipartBody([{ filename: 'bad.csv', content: 'sku,quantity,eta,stage\n1001,5,soon,ordered\n' }]) });
    expect(bad.statusCode).toBe(400);
    expect((await history(admin)).map((u) => [u.filename, u.status])).toEqual([
      ['bad.csv', 'rejected'],
      ['i.csv', 'previewed'],
      ['erp-lots.csv', 'applied'],
    ]);
    expect((await history(admin))[0]!.problems).toEqual([
      { row: 2, sku: '1001', message: 'eta "soon" is not a date; use 2026-12-14 or 12/14/2026' },
    ]);
  });

  it('is for stock editors only', async () => {
    const { uploadId } = lotsUploadPreviewResponse.parse((await preview(admin, 'lots', LOTS_FILE)).json());
    const dealer = (await signedIn('bold_customer')).client;
    expect((await preview(dealer, 'lots', LOTS_FILE)).statusCode).toBe(403);
    expect((await confirm(dealer, 'lots', uploadId)).statusCode).toBe(403);
    expect((await cancel(dealer, uploadId)).statusCode).toBe(403);
    expect((await dealer.get('/api/stock/uploads')).statusCode).toBe(403);
    expect((await dealer.get(`/api/stock/uploads/${uploadId}/file`)).statusCode).toBe(403);
    const { token } = await createToken(admin, ['orders:read']);
    const response = await bearer(ctx.app, token, { method: 'POST', url: '/api/stock/lots/upload/preview', ...multipartBody([{ filename: 'l.csv', content: LOTS_FILE }]) });
    expect(response.statusCode).toBe(403);
    expect((await history(admin))[0]).toMatchObject({ id: uploadId, status: 'previewed' });
  });
});
