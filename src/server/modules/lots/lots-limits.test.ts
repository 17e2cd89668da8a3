import { AVAILABILITY_LIST_LIMIT, CART_LINE_LOTS_LIMIT, LOT_LIMIT_MESSAGES } from '@common/domain/lot-limits';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, put, withStock } from '../../../../test/cart-fixtures';
import { bearer, createToken } from '../../../../test/integrations';
import { multipartBody } from '../../../../test/multipart';
import { incomingLoads, productLots, products, stockUploads } from '../../db/schema';
import { SUM_OVERFLOW } from './sync-sums';

/** ADR 0204: a SKU's lots and loads are bounded, and so are the answers that list them; references stay internal; lot codes are one code each. */
const ctx = useTestApp();

const SKUS = [
  { id: 1001, name: 'Calacatta 12x24 White Polished', stockLevel: '10', price: '42.50', soldBy: 'Box' },
  { id: 1002, name: 'Urban Concrete 24x24 Grey Matte', stockLevel: '7', price: '61.99', soldBy: 'Box' },
];

async function signedIn(role: 'admin' | 'bold_customer') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

const send = (client: TestClient, url: string, content: string, filename = 'file.csv') => client.request({ method: 'POST', url, ...multipartBody([{ filename, content }]) });
const lotsOf = async (id: number) => (await ctx.db.select().from(productLots).where(eq(productLots.productId, id)).orderBy(asc(productLots.lot))).map((l) => [l.lot, l.quantity]);
const loadsOf = async (id: number) => (await ctx.db.select().from(incomingLoads).where(eq(incomingLoads.productId, id))).map((l) => l.quantity);
const levelOf = async (id: number) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!;

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(stockUploads);
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = await signedIn('admin');
  await put(admin, '/api/stock/lots', { items: [{ sku: 1001, lots: [{ lot: 'L1', quantity: 5 }] }] });
});

describe('at most 1,000 lots per SKU in a file, as in the PUT', () => {
  const rows = (n: number) => `sku,lot,quantity\n${Array.from({ length: n }, (_, i) => `1001,L${i + 1},1`).join('\n')}\n1002,B1,3\n`;

  it('refuses a lots file with 1,001 lots of one SKU (preview and direct), naming the SKU and the limit, and changes nothing', async () => {
    for (const url of ['/api/stock/lots/upload/preview', '/api/stock/lots/upload']) {
      const response = await send(admin, url, rows(1001));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().schemaErrors).toEqual([{ row: 1002, sku: '1001', message: LOT_LIMIT_MESSAGES.tooManyRows('lots', 1001) }]);
      expect(response.json().schemaErrors[0].message).toBe('SKU 1001 has more than 1,000 lots; at most 1,000 lots per SKU');
    }
    expect(await lotsOf(1001)).toEqual([['L1', 5]]);
    expect(await lotsOf(1002)).toEqual([]);
    // Both refusals are in the history, rejected, without their bytes (docs/decisions/0211).
    expect((await ctx.db.select().from(stockUploads)).map((u) => [u.status, u.size])).toEqual([
      ['rejected', 0],
      ['rejected', 0],
    ]);
    const fine = await send(admin, '/api/stock/lots/upload', rows(1000));
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses an incoming file with 1,001 loads of one SKU', async () => {
    const file = `sku,quantity,eta,stage\n${Array.from({ length: 1001 }, () => '1001,1,2027-01-05,ordered').join('\n')}\n`;
    const response = await send(admin, '/api/stock/incoming/upload', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().schemaErrors[0].message).toBe('SKU 1001 has more than 1,000 incoming loads; at most 1,000 incoming loads per SKU');
    expect(await loadsOf(1001)).toEqual([]);
  });
});

describe('quantities whose sum could overflow', () => {
  it('answers 400 with a sentence, not 500, when a SKU\'s loads add up past 1,000,000,000 (file and PUT), and changes nothing', async () => {
    const put3 = await admin.request({
      method: 'PUT',
      url: '/api/stock/incoming',
      payload: { items: [{ sku: 1001, incoming: [1, 2, 3].map(() => ({ quantity: 1_000_000_000, eta: '2027-01-05', stage: 'ordered' })) }] },
    });
    expect(put3.statusCode, put3.body).toBe(400);
    expect(put3.json().message).toContain(LOT_LIMIT_MESSAGES.tooManyBoxes('incoming', 1001));
    expect(put3.json().errors).toEqual([{ path: 'items.0.incoming.1', message: 'The incoming loads of SKU 1001 add up to more than 1,000,000,000 boxes; at most 1,000,000,000 boxes per SKU' }]);
    const file = await send(admin, '/api/stock/incoming/upload', 'sku,quantity,eta,stage\n1001,1500000000,2027-01-05,ordered\n1001,900000000,2027-01-06,ordered\n');
    expect(file.statusCode).toBe(400);
    expect(file.json().schemaErrors.map((e: { message: string }) => e.message)).toEqual(['quantity "1500000000" is more than 1,000,000,000 boxes']);
    const sum = await send(admin, '/api/stock/incoming/upload', 'sku,quantity,eta,stage\n1001,900000000,2027-01-06,ordered\n1001,900000000,2027-01-07,ordered\n');
    expect(sum.json().schemaErrors).toEqual([{ row: 3, sku: '1001', message: LOT_LIMIT_MESSAGES.tooManyBoxes('incoming', 1001) }]);
    const lots = await send(admin, '/api/stock/lots/upload', 'sku,lot,quantity\n1001,A,900000000\n1001,B,900000000\n');
    expect(lots.json().schemaErrors).toEqual([{ row: 3, sku: '1001', message: LOT_LIMIT_MESSAGES.tooManyBoxes('lots', 1001) }]);
    expect(await loadsOf(1001)).toEqual([]);
    expect((await levelOf(1001)).quantityOnOrder).toBe(0);
  });

  it('loads written past the portal that overflow the quantity on order: the stock import names the SKU, 409, and changes nothing', async () => {
    await ctx.db.insert(incomingLoads).values([1, 2].map(() => ({ productId: 1001, quantity: 2_000_000_000, eta: '2027-01-05', stage: 'ordered' as const })));
    const response = await send(admin, '/api/stock/upload', 'id,quantityOnOrder\n1001,5\n');
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(SUM_OVERFLOW.incoming(1001, '4000000000'));
    expect(response.json().message).toContain('The incoming loads of SKU 1001 add up to 4,000,000,000 boxes');
    expect((await levelOf(1001)).quantityOnOrder).toBe(0);
  });

  it('lots written past the portal that overflow the stock count: the order that takes from them is refused naming the SKU, and nothing is placed', async () => {
    await ctx.db.insert(productLots).values(['X', 'Y'].map((lot) => ({ productId: 1002, lot, quantity: 2_000_000_000 })));
    const dealer = await signedIn('bold_customer');
    const cart = await activeCart(dealer);
    expect((await dealer.post(`/api/carts/${cart.id}/items`, { productId: 1002, quantity: 1 })).statusCode).toBeLessThan(300);
    const placed = await dealer.post('/api/orders', {});
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json().message).toBe(SUM_OVERFLOW.lots(1002, '3999999999'));
    expect(await lotsOf(1002)).toEqual([['X', 2_000_000_000], ['Y', 2_000_000_000]]);
    expect((await activeCart(dealer)).totalItems).toBe(1);
  });
});

describe('bounded answers whatever the tables hold', () => {
  /** As a file from before the cap could leave them: many lots and loads with every text at its longest. */
  async function fill(productId: number, n: number) {
    const long = (c: string, length: number) => c.repeat(length);
    await ctx.db.delete(productLots).where(eq(productLots.productId, productId));
    await ctx.db.insert(productLots).values(
      Array.from({ length: n }, (_, i) => ({ productId, lot: `L${i}`.padEnd(50, 'X'), shade: long('S', 50), caliber: long('C', 50), warehouse: long('W', 100), quantity: i + 1 })),
    );
    await ctx.db.insert(incomingLoads).values(
      Array.from({ length: n }, (_, i) => ({ productId, quantity: 1, eta: '2027-01-05', stage: 'ordered' as const, lot: long('L', 50), reference: `${i}`.padEnd(200, 'R') })),
    );
  }

  it('GET /api/products/{id}/availability lists at most 100 lots and 100 loads, counts the rest, and stays small', async () => {
    await fill(1001, 3_000);
    const dealer = await signedIn('bold_customer');
    const response = await dealer.get('/api/products/1001/availability');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.lots).toHaveLength(AVAILABILITY_LIST_LIMIT);
    expect(body.incoming).toHaveLength(AVAILABILITY_LIST_LIMIT);
    expect(body).toMatchObject({ moreLots: 2_900, moreIncoming: 2_900, onHand: (3_000 * 3_001) / 2, largestLot: 3_000 });
    expect(body.lots[0].quantity).toBe(3_000);
    expect(response.rawPayload.length, 'the answer is bounded by the lists, not the table').toBeLessThan(100_000);
  });

  it('GET /api/carts/{id}/lots lists each line\'s 20 largest lots and counts the rest', async () => {
    await fill(1001, 500);
    const dealer = await signedIn('bold_customer');
    const cart = await activeCart(dealer);
    expect((await dealer.post(`/api/carts/${cart.id}/items`, { productId: 1001, quantity: 2 })).statusCode).toBeLessThan(300);
    const response = await dealer.get(`/api/carts/${cart.id}/lots`);
    expect(response.statusCode).toBe(200);
    const [line] = response.json().lines;
    expect(line.lots).toHaveLength(CART_LINE_LOTS_LIMIT);
    expect(line).toMatchObject({ moreLots: 480, largestLot: 500, warning: null });
    expect(response.rawPayload.length).toBeLessThan(20_000);
  });
});

describe('the reference of an incoming load is internal', () => {
  beforeEach(async () => {
    await put(admin, '/api/stock/incoming', { items: [{ sku: 1001, incoming: [{ quantity: 40, eta: '2027-01-05', stage: 'ordered', reference: 'supplier PO 4471 Acme landed cost 3.10' }] }] });
  });
  const referenceOf = (response: { json(): { incoming: { reference: string | null; quantity: number }[] } }) => response.json().incoming.map((i) => [i.quantity, i.reference]);

  it('a dealer sees the load without it; an admin sees it', async () => {
    const dealer = await signedIn('bold_customer');
    expect(referenceOf(await dealer.get('/api/products/1001/availability'))).toEqual([[40, null]]);
    expect(referenceOf(await admin.get('/api/products/1001/availability'))).toEqual([[40, 'supplier PO 4471 Acme landed cost 3.10']]);
  });

  it('a products:read token does not see it, even an admin\'s; a stock:write token does', async () => {
    const { token } = await createToken(admin, ['products:read']);
    const read = await bearer(ctx.app, token, { method: 'GET', url: '/api/products/1001/availability' });
    expect(read.statusCode).toBe(200);
    expect(referenceOf(read)).toEqual([[40, null]]);
    const { token: erp } = await createToken(admin, ['products:read', 'stock:write']);
    expect(referenceOf(await bearer(ctx.app, erp, { method: 'GET', url: '/api/products/1001/availability' }))).toEqual([[40, 'supplier PO 4471 Acme landed cost 3.10']]);
  });
});

describe('lot codes are normalised and checked, in the PUT and the file alike', () => {
  it('refuses U1 with a zero-width space (PUT), naming the item, and changes nothing', async () => {
    const response = await admin.request({ method: 'PUT', url: '/api/stock/lots', payload: { items: [{ sku: 1001, lots: [{ lot: 'U1', quantity: 1 }, { lot: 'U1\u200B', quantity: 2 }] }] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'items.0.lots.1', message: 'SKU 1001: Lot contains an invisible or control character (U+200B); type the code again without it' }]);
    expect(await lotsOf(1001)).toEqual([['L1', 5]]);
  });

  it('names the row in a file; full-width and spaced codes are the same code; characters outside the list are refused', async () => {
    const bad = await send(admin, '/api/stock/lots/upload', 'sku,lot,quantity\n1001,U1,1\n1001,U1\u200B,2\n1001,<b>U3,3\n1001,\u202EU4,4\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().schemaErrors).toEqual([
      { row: 3, sku: '1001', message: 'Lot contains an invisible or control character (U+200B); type the code again without it' },
      { row: 4, sku: '1001', message: 'Lot "<b>U3" may only contain letters A-Z, digits 0-9, spaces and the characters . _ - / # ( ), starting with a letter or digit' },
      { row: 5, sku: '1001', message: 'Lot contains an invisible or control character (U+202E); type the code again without it' },
    ]);
    const twice = await send(admin, '/api/stock/lots/upload', 'sku,lot,quantity\n1001,U1,1\n1001,\uFF35\uFF11,2\n');
    expect(twice.json().schemaErrors).toEqual([{ row: 3, sku: '1001', message: 'Lot U1 of SKU 1001 appears more than once (first on row 2)' }]);
    const ok = await send(admin, '/api/stock/lots/upload', 'sku,lot,quantity\n1001, \uFF35\uFF12  A ,1\n');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await lotsOf(1001)).toEqual([['U2 A', 1]]);
  });
});
