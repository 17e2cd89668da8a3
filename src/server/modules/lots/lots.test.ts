import { describeSchemaError, describeValidationIssue, type SchemaError } from '@common/contracts/stock';
import { LOT_MESSAGES } from '@common/domain/lots';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, put, productColumns, withStock } from '../../../../test/cart-fixtures';
import { bearer, createToken } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { emailOutbox, incomingLoads, orderLineAllocations, productLots, products, stockNotifyRequests, webhookDeliveries, webhookEndpoints } from '../../db/schema';

const ctx = useTestApp();

const SKUS = [
  { id: 1001, name: 'Calacatta 12x24 White Polished', stockLevel: '10', price: '42.50', soldBy: 'Box' },
  { id: 1002, name: 'Urban Concrete 24x24 Grey Matte', stockLevel: '7', price: '61.99', soldBy: 'Box' },
  { id: 1003, name: 'Zellige 3x12 Green Glossy', stockLevel: '0', price: '9.99', soldBy: 'Box' },
];

async function signedIn(role: 'admin' | 'bold_customer', email?: string) {
  const user = await createUser(ctx.db, { role, email: email ?? `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

function upload(client: TestClient, kind: 'lots' | 'incoming', content: string | Buffer, filename = `${kind}.csv`) {
  return client.request({ method: 'POST', url: `/api/stock/${kind}/upload`, ...multipartBody([{ filename, content }]) });
}

const stockOf = async (id: number) => (await ctx.db.select(productColumns).from(products).where(eq(products.id, id)))[0]!;
const lotsOf = (id: number) => ctx.db.select().from(productLots).where(eq(productLots.productId, id)).orderBy(asc(productLots.lot));

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = await signedIn('admin');
});

describe('templates', () => {
  it('serve the documented headers, with example rows that change nothing', async () => {
    const lots = await admin.get('/api/stock/lots/template');
    expect(lots.statusCode).toBe(200);
    expect(lots.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(lots.body.split('\n')[0]).toBe('sku,lot,shade,caliber,warehouse,quantity');
    const incoming = await admin.get('/api/stock/incoming/template');
    expect(incoming.body.split('\n')[0]).toBe('sku,quantity,eta,stage,lot,reference');
    const unchanged = await upload(admin, 'lots', lots.body);
    expect(unchanged.statusCode).toBe(400);
    expect(await ctx.db.select().from(productLots)).toEqual([]);
  });
});

describe('lots upload', () => {
  it('replaces the lots of the listed SKUs only and sets their stock to the sum', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 1002, lots: [{ lot: 'B1', quantity: 30 }] }] });
    const response = await upload(admin, 'lots', 'sku,lot,shade,caliber,warehouse,quantity\n1001,L2406A,S3,C2,Main,42\n1001,L2406B,S4,C2,,55\n');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rows: 2, skus: 1 });
    expect((await lotsOf(1001)).map((l) => [l.lot, l.shade, l.caliber, l.warehouse, l.quantity])).toEqual([
      ['L2406A', 'S3', 'C2', 'Main', 42],
      ['L2406B', 'S4', 'C2', 'Main', 55],
    ]);
    expect((await stockOf(1001)).stockLevel).toBe('97');
    // 1002 was not in the file: its lot and level stay.
    expect((await lotsOf(1002)).map((l) => l.quantity)).toEqual([30]);
    expect((await stockOf(1002)).stockLevel).toBe('30');
    expect((await stockOf(1003)).stockLevel).toBe('0');

    // A later file for 1001 replaces its lots whole.
    await upload(admin, 'lots', 'sku,lot,quantity\n1001,L2407C,12\n');
    expect((await lotsOf(1001)).map((l) => l.lot)).toEqual(['L2407C']);
    expect((await stockOf(1001)).stockLevel).toBe('12');
  });

  it('reads an xlsx workbook too', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('lots');
    sheet.addRows([['sku', 'lot', 'shade', 'caliber', 'warehouse', 'quantity'], [1001, 'X1', 'S1', 'C1', 'East', 5]]);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const response = await upload(admin, 'lots', data, 'lots.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect((await stockOf(1001)).stockLevel).toBe('5');
  });

  it('keeps a stock file from moving the level of a SKU with lots away from the sum', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'A', quantity: 20 }] }] });
    expect((await admin.patch('/api/stock', { items: [{ sku: 1001, stockLevel: 500 }, { sku: 1002, stockLevel: 9 }] })).statusCode).toBe(200);
    expect((await stockOf(1001)).stockLevel).toBe('20');
    expect((await stockOf(1002)).stockLevel).toBe('9');
  });

  it('rejects bad rows with row messages and changes nothing', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'KEEP', quantity: 3 }] }] });
    const response = await upload(
      admin,
      'lots',
      ['sku,lot,shade,caliber,warehouse,quantity', '1001,L1,S1,C1,Main,10', '9999,L1,S1,C1,Main,5', '1002,L2,S1,C1,Main,-4', '1002,L3,S1,C1,Main,2.5', '1001,l1,S2,C1,Main,4', 'abc,L9,,,,1'].join('\n'),
    );
    expect(response.statusCode).toBe(400);
    const messages = (response.json().schemaErrors as SchemaError[]).map(describeSchemaError);
    // Every problem in one pass, in row order, each naming its row and SKU (docs/decisions/0211).
    expect(messages).toEqual([
      'Row 3 (SKU 9999): Unknown SKU 9999',
      'Row 4 (SKU 1002): quantity "-4" is not a whole number of boxes (0 or more)',
      'Row 5 (SKU 1002): quantity "2.5" is not a whole number of boxes (0 or more)',
      'Row 6 (SKU 1001): Lot l1 of SKU 1001 appears more than once (first on row 2)',
      'Row 7: Invalid SKU number: "abc"',
    ]);
    // A file whose only problem is an unknown SKU.
    const unknown = await upload(admin, 'lots', 'sku,lot,quantity\n1001,L1,10\n9999,L1,5\n');
    expect(unknown.json().schemaErrors).toEqual([{ row: 3, sku: '9999', message: 'Unknown SKU 9999' }]);
    expect((await lotsOf(1001)).map((l) => l.lot)).toEqual(['KEEP']);
    expect((await stockOf(1001)).stockLevel).toBe('3');
  });
});

describe('incoming upload', () => {
  it('reads US dates (M/D/YYYY, MM/DD/YYYY) and Excel date cells as well as ISO', async () => {
    const csv = await upload(admin, 'incoming', 'sku,quantity,eta,stage,reference\n1003,10,12/20/2026,ordered,A\n1003,20,1/5/2027,ordered,B\n');
    expect(csv.statusCode, csv.body).toBe(200);
    const etas = async () => (await ctx.db.select().from(incomingLoads).where(eq(incomingLoads.productId, 1003)).orderBy(asc(incomingLoads.eta))).map((l) => l.eta);
    expect(await etas()).toEqual(['2026-12-20', '2027-01-05']);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Incoming');
    sheet.addRow(['sku', 'quantity', 'eta', 'stage']);
    sheet.addRow([1003, 7, new Date(Date.UTC(2027, 1, 14)), 'ordered']);
    sheet.getCell('C2').numFmt = 'm/d/yyyy';
    const xlsx = await upload(admin, 'incoming', Buffer.from(await book.xlsx.writeBuffer()), 'incoming.xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(await etas()).toEqual(['2027-02-14']);
    const impossible = await upload(admin, 'incoming', 'sku,quantity,eta,stage\n1003,10,13/20/2026,ordered\n');
    expect(impossible.json().schemaErrors.map(describeSchemaError)).toEqual(['Row 2 (SKU 1003): eta "13/20/2026" is not a date; use 2026-12-14 or 12/14/2026']);
  });

  it('applies a past ETA and a load of 0 boxes, each with a warning naming its row and SKU', async () => {
    const content = 'sku,quantity,eta,stage\n1003,10,2020-01-15,in_transit\n1003,0,2027-03-01,ordered\n';
    const preview = await admin.request({ method: 'POST', url: '/api/stock/incoming/upload/preview', ...multipartBody([{ filename: 'i.csv', content }]) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().counts.warnings).toBe(2);
    const response = await upload(admin, 'incoming', content);
    expect(response.statusCode, response.body).toBe(200);
    expect(preview.json().warnings.validationIssues.map(describeValidationIssue)).toEqual([
      'Row 2 (SKU 1003): eta "2020-01-15" is in the past; the load is still shown as arriving',
      'Row 3 (SKU 1003): a load of 0 boxes adds nothing incoming; leave the row out if nothing is coming (quantity: 0)',
    ]);
    expect((await stockOf(1003)).quantityOnOrder).toBe(10);
  });

  it('replaces the loads of the listed SKUs; quantityOnOrder is their sum', async () => {
    const response = await upload(admin, 'incoming', 'sku,quantity,eta,stage,lot,reference\n1003,120,2026-12-14,on_vessel,,CONT-88\n1003,40,2027-01-20,In Production,L9,\n');
    expect(response.statusCode, response.body).toBe(200);
    expect((await stockOf(1003)).quantityOnOrder).toBe(160);
    const bad = await upload(admin, 'incoming', 'sku,quantity,eta,stage\n1003,5,14/12/2026,on_vessel\n1003,5,2026-12-14,by_air\n');
    expect(bad.json().schemaErrors).toEqual([
      { row: 2, sku: '1003', message: 'eta "14/12/2026" is not a date; use 2026-12-14 or 12/14/2026' },
      { row: 3, sku: '1003', message: 'stage "by_air" is not known; use one of ordered, in_production, on_vessel, in_transit' },
    ]);
    expect((await stockOf(1003)).quantityOnOrder).toBe(160);
  });

  it('takes a stock:write token and refuses dealers', async () => {
    const { token } = await createToken(admin, ['stock:write']);
    const response = await bearer(ctx.app, token, {
      method: 'PUT',
      url: '/api/stock/incoming',
      json: { items: [{ sku: 1001, incoming: [{ quantity: 120, eta: '2026-12-14', stage: 'on_vessel', reference: 'CONT-88' }] }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stockOf(1001)).quantityOnOrder).toBe(120);
    const dealer = await signedIn('bold_customer');
    expect((await put(dealer, '/api/stock/lots', { items: [{ sku: 1001, lots: [] }] })).statusCode).toBe(403);
    const bad = await put(admin, '/api/stock/lots', { items: [{ sku: 4242, lots: [{ lot: 'A', quantity: 1 }] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown SKU 4242. Nothing was changed.');
  });
});

describe('availability', () => {
  it('answers lots largest first, incoming soonest first and the next ETA', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'L2406A', shade: 'S3', caliber: 'C2', quantity: 42 }, { lot: 'L2406B', quantity: 55 }] }] });
    await put(admin, '/api/stock/incoming', { items: [{ sku: 1001, incoming: [{ quantity: 50, eta: '2027-02-01', stage: 'ordered' }, { quantity: 120, eta: '2026-12-14', stage: 'on_vessel' }] }] });
    const dealer = await signedIn('bold_customer');
    const response = await dealer.get('/api/products/1001/availability');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      onHand: 97,
      largestLot: 55,
      largestLotCode: 'L2406B',
      lots: [
        { lot: 'L2406B', quantity: 55, warehouse: 'Main' },
        { lot: 'L2406A', shade: 'S3', caliber: 'C2', quantity: 42 },
      ],
      incoming: [{ quantity: 120, eta: '2026-12-14', stage: 'on_vessel' }, { quantity: 50 }],
      nextEta: '2026-12-14',
    });
    expect((await dealer.get('/api/products/1002/availability')).json()).toMatchObject({ onHand: 7, largestLot: null, lots: [], nextEta: null });
    expect((await dealer.get('/api/products/777777/availability')).statusCode).toBe(404);
  });
});

async function dealerWithLine(productId: number, quantity: number) {
  const client = await signedIn('bold_customer');
  const cart = await activeCart(client);
  const added = await client.post(`/api/carts/${cart.id}/items`, { productId, quantity });
  if (added.statusCode >= 300) throw new Error(added.body);
  return { client, cart };
}

const place = (client: TestClient, cartId: number, productId: number, quantity: number) =>
  client.post('/api/orders', { cartId, items: [{ productId, quantity }] });

describe('allocation at placement', () => {
  beforeEach(async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'L2406A', shade: 'S3', caliber: 'C2', quantity: 55 }, { lot: 'L2406B', quantity: 42 }, { lot: 'L2406C', quantity: 20 }] }] });
  });

  it('warns in the cart and refuses a one-lot line that no lot holds, with nothing placed', async () => {
    const { client, cart } = await dealerWithLine(1001, 60);
    const lines = (await client.get(`/api/carts/${cart.id}/lots`)).json().lines;
    expect(lines).toMatchObject([{ productId: 1001, oneLot: true, largestLot: 55, warning: 'No single lot has 60 boxes; the largest is 55 (L2406A). Order 55, or allow mixed lots.' }]);
    const response = await place(client, cart.id, 1001, 60);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      LOT_MESSAGES.placementRefused({ productId: 1001, productName: SKUS[0]!.name, quantity: 60 }, { ok: false, reason: 'no_single_lot', largest: { id: 0, lot: 'L2406A', quantity: 55 }, total: 117 }),
    );
    expect(response.json().message).toContain('Calacatta 12x24 White Polished (SKU 1001): no single lot has 60 boxes; the largest is 55 (L2406A)');
    expect((await lotsOf(1001)).map((l) => l.quantity)).toEqual([55, 42, 20]);
    expect((await activeCart(client)).items).toHaveLength(1);
  });

  it('takes the smallest lot that holds a one-lot line, and mixed lines largest first', async () => {
    const one = await dealerWithLine(1001, 30);
    const placed = await place(one.client, one.cart.id, 1001, 30);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().items[0].allocations).toEqual([{ lot: 'L2406B', shade: null, caliber: null, warehouse: 'Main', quantity: 30 }]);

    const mixed = await dealerWithLine(1001, 70);
    const switched = await put(mixed.client, `/api/carts/${mixed.cart.id}/lots/1001`, { oneLot: false });
    expect(switched.json().lines[0]).toMatchObject({ oneLot: false, warning: null });
    const response = await place(mixed.client, mixed.cart.id, 1001, 70);
    expect(response.statusCode, response.body).toBe(201);
    const order = (await mixed.client.get(`/api/orders/${response.json().id}`)).json();
    expect(order.items[0].allocations).toEqual([
      { lot: 'L2406A', shade: 'S3', caliber: 'C2', warehouse: 'Main', quantity: 55 },
      { lot: 'L2406C', shade: null, caliber: null, warehouse: 'Main', quantity: 15 },
    ]);
    expect((await lotsOf(1001)).map((l) => l.quantity)).toEqual([0, 12, 5]);
    expect((await stockOf(1001)).stockLevel).toBe('17');
  });

  it('allocates each box at most once when 20 dealers race for the last boxes of one lot', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'LAST', quantity: 50 }] }] });
    // Signed in one after another (sign-ins are throttled); the orders then go at once.
    const dealers: Awaited<ReturnType<typeof dealerWithLine>>[] = [];
    for (let i = 0; i < 20; i += 1) dealers.push(await dealerWithLine(1001, 10));
    const answers = await Promise.all(dealers.map((d) => place(d.client, d.cart.id, 1001, 10)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    // Each loser is told which line and what is left: by the lots (under the lock) or, once the level is 0, by the cart's stock check.
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().message).toMatch(/^Calacatta 12x24 White Polished/);
    expect((await lotsOf(1001)).map((l) => l.quantity)).toEqual([0]);
    const taken = await ctx.db.select().from(orderLineAllocations).where(eq(orderLineAllocations.lot, 'LAST'));
    expect(taken.reduce((sum, a) => sum + a.quantity, 0)).toBe(50);
  });

  it('puts the allocations in the export and the order webhook', async () => {
    await ctx.db.insert(webhookEndpoints).values({ url: 'https://erp.example.com/hook', events: ['order.created'], secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=' });
    const { client, cart } = await dealerWithLine(1001, 5);
    const placed = await place(client, cart.id, 1001, 5);
    expect(placed.statusCode).toBe(201);
    const exported = await admin.get(`/api/admin/orders/export?format=csv&from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`);
    const rows = parse(exported.body.replace(/^\ufeff/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r['Order ID'] === String(placed.json().id))!.Lots).toBe('L2406C: 5 boxes (Main)');
    const deliveries = await ctx.db.select().from(webhookDeliveries);
    const event = deliveries.map((d) => JSON.parse((d as { body: string }).body)).find((b) => b.type === 'order.created' && b.data.order.id === placed.json().id);
    expect(event?.data.order.items[0].allocations).toEqual([{ lot: 'L2406C', shade: null, caliber: null, warehouse: 'Main', quantity: 5 }]);
    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.reference, `order:${placed.json().id}`));
    expect(email!.textBody).toContain('lot L2406C: 5 boxes (Main)');
  });
});

describe('notify me', () => {
  it('sends one email when the SKU arrives, then the request ends', async () => {
    const dealer = await signedIn('bold_customer', 'buyer@example.com');
    expect((await put(dealer, '/api/products/1003/notify', {})).statusCode).toBe(200);
    expect((await dealer.get('/api/products/1003/availability')).json().notifyRequested).toBe(true);
    expect((await put(dealer, '/api/products/1001/notify', {})).statusCode).toBe(409);
    await put(admin, '/api/stock/lots', { items: [{ sku: 1003, lots: [{ lot: 'NEW', quantity: 80 }] }] });
    await expect.poll(async () => (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'stock_arrival'))).length).toBe(1);
    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'stock_arrival'));
    expect(email!.toAddresses).toEqual(['buyer@example.com']);
    expect(email!.subject).toBe('Back in stock: Zellige 3x12 Green Glossy (SKU 1003)');
    // Ended: marked sent, kept for the admins' list (docs/decisions/0214), no longer open.
    expect((await ctx.db.select().from(stockNotifyRequests)).map((r) => r.sentAt !== null)).toEqual([true]);
    expect((await dealer.get('/api/products/1003/availability')).json().notifyRequested).toBe(false);
    await put(admin, '/api/stock/lots', { items: [{ sku: 1003, lots: [{ lot: 'NEW', quantity: 90 }] }] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'stock_arrival'))).toHaveLength(1);
  });
});

describe('reorder', () => {
  it('says whether the same lot still holds the line', async () => {
    await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'SAME', quantity: 30 }, { lot: 'OTHER', quantity: 5 }] }] });
    const { client, cart } = await dealerWithLine(1001, 20);
    const placed = await place(client, cart.id, 1001, 20);
    expect(placed.json().items[0].allocations).toMatchObject([{ lot: 'SAME', quantity: 20 }]);
    const again = await client.post(`/api/orders/${placed.json().id}/reorder`);
    expect(again.json().lotNotes).toEqual(['Calacatta 12x24 White Polished: lot SAME has only 10 boxes left; the order will take another lot']);
    await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'SAME', quantity: 80 }] }] });
    const third = await client.post(`/api/orders/${placed.json().id}/reorder`);
    expect(third.json().lotNotes).toEqual(['Calacatta 12x24 White Polished: the same lot SAME still has 80 boxes']);
  });
});
