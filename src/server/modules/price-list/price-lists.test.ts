import { and, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { insertCatalogue, put, withStock } from '../../../../test/cart-fixtures';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { dealerOf, insertCompany, pdfText } from '../../../../test/price-list-fixtures';
import { activityLogs, companies, priceListEntries, products, webhookDeliveries } from '../../db/schema';
import { pricesVersion } from './index';

/*
 * Price lists (docs/decisions/0231-price-list-files-diff-and-version.md): the admin API, the price
 * list file through the imports pipeline, the ERP's PUTs, a company's prices and the dealer's PDF.
 */

const ctx = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
let admin: TestClient;
let endpointId: number;

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  const endpoint = await admin.post('/api/admin/webhooks', { url: 'https://erp.example.com/hooks', events: ['price_list.updated'], description: 'ERP' });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  endpointId = endpoint.json().id;
});

let listCounter = 0;
async function createList(extra: { code?: string; name?: string; validFrom?: string | null; validTo?: string | null } = {}) {
  listCounter += 1;
  const response = await admin.post('/api/admin/price-lists', { code: extra.code ?? `LIST-${listCounter}`, name: extra.name ?? `List ${listCounter}`, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().list as { id: number; code: string };
}

function upload(client: TestClient, content: string, filename = 'prices.csv') {
  return client.request({ method: 'POST', url: '/api/admin/price-lists/upload/preview', ...multipartBody([{ filename, content }]) });
}

async function entryRows(listId: number) {
  return ctx.db.select().from(priceListEntries).where(eq(priceListEntries.priceListId, listId)).orderBy(priceListEntries.productId, priceListEntries.minQuantity);
}

const events = async (code: string) =>
  (await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventType, 'price_list.updated'))))
    .map((d) => (JSON.parse(d.body) as { data: { code: string; added: number; changed: number; removed: number; source: string } }).data)
    .filter((d) => d.code === code);

describe('who may manage price lists', () => {
  it('is admins only: 401 signed out, 403 for a dealer and a salesperson', async () => {
    expect((await new TestClient(ctx.app).get('/api/admin/price-lists')).statusCode).toBe(401);
    for (const role of ['bold_customer', 'salesperson'] as const) {
      const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role }));
      expect((await client.get('/api/admin/price-lists')).statusCode).toBe(403);
      expect((await client.post('/api/admin/price-lists', { code: 'X', name: 'X' })).statusCode).toBe(403);
    }
    expect((await admin.get('/api/admin/price-lists')).statusCode).toBe(200);
  });
});

describe('price list headers', () => {
  it('creates, searches, pages, edits and deletes a list', async () => {
    const list = await createList({ code: 'HEAD-ONE', name: 'Header one', validFrom: '2026-01-01', validTo: '2026-12-31' });
    const found = (await admin.get('/api/admin/price-lists?search=header%20one')).json();
    expect(found.lists.map((l: { code: string }) => l.code)).toEqual(['HEAD-ONE']);
    expect(found.lists[0]).toMatchObject({ validFrom: '2026-01-01', validTo: '2026-12-31', entryCount: 0, assignmentCount: 0 });

    const edited = await admin.patch(`/api/admin/price-lists/${list.id}`, { code: 'HEAD-1', name: 'Header 1', validFrom: '', validTo: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().list).toMatchObject({ code: 'HEAD-1', name: 'Header 1', validFrom: null, validTo: null });

    expect((await admin.delete(`/api/admin/price-lists/${list.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/price-lists/${list.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/price-lists/${list.id}`)).statusCode).toBe(404);
  });

  it('says so for a duplicate code (any case), dates out of order and a bad code, and changes nothing', async () => {
    await createList({ code: 'DUP-CODE' });
    const duplicate = await admin.post('/api/admin/price-lists', { code: 'dup-code', name: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A price list with the code dup-code already exists; choose another code');

    const dates = await admin.post('/api/admin/price-lists', { code: 'DATES', name: 'Dates', validFrom: '2026-05-01', validTo: '2026-04-30' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors).toContainEqual({ path: 'validTo', message: 'Valid to must be on or after valid from' });

    const code = await admin.post('/api/admin/price-lists', { code: 'bad code!', name: 'Bad' });
    expect(code.statusCode).toBe(400);
    expect((await admin.get('/api/admin/price-lists?search=DATES')).json().total).toBe(0);
  });

  it('pages 25 lists at a time', async () => {
    for (let i = 0; i < 27; i++) await createList({ code: `PAGE-${String(i).padStart(2, '0')}` });
    const first = (await admin.get('/api/admin/price-lists?search=PAGE-&page=1')).json();
    const second = (await admin.get('/api/admin/price-lists?search=PAGE-&page=2')).json();
    expect(first.total).toBe(27);
    expect(first.lists).toHaveLength(25);
    expect(second.lists.map((l: { code: string }) => l.code)).toEqual(['PAGE-25', 'PAGE-26']);
  });
});

describe("a list's entries", () => {
  it('sets one SKU with breaks, searches by SKU and name, and refuses bad breaks', async () => {
    const list = await createList();
    const set = await put(admin, `/api/admin/price-lists/${list.id}/entries/1001`, { breaks: [{ price: '40.00' }, { minQuantity: 100, price: '$38.5' }] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ sku: 1001, name: 'Calacatta 12x24 White Polished', basePrice: '42.50', breaks: [{ minQuantity: 1, price: '40.00' }, { minQuantity: 100, price: '38.50' }] });
    expect((await put(admin, `/api/admin/price-lists/${list.id}/entries/1002`, { breaks: [{ price: 55 }] })).statusCode).toBe(200);

    expect((await admin.get(`/api/admin/price-lists/${list.id}/entries?search=1002`)).json().entries.map((e: { sku: number }) => e.sku)).toEqual([1002]);
    expect((await admin.get(`/api/admin/price-lists/${list.id}/entries?search=calacatta`)).json().entries.map((e: { sku: number }) => e.sku)).toEqual([1001]);
    const all = (await admin.get(`/api/admin/price-lists/${list.id}/entries`)).json();
    expect(all.total).toBe(2);

    for (const breaks of [[{ minQuantity: 0, price: '1.00' }], [{ price: '-1' }], [{ price: '1.234' }], [], [{ price: '1' }, { price: '2' }]]) {
      const refused = await put(admin, `/api/admin/price-lists/${list.id}/entries/1001`, { breaks });
      expect(refused.statusCode, JSON.stringify(breaks)).toBe(400);
    }
    const unknown = await put(admin, `/api/admin/price-lists/${list.id}/entries/999999`, { breaks: [{ price: '1.00' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('SKU 999999 is not in the catalogue');
    expect(await entryRows(list.id)).toHaveLength(3);

    expect((await admin.delete(`/api/admin/price-lists/${list.id}/entries/1002`)).statusCode).toBe(200);
    expect(await entryRows(list.id)).toHaveLength(2);
  });
});

describe('assignments', () => {
  it('assigns to a company or a price group with a priority, once per target, and removes', async () => {
    const list = await createList();
    const company = await insertCompany(ctx.db, { name: 'Assign Tile Co', accountNumber: 'A-1' });
    const choices = (await admin.get('/api/admin/price-lists/company-choices?search=assign')).json();
    expect(choices.companies).toContainEqual({ id: company.id, name: 'Assign Tile Co', accountNumber: 'A-1', priceGroup: null });

    expect((await admin.post(`/api/admin/price-lists/${list.id}/assignments`, { companyId: company.id, priority: 10 })).statusCode).toBe(200);
    const group = await admin.post(`/api/admin/price-lists/${list.id}/assignments`, { priceGroup: ' Gold ', priority: 5 });
    expect(group.statusCode, group.body).toBe(200);
    const again = (await admin.post(`/api/admin/price-lists/${list.id}/assignments`, { companyId: company.id, priority: 20 })).json();
    expect(again.assignments).toEqual([
      { id: expect.any(Number), companyId: company.id, companyName: 'Assign Tile Co', accountNumber: 'A-1', priceGroup: null, priority: 20 },
      { id: expect.any(Number), companyId: null, companyName: null, accountNumber: null, priceGroup: 'gold', priority: 5 },
    ]);

    expect((await admin.post(`/api/admin/price-lists/${list.id}/assignments`, { companyId: company.id, priceGroup: 'gold' })).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/price-lists/${list.id}/assignments`, {})).statusCode).toBe(400);
    const missing = await admin.post(`/api/admin/price-lists/${list.id}/assignments`, { companyId: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Company not found');

    const removed = await admin.delete(`/api/admin/price-lists/${list.id}/assignments/${again.assignments[1].id}`);
    expect(removed.json().assignments).toHaveLength(1);
  });
});

describe('the prices version', () => {
  it('changes with every change to lists, entries, assignments and a company, and not on a write that changes nothing', async () => {
    const v0 = await pricesVersion(ctx.db);
    const list = await createList();
    const v1 = await pricesVersion(ctx.db);
    expect(v1).not.toBe(v0);
    await put(admin, `/api/admin/price-lists/${list.id}/entries/1001`, { breaks: [{ price: '41.00' }] });
    const v2 = await pricesVersion(ctx.db);
    expect(v2).not.toBe(v1);
    await put(admin, `/api/admin/price-lists/${list.id}/entries/1001`, { breaks: [{ price: '41.00' }] });
    expect(await pricesVersion(ctx.db)).toBe(v2);
    await admin.post(`/api/admin/price-lists/${list.id}/assignments`, { priceGroup: 'version-group' });
    const v3 = await pricesVersion(ctx.db);
    expect(v3).not.toBe(v2);
    const company = await insertCompany(ctx.db, { name: 'Version Co' });
    const v4 = await pricesVersion(ctx.db);
    await ctx.db.update(companies).set({ priceGroup: 'version-group', updatedAt: sql`now() + interval '1 second'` }).where(eq(companies.id, company.id));
    expect(await pricesVersion(ctx.db)).not.toBe(v4);
  });
});

describe('price list files', () => {
  it('previews per list: added, changed with % (over 20% flagged), removed; refuses nothing it can read', async () => {
    const list = await createList({ code: 'FILE-A', name: 'File A' });
    await put(admin, `/api/admin/price-lists/${list.id}/entries/1001`, { breaks: [{ price: '40.00' }, { minQuantity: 100, price: '38.00' }] });
    await put(admin, `/api/admin/price-lists/${list.id}/entries/1002`, { breaks: [{ price: '50.00' }] });
    await put(admin, `/api/admin/price-lists/${list.id}/entries/1003`, { breaks: [{ price: '9.00' }] });

    const preview = await upload(admin, 'List,SKU,Price,Min Quantity\nfile-a,1001,41.00,\nFILE-A,1001,38.00,100\nFILE-A,1002,65.00,1\nFILE-A,1006,0.09,\n');
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.counts).toEqual({ rows: 4, lists: 1, added: 1, changed: 2, removed: 1, unchanged: 1, flagged: 1 });
    expect(body.lists[0].code).toBe('FILE-A');
    expect(body.lists[0].changed).toEqual([
      { sku: 1002, name: 'Urban Concrete 24x24 Grey Matte', minQuantity: 1, before: '50.00', after: '65.00', percent: 30, flagged: true },
      { sku: 1001, name: 'Calacatta 12x24 White Polished', minQuantity: 1, before: '40.00', after: '41.00', percent: 2.5, flagged: false },
    ]);
    expect(body.lists[0].added).toEqual([{ sku: 1006, name: 'Subway 3x6 Bright White', minQuantity: 1, price: '0.09' }]);
    expect(body.lists[0].removed).toEqual([{ sku: 1003, name: 'Zellige 3x12 Green Glossy', minQuantity: 1, price: '9.00' }]);
    // The preview changed nothing.
    expect((await entryRows(list.id)).map((r) => r.price)).toEqual(['40.00', '38.00', '50.00', '9.00']);

    const confirmed = await admin.post(`/api/admin/price-lists/uploads/${body.uploadId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await entryRows(list.id)).map((r) => [r.productId, r.minQuantity, r.price])).toEqual([
      [1001, 1, '41.00'],
      [1001, 100, '38.00'],
      [1002, 1, '65.00'],
      [1006, 1, '0.09'],
    ]);
    expect((await admin.post(`/api/admin/price-lists/uploads/${body.uploadId}/confirm`)).statusCode).toBe(409);
    expect(await events('FILE-A')).toContainEqual(expect.objectContaining({ source: 'upload', added: 1, changed: 2, removed: 1 }));

    const history = (await admin.get('/api/admin/price-lists/uploads')).json().uploads;
    expect(history[0]).toMatchObject({ id: body.uploadId, kind: 'price_list', status: 'applied', counts: { rows: 4, added: 1, changed: 2, removed: 1 } });
  });

  it('a one-row change writes one row', async () => {
    const list = await createList({ code: 'ONE-ROW' });
    const csv = (p: string) => `list,sku,price\nONE-ROW,1001,40.00\nONE-ROW,1002,${p}\nONE-ROW,1003,9.00\nONE-ROW,1006,0.10\nONE-ROW,1007,0.20\n`;
    const first = (await upload(admin, csv('50.00'))).json();
    expect((await admin.post(`/api/admin/price-lists/uploads/${first.uploadId}/confirm`)).statusCode).toBe(200);
    await ctx.db.update(priceListEntries).set({ updatedAt: new Date('2000-01-01T00:00:00Z') }).where(eq(priceListEntries.priceListId, list.id));

    const second = (await upload(admin, csv('51.00'))).json();
    expect(second.counts).toMatchObject({ added: 0, changed: 1, removed: 0, unchanged: 4 });
    expect((await admin.post(`/api/admin/price-lists/uploads/${second.uploadId}/confirm`)).statusCode).toBe(200);
    const moved = await ctx.db
      .select()
      .from(priceListEntries)
      .where(and(eq(priceListEntries.priceListId, list.id), gt(priceListEntries.updatedAt, new Date('2001-01-01T00:00:00Z'))));
    expect(moved.map((r) => [r.productId, r.price])).toEqual([[1002, '51.00']]);
    expect(await entryRows(list.id)).toHaveLength(5);
  });

  it('names unknown list codes, unknown SKUs and bad cells by row, records the file rejected, and changes nothing', async () => {
    await createList({ code: 'KNOWN' });
    const refused = await upload(admin, 'list,sku,price,min_quantity\nKNOWN,1001,1.00,1\nNOPE,1002,2.00,1\nKNOWN,424242,3.00,1\nKNOWN,1003,abc,1\nKNOWN,1003,1.00,0\nKNOWN,1001,1.50,1\n');
    expect(refused.statusCode).toBe(400);
    const messages = refused.json().schemaErrors.map((e: { row: number; message: string }) => `${e.row}: ${e.message}`);
    expect(messages).toEqual([
      '5: The price "abc" is not a price of at least 0 with at most 2 decimals, like 8.40',
      '6: The min_quantity "0" is not a whole number of at least 1',
      '7: List KNOWN has SKU 1001 from 1 already on row 2; keep one of the two rows',
    ]);
    const unknown = await upload(admin, 'list,sku,price\nKNOWN,1001,1.00\nNOPE,1002,2.00\nKNOWN,424242,3.00\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().schemaErrors.map((e: { row: number; message: string }) => `${e.row}: ${e.message}`)).toEqual([
      '3: There is no price list with the code NOPE; create it under Price lists (or PUT /api/price-lists/NOPE) first',
      '4: SKU 424242 is not in the catalogue',
    ]);
    const missingColumn = await upload(admin, 'list,sku\nKNOWN,1001\n');
    expect(missingColumn.json().schemaErrors[0].message).toBe('The header row needs the columns list, sku and price (min_quantity is optional); price is missing');
    const history = (await admin.get('/api/admin/price-lists/uploads')).json().uploads;
    expect(history[0]).toMatchObject({ kind: 'price_list', status: 'rejected' });
  });

  it('refuses a confirm when the lists changed since the preview, and cancels', async () => {
    const list = await createList({ code: 'RACE' });
    const preview = (await upload(admin, 'list,sku,price\nRACE,1001,10.00\n')).json();
    await put(admin, `/api/admin/price-lists/${list.id}/entries/1002`, { breaks: [{ price: '5.00' }] });
    const stale = await admin.post(`/api/admin/price-lists/uploads/${preview.uploadId}/confirm`);
    expect(stale.statusCode).toBe(409);
    expect((await entryRows(list.id)).map((r) => r.productId)).toEqual([1002]);

    const again = (await upload(admin, 'list,sku,price\nRACE,1001,10.00\n')).json();
    expect((await admin.post(`/api/admin/price-lists/uploads/${again.uploadId}/cancel`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/price-lists/uploads/${again.uploadId}/confirm`)).statusCode).toBe(409);
  });

  it('is not shown to an API token with the stock scope', async () => {
    const token = await createToken(admin, ['stock:write']);
    const response = await bearer(ctx.app, token.token, { method: 'GET', url: '/api/stock/uploads' });
    expect(response.statusCode).toBe(200);
    expect(response.json().uploads.filter((u: { kind: string }) => u.kind === 'price_list')).toEqual([]);
  });
});

describe("the ERP's calls", () => {
  it('PUT /api/price-lists/{code} creates then updates the header; entries write only what differs', async () => {
    const token = await createToken(admin, ['prices:write']);
    const created = await bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/ERP-1', json: { name: 'ERP one' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ created: true, list: { code: 'ERP-1', name: 'ERP one' } });
    const updated = await bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/erp-1', json: { name: 'ERP 1', validFrom: '2026-01-01' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().list).toMatchObject({ code: 'ERP-1', name: 'ERP 1', validFrom: '2026-01-01' });

    const entries = (list: unknown) => bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/ERP-1/entries', json: { entries: list } });
    const first = await entries([{ sku: 1001, price: 40 }, { sku: 1001, price: '38.00', minQuantity: 100 }, { sku: 1002, price: '50.00' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ code: 'ERP-1', added: 3, changed: 0, removed: 0, unchanged: 0 });
    const second = await entries([{ sku: 1001, price: '40.00' }, { sku: 1002, price: '52.00' }]);
    expect(second.json()).toEqual({ code: 'ERP-1', added: 0, changed: 1, removed: 1, unchanged: 1 });
    expect(await events('ERP-1')).toContainEqual(expect.objectContaining({ source: 'api', changed: 1, removed: 1 }));

    const bad = await entries([{ sku: 1001, price: '1.00' }, { sku: 1001, price: '2.00' }, { sku: 9999999, price: '1.00' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['entries.1', 'entries.2.sku']);
    expect((await bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/NONE/entries', json: { entries: [] } })).statusCode).toBe(404);
  });

  it('replays a PUT with the same Idempotency-Key and needs the prices:write scope', async () => {
    const token = await createToken(admin, ['prices:write']);
    const headers = { 'idempotency-key': 'erp-put-key-1' };
    const first = await bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/IDEM', json: { name: 'Idem' }, headers });
    const again = await bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/IDEM', json: { name: 'Idem' }, headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/IDEM', json: { name: 'Other' }, headers })).statusCode).toBe(422);

    const stockToken = await createToken(admin, ['stock:write', 'prices:read']);
    expect((await bearer(ctx.app, stockToken.token, { method: 'PUT', url: '/api/price-lists/IDEM', json: { name: 'X' } })).statusCode).toBe(403);
    expect((await bearer(ctx.app, stockToken.token, { method: 'GET', url: '/api/price-lists/IDEM' })).statusCode).toBe(200);
  });
});

describe("a company's prices", () => {
  let coastal: { id: number };
  let garcia: { id: number };

  beforeAll(async () => {
    coastal = await insertCompany(ctx.db, { name: 'Coastal Test Floors', priceGroup: 'gold-test' });
    garcia = await insertCompany(ctx.db, { name: 'Garcia Test Tile', priceGroup: 'silver-test' });
    const contract = await createList({ code: 'CONTRACT-TEST', name: 'Contract Test' });
    await put(admin, `/api/admin/price-lists/${contract.id}/entries/1001`, { breaks: [{ price: '8.40' }, { minQuantity: 100, price: '7.90' }] });
    await admin.post(`/api/admin/price-lists/${contract.id}/assignments`, { companyId: coastal.id, priority: 10 });
    const silver = await createList({ code: 'SILVER-TEST', name: 'Silver Test' });
    await put(admin, `/api/admin/price-lists/${silver.id}/entries/1001`, { breaks: [{ price: '30.00' }] });
    await admin.post(`/api/admin/price-lists/${silver.id}/assignments`, { priceGroup: 'silver-test' });
  });

  it('answers the resolved price, base price, source and ladder', async () => {
    const response = await admin.get(`/api/companies/${coastal.id}/prices?sku=1001,1002,777777`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().prices).toEqual([
      {
        sku: 1001,
        found: true,
        price: '8.40',
        basePrice: '42.50',
        source: { listCode: 'CONTRACT-TEST', listName: 'Contract Test', minQuantity: 1 },
        ladder: [
          { fromQuantity: 1, price: '8.40', basePrice: '42.50', source: { listCode: 'CONTRACT-TEST', listName: 'Contract Test', minQuantity: 1 } },
          { fromQuantity: 100, price: '7.90', basePrice: '42.50', source: { listCode: 'CONTRACT-TEST', listName: 'Contract Test', minQuantity: 100 } },
        ],
      },
      { sku: 1002, found: true, price: '61.99', basePrice: '61.99', source: null, ladder: [{ fromQuantity: 1, price: '61.99', basePrice: '61.99', source: null }] },
      { sku: 777777, found: false, price: null, basePrice: null, source: null, ladder: [] },
    ]);
  });

  it("lets a dealer see only their own company's prices; salespeople and tokens without prices:read are refused", async () => {
    const dealer = await new TestClient(ctx.app).signInAs(await dealerOf(ctx.db, garcia.id));
    const own = await dealer.get(`/api/companies/${garcia.id}/prices?sku=1001`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().prices[0]).toMatchObject({ price: '30.00', source: { listCode: 'SILVER-TEST' } });
    const other = await dealer.get(`/api/companies/${coastal.id}/prices?sku=1001`);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('8.40');

    const sales = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
    expect((await sales.get(`/api/companies/${coastal.id}/prices?sku=1001`)).statusCode).toBe(403);

    const reader = await createToken(admin, ['prices:read']);
    expect((await bearer(ctx.app, reader.token, { method: 'GET', url: `/api/companies/${coastal.id}/prices?sku=1001` })).json().prices[0].price).toBe('8.40');
    const writer = await createToken(admin, ['products:read']);
    expect((await bearer(ctx.app, writer.token, { method: 'GET', url: `/api/companies/${coastal.id}/prices?sku=1001` })).statusCode).toBe(403);
    expect((await admin.get(`/api/companies/${coastal.id}/prices`)).statusCode).toBe(400);
    expect((await admin.get('/api/companies/999999/prices?sku=1001')).statusCode).toBe(404);
  });

  it("renders each dealer's own PDF with their prices and breaks, never another company's", async () => {
    const coastalDealer = await new TestClient(ctx.app).signInAs(await dealerOf(ctx.db, coastal.id));
    const garciaDealer = await new TestClient(ctx.app).signInAs(await dealerOf(ctx.db, garcia.id));
    const coastalPdf = await coastalDealer.get('/api/price-list.pdf');
    expect(coastalPdf.statusCode).toBe(200);
    const coastalText = pdfText(coastalPdf.rawPayload);
    expect(coastalText).toContain('Coastal Test Floors Price List');
    expect(coastalText).toContain('$8.40');
    expect(coastalText).toContain('100+ boxes $7.90');
    expect(coastalText).toContain('$42.50');

    const garciaText = pdfText((await garciaDealer.get('/api/price-list.pdf')).rawPayload);
    expect(garciaText).toContain('Garcia Test Tile Price List');
    expect(garciaText).toContain('$30.00');
    expect(garciaText).not.toContain('$8.40');
    expect(garciaText).not.toContain('7.90');
    expect(garciaText).not.toContain('Coastal');

    // A dealer whose company has no list keeps the static PDF.
    const plain = await insertCompany(ctx.db, { name: 'Plain Tile' });
    const plainDealer = await new TestClient(ctx.app).signInAs(await dealerOf(ctx.db, plain.id));
    const plainText = pdfText((await plainDealer.get('/api/price-list.pdf')).rawPayload);
    expect(plainText).toContain('BOLD Price List');
    expect(plainText).not.toContain('$8.40');

    // A new price is a new PDF: the ETag moves with the prices version (a company added since moved it too).
    const etag = (await coastalDealer.get('/api/price-list.pdf')).headers.etag as string;
    expect((await coastalDealer.request({ method: 'GET', url: '/api/price-list.pdf', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const list = (await admin.get('/api/admin/price-lists?search=CONTRACT-TEST')).json().lists[0];
    await put(admin, `/api/admin/price-lists/${list.id}/entries/1001`, { breaks: [{ price: '8.20' }, { minQuantity: 100, price: '7.90' }] });
    const after = await coastalDealer.request({ method: 'GET', url: '/api/price-list.pdf', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(pdfText(after.rawPayload)).toContain('$8.20');
  });
});

describe('the activity log', () => {
  it('records who changed a list and what, from the screens, a file and the ERP', async () => {
    const list = await createList({ code: 'LOGGED', name: 'Logged list' });
    expect((await put(admin, `/api/admin/price-lists/${list.id}/entries/1001`, { breaks: [{ minQuantity: 1, price: '40.00' }] })).statusCode).toBe(200);
    const file = (await upload(admin, 'list,sku,price\nLOGGED,1001,41.00\nLOGGED,1002,12.00\n')).json();
    expect((await admin.post(`/api/admin/price-lists/uploads/${file.uploadId}/confirm`)).statusCode).toBe(200);
    const token = await createToken(admin, ['prices:write']);
    expect((await bearer(ctx.app, token.token, { method: 'PUT', url: '/api/price-lists/LOGGED', json: { name: 'Logged list 2' } })).statusCode).toBe(200);
    const rows = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'price_list_updated')).orderBy(activityLogs.id);
    const ours = rows.filter((r) => (r.metadata as { code?: string } | null)?.code === 'LOGGED').map((r) => r.description);
    expect(ours).toEqual([
      'Price list LOGGED (Logged list) updated through the admin screens',
      'Price list LOGGED (Logged list) updated through the admin screens: 1 added, 0 changed, 0 removed',
      'Price list LOGGED (Logged list) updated through a price list file: 1 added, 1 changed, 0 removed',
      'Price list LOGGED (Logged list 2) updated through the API',
    ]);
  });

  it('writes no row for a change that changes nothing', async () => {
    const list = await createList({ code: 'QUIET', name: 'Quiet list' });
    const count = async () => (await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'price_list_updated'))).filter((r) => (r.metadata as { code?: string } | null)?.code === 'QUIET').length;
    const before = await count();
    expect((await admin.patch(`/api/admin/price-lists/${list.id}`, { code: 'QUIET', name: 'Quiet list' })).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });
});

describe('products table untouched', () => {
  it('a price list write never changes the catalogue', async () => {
    await ctx.db.insert(products).values(withStock({ id: 5551, name: 'Untouched', stockLevel: '1', price: '1.00' })).onConflictDoNothing();
    const [before] = await ctx.db.select().from(products).where(eq(products.id, 5551));
    const list = await createList();
    await put(admin, `/api/admin/price-lists/${list.id}/entries/5551`, { breaks: [{ price: '0.50' }] });
    const [after] = await ctx.db.select().from(products).where(eq(products.id, 5551));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });
});
