import { BACKORDER_MESSAGES } from '@common/domain/backorders';
import { describeValidationIssue } from '@common/contracts/stock';
import { stockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, productColumns, put, withStock } from '../../../../test/cart-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { backorderAllocations, emailOutbox, incomingLoads, products } from '../../db/schema';

/** A stock file (or PATCH) that brings in a SKU's load fills its waiting backorders first (docs/decisions/0241). */
const ctx = useTestApp();

const SKU = 32001;
const OTHER = 32002;
const SKUS = [
  { id: SKU, name: 'Glazed 3x12 Sage Gloss', stockLevel: '3', price: '40.00', soldBy: 'Box' },
  { id: OTHER, name: 'Glazed 3x12 Bone Gloss', stockLevel: '10', price: '40.00', soldBy: 'Box' },
];
// A load without a lot code: this SKU's stock comes by the stock file, never a lots file.
const LOAD = { quantity: 50, eta: '2027-12-20', stage: 'on_vessel', reference: 'PO-88' };

async function signedIn(role: 'admin' | 'bold_customer') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return { user, client: await new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined) };
}

let admin: TestClient;

async function order(client: TestClient, quantity: number) {
  const cart = await activeCart(client);
  const added = await client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await client.post('/api/orders', { cartId: cart.id });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { id: number; items: { backorder: { text: string } | null }[] };
}

const levelOf = async (id: number) => (await ctx.db.select(productColumns).from(products).where(eq(products.id, id)))[0]!;
const arrivalEmails = () => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'backorder_arrival'));

beforeEach(async () => {
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  await ctx.db.delete(emailOutbox);
  await ctx.db.delete(backorderAllocations);
  admin = (await signedIn('admin')).client;
  const loads = await put(admin, '/api/stock/incoming', { items: [{ sku: SKU, incoming: [LOAD] }] });
  expect(loads.statusCode, loads.body).toBe(200);
});

describe('a stock upload that brings a backordered SKU in', () => {
  it('previews the boxes going to backorders, then sets them aside first: no other cart can take them, one email', async () => {
    const buyer = await signedIn('bold_customer');
    const placed = await order(buyer.client, 50);
    expect(placed.items[0]!.backorder!.text).toBe('3 now, 47 about Dec 20 (on vessel)');
    expect((await levelOf(SKU)).stockLevel).toBe('0');

    // The load lands: the office's stock file says 50 boxes on the shelf.
    const csv = `id,stockLevel\n${SKU},50\n${OTHER},12\n`;
    const preview = await admin.request({ method: 'POST', url: '/api/stock/upload/preview', ...multipartBody([{ filename: 'tuesday.csv', content: csv }]) });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = stockUploadPreviewResponse.parse(preview.json());
    expect(body.warnings.validationIssues.map(describeValidationIssue)).toEqual([
      `Row 2 (SKU ${SKU}): stock level "50": 47 of the 50 new boxes go first to 1 order waiting for them (backorders), so the stock becomes 3`,
    ]);
    expect(body.changed.find((c) => c.id === SKU)!.changes).toEqual([{ field: 'stockLevel', before: '0', after: '3' }]);
    expect(await ctx.db.select().from(backorderAllocations), 'a preview changes nothing').toMatchObject([{ state: 'allocated', quantity: 47 }]);

    const confirmed = await admin.post(`/api/stock/uploads/${body.uploadId}/confirm`, { mode: 'keep' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await levelOf(SKU)).stockLevel).toBe('3');
    expect((await levelOf(OTHER)).stockLevel).toBe('12');
    // The whole load came in: it is no longer incoming, and nothing is on order.
    expect(await ctx.db.select().from(incomingLoads).where(eq(incomingLoads.productId, SKU))).toEqual([]);
    expect((await levelOf(SKU)).quantityOnOrder).toBe(0);
    const rows = await ctx.db.select().from(backorderAllocations).where(eq(backorderAllocations.orderId, placed.id));
    expect(rows.map((r) => [r.state, r.quantity])).toEqual([['arrived', 47]]);
    const seen = (await buyer.client.get(`/api/orders/${placed.id}`)).json();
    expect(seen.items[0].backorder).toMatchObject({ now: 3, later: [{ quantity: 47, state: 'arrived' }], text: '3 now, 47 arrived' });

    // Another buyer sees only the 3 free boxes: the 47 are the first order's.
    const other = await signedIn('bold_customer');
    const cart = await activeCart(other.client);
    const refused = await other.client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity: 4 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only 3 of Glazed 3x12 Sage Gloss are in stock');
    expect((await other.client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity: 3 })).statusCode).toBe(200);

    const emails = await arrivalEmails();
    expect(emails.map((e) => e.toAddresses)).toEqual([[buyer.user.email]]);
    expect(emails[0]!.textBody).toContain('47 boxes (expected about Dec 20)');
  });

  it('fills first placed first; a part arrival keeps the rest waiting on the load, whose room stays the same (PATCH /api/stock)', async () => {
    const first = await signedIn('bold_customer');
    const second = await signedIn('bold_customer');
    const a = await order(first.client, 23); // 3 now, 20 later
    const b = await order(second.client, 20); // 20 later
    const patched = await admin.request({ method: 'PATCH', url: '/api/stock', json: { items: [{ sku: SKU, stockLevel: 30 }] } });
    expect(patched.statusCode, patched.body).toBe(200);
    // The answer says the 30 sent went to backorders, so the ERP knows the portal shows 0.
    expect(patched.json().adjusted).toEqual([
      { sku: SKU, sent: '30', stockLevel: '0', reason: BACKORDER_MESSAGES.stockArrival({ before: 0, count: 30, toBackorders: 30, orders: 2 }) },
    ]);
    // 30 new boxes: 20 to the first order, 10 to the second, none free.
    expect((await levelOf(SKU)).stockLevel).toBe('0');
    const rows = await ctx.db.select().from(backorderAllocations).where(inArray(backorderAllocations.orderId, [a.id, b.id]));
    const shape = rows.map((r) => [r.orderId === a.id ? 'a' : 'b', r.state, r.quantity, r.incomingLoadId !== null]).sort();
    expect(shape).toEqual([
      ['a', 'arrived', 20, true],
      ['b', 'allocated', 10, true],
      ['b', 'arrived', 10, true],
    ]);
    const [load] = await ctx.db.select().from(incomingLoads).where(eq(incomingLoads.productId, SKU));
    expect(load!.quantity).toBe(20);
    expect((await levelOf(SKU)).quantityOnOrder).toBe(20);
    // The load's room is 20 - 10 still promised = 10, as before the arrival (50 - 40).
    const late = await signedIn('bold_customer');
    const cart = await activeCart(late.client);
    expect((await late.client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity: 11 })).statusCode).toBe(400);
    expect((await late.client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity: 10 })).statusCode).toBe(200);
    expect((await arrivalEmails()).map((e) => e.toAddresses[0]).sort()).toEqual([first.user.email, second.user.email].sort());
  });

  it('a file that lowers or keeps the count fills nothing', async () => {
    const buyer = await signedIn('bold_customer');
    await order(buyer.client, 10);
    const response = await admin.request({ method: 'PATCH', url: '/api/stock', json: { items: [{ sku: SKU, stockLevel: 0 }] } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await ctx.db.select().from(backorderAllocations)).map((r) => r.state)).toEqual(['allocated']);
    expect(await arrivalEmails()).toEqual([]);
  });
});

describe('a stock PATCH racing placements that take the same SKUs', () => {
  it('never deadlocks: the merge takes its products in id order before any load, as placement does', async () => {
    // LOW sorts before SKU: a placement locks LOW, then SKU, then SKU's loads; the PATCH fills SKU's
    // backorders (SKU and its loads), then writes LOW. Without one order for both, each waits for the other.
    const LOW = 31999;
    await ctx.db.delete(products).where(eq(products.id, LOW));
    await ctx.db.insert(products).values(withStock({ id: LOW, name: 'Glazed 3x12 Ink Gloss', stockLevel: '5000', price: '40.00', soldBy: 'Box' }));
    const big = await put(admin, '/api/stock/incoming', { items: [{ sku: SKU, incoming: [{ ...LOAD, quantity: 100_000 }] }] });
    expect(big.statusCode, big.body).toBe(200);
    const answers: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      // SKU out of stock with a backorder waiting, so the PATCH's rise has something to fill.
      expect((await admin.request({ method: 'PATCH', url: '/api/stock', json: { items: [{ sku: SKU, stockLevel: 0 }] } })).statusCode).toBe(200);
      await order((await signedIn('bold_customer')).client, 1);
      const buyers = await Promise.all([0, 1, 2].map(async () => {
        const { client } = await signedIn('bold_customer');
        const cart = await activeCart(client);
        for (const productId of [LOW, SKU]) expect((await client.post(`/api/carts/${cart.id}/items`, { productId, quantity: 1 })).statusCode).toBe(200);
        return { client, cart };
      }));
      const results = await Promise.all([
        ...buyers.map(({ client, cart }) => client.post('/api/orders', { cartId: cart.id })),
        admin.request({ method: 'PATCH', url: '/api/stock', json: { items: [{ sku: LOW, stockLevel: 5000 - round }, { sku: SKU, stockLevel: 2 }] } }),
      ]);
      answers.push(...results.map((r) => r.statusCode));
    }
    expect(answers.filter((status) => status >= 500)).toEqual([]);
  }, 120_000);
});
