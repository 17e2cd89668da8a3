import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, put, productColumns, withStock } from '../../../../test/cart-fixtures';
import { backorderAllocations, emailOutbox, orderLineAllocations, productLots, products } from '../../db/schema';

/** Backorders against incoming loads (docs/decisions/0238-backorder-allocation.md), through the API. */
const ctx = useTestApp();

const SKU = 31001;
const OTHER = 31002;
const SKUS = [
  { id: SKU, name: 'Porcelain 24x48 Ash Matte', stockLevel: '3', price: '50.00', soldBy: 'Box' },
  { id: OTHER, name: 'Porcelain 24x48 Sand Matte', stockLevel: '3', price: '50.00', soldBy: 'Box' },
];
const VESSEL = { quantity: 100, eta: '2027-12-20', stage: 'on_vessel', lot: 'L9001A', reference: 'PO-77' };

async function signedIn(role: 'admin' | 'bold_customer') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return { user, client: await new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined) };
}

let admin: TestClient;

async function loads(incoming: Record<string, unknown>[], sku = SKU) {
  const response = await put(admin, '/api/stock/incoming', { items: [{ sku, incoming }] });
  expect(response.statusCode, response.body).toBe(200);
}

async function add(client: TestClient, productId: number, quantity: number) {
  const cart = await activeCart(client);
  return { cart, response: await client.post(`/api/carts/${cart.id}/items`, { productId, quantity }) };
}

/** A line that must go in. */
async function added(client: TestClient, productId: number, quantity: number) {
  const result = await add(client, productId, quantity);
  expect(result.response.statusCode, result.response.body).toBe(200);
  return result;
}

const place = (client: TestClient, cartId: number) => client.post('/api/orders', { cartId });
const levelOf = async (id: number) => (await ctx.db.select(productColumns).from(products).where(eq(products.id, id)))[0]!.stockLevel;

beforeEach(async () => {
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  await ctx.db.delete(emailOutbox);
  // Each test's promises only: an earlier test's would follow the same lot code onto this test's loads.
  await ctx.db.delete(backorderAllocations);
  admin = (await signedIn('admin')).client;
});

describe('the cart and the quick order pad', () => {
  it('take more than is in stock when a load covers it, and keep the cap when none does', async () => {
    const { client: dealer } = await signedIn('bold_customer');
    const refused = await add(dealer, SKU, 50);
    expect(refused.response.statusCode).toBe(400);
    expect(refused.response.json().message).toBe('Only 3 of Porcelain 24x48 Ash Matte are in stock');

    await loads([VESSEL]);
    const added = await add(dealer, SKU, 50);
    expect(added.response.statusCode, added.response.body).toBe(200);
    expect(added.response.json().quantity).toBe(50);
    // Past stock and the load's room together: refused with both numbers.
    const past = await dealer.post(`/api/carts/${added.cart.id}/items`, { productId: SKU, quantity: 54 });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain('Only 3 of Porcelain 24x48 Ash Matte are in stock and 100 more can be ordered from incoming loads');
    // Setting the line's quantity follows the same cap.
    const item = (await activeCart(dealer)).items.find((i) => i.productId === SKU)!;
    expect((await dealer.request({ method: 'PATCH', url: `/api/carts/${added.cart.id}/items/${item.id}`, json: { quantity: 103 } })).statusCode).toBe(200);
    expect((await dealer.request({ method: 'PATCH', url: `/api/carts/${added.cart.id}/items/${item.id}`, json: { quantity: 104 } })).statusCode).toBe(400);

    const split = await dealer.get(`/api/carts/${added.cart.id}/backorders`);
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().lines).toEqual([
      { productId: SKU, quantity: 103, cap: 103, now: 3, later: [{ quantity: 100, eta: '2027-12-20', stage: 'on_vessel' }], uncovered: 0, shipping: 'split', text: '3 now, 100 about Dec 20 (on vessel)' },
    ]);
  });

  it('the quick order pad adds the backorder instead of "added 3 of 50" when a load covers it', async () => {
    await loads([VESSEL]);
    const { client: dealer } = await signedIn('bold_customer');
    const cart = await activeCart(dealer);
    const response = await dealer.post(`/api/carts/${cart.id}/bulk-items`, { items: [{ productId: SKU, quantity: 50 }, { productId: OTHER, quantity: 50 }] });
    expect(response.statusCode, response.body).toBe(200);
    const [covered, capped] = response.json().lines;
    expect(covered).toMatchObject({ productId: SKU, added: 50, status: 'added', reason: null, backorder: '3 now, 47 about Dec 20 (on vessel)' });
    // No load for the other SKU: still cut to the stock.
    expect(capped).toMatchObject({ productId: OTHER, added: 3, status: 'capped', reason: 'Only 3 in stock: added 3 of 50' });
    expect(capped.backorder).toBeUndefined();
  });

  it('keeps the shipping choice per line, for the owner only, and refuses a bad one', async () => {
    await loads([VESSEL]);
    const { client: dealer } = await signedIn('bold_customer');
    const { cart } = await added(dealer, SKU, 50);
    const chosen = await put(dealer, `/api/carts/${cart.id}/backorders/${SKU}`, { shipping: 'together' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().lines[0].shipping).toBe('together');
    expect((await put(dealer, `/api/carts/${cart.id}/backorders/${SKU}`, { shipping: 'whenever' })).statusCode).toBe(400);
    const { client: stranger } = await signedIn('bold_customer');
    expect((await put(stranger, `/api/carts/${cart.id}/backorders/${SKU}`, { shipping: 'split' })).statusCode).toBe(404);
    expect((await stranger.get(`/api/carts/${cart.id}/backorders`)).statusCode).toBe(404);
  });
});

describe('placing a backorder', () => {
  it('takes the stock now and promises the rest from the load; the order, its GET and its email say the split', async () => {
    await loads([VESSEL]);
    const { client: dealer } = await signedIn('bold_customer');
    const { cart } = await added(dealer, SKU, 50);
    await put(dealer, `/api/carts/${cart.id}/backorders/${SKU}`, { shipping: 'together' });
    const placed = await place(dealer, cart.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const line = placed.json().items[0];
    expect(line.quantity).toBe(50);
    expect(line.backorder).toEqual({
      now: 3,
      later: [{ quantity: 47, eta: '2027-12-20', promisedEta: '2027-12-20', stage: 'on_vessel', state: 'allocated' }],
      shipping: 'together',
      text: '3 now, 47 about Dec 20 (on vessel)',
    });
    expect(await levelOf(SKU)).toBe('0');
    expect((await dealer.get(`/api/orders/${placed.json().id}`)).json().items[0].backorder).toEqual(line.backorder);
    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'order_confirmation'));
    expect(email!.textBody).toContain('3 now, 47 about Dec 20 (on vessel); ship all together');
    // The load has 53 boxes of room left for the next buyer.
    const { client: next } = await signedIn('bold_customer');
    expect((await add(next, SKU, 53)).response.statusCode).toBe(200);
    expect((await add(next, SKU, 1)).response.statusCode).toBe(400);
  });

  it('never over-promises a load: 10 parallel orders of 20 for a load of 100 with no stock place exactly 5', async () => {
    await ctx.db.update(products).set({ stockCount: 0 }).where(eq(products.id, SKU));
    await loads([VESSEL]);
    const dealers = await Promise.all(Array.from({ length: 10 }, () => signedIn('bold_customer')));
    const carts: { id: number }[] = [];
    for (const { client } of dealers) {
      const { cart, response } = await add(client, SKU, 20);
      expect(response.statusCode, response.body).toBe(200);
      carts.push(cart);
    }
    const results = await Promise.all(dealers.map(({ client }, i) => place(client, carts[i]!.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused.message).toContain('only 0 of 20 boxes are in stock or on incoming loads now');
    expect(refused.errors[0].path).toBe(`items.${SKU}`);
    const promised = await ctx.db.select().from(backorderAllocations).where(eq(backorderAllocations.productId, SKU));
    expect(promised.reduce((sum, b) => sum + b.quantity, 0)).toBe(100);
  });
});

describe('cancelling a backordered order', () => {
  it('gives its promise back to the load', async () => {
    await loads([VESSEL]);
    const { client: dealer } = await signedIn('bold_customer');
    const { cart } = await added(dealer, SKU, 103);
    const placed = await place(dealer, cart.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const { client: next } = await signedIn('bold_customer');
    expect((await add(next, SKU, 1)).response.statusCode).toBe(400);
    // The stock row plans with the load's room (docs/decisions/0243): nothing left to offer.
    const roomOf = async () => (await next.get(`/api/products/${SKU}/availability`)).json().incoming.map((i: { quantity: number; room: number }) => [i.quantity, i.room]);
    expect(await roomOf()).toEqual([[100, 0]]);
    const cancelled = await admin.request({ method: 'PATCH', url: `/api/orders/${placed.json().id}`, json: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().items[0].backorder).toBeNull();
    expect(await roomOf()).toEqual([[100, 100]]);
    expect((await add(next, SKU, 100)).response.statusCode).toBe(200);
  });
});

describe('when the load arrives in a lots upload', () => {
  it('gives its boxes to the backorders first, first placed first served, and emails each buyer', async () => {
    await loads([VESSEL]);
    const first = await signedIn('bold_customer');
    const second = await signedIn('bold_customer');
    const a = await added(first.client, SKU, 50);
    const placedA = await place(first.client, a.cart.id);
    expect(placedA.statusCode, placedA.body).toBe(201);
    const b = await added(second.client, SKU, 30);
    const placedB = await place(second.client, b.cart.id);
    expect(placedB.statusCode, placedB.body).toBe(201);
    expect(placedB.json().items[0].backorder.text).toBe('30 about Dec 20 (on vessel)');

    // The load lands with 100 boxes of its lot: 47 + 30 are set aside, 23 are left for everyone else.
    const arrived = await put(admin, '/api/stock/lots', { items: [{ sku: SKU, lots: [{ lot: 'L9001A', shade: 'S2', quantity: 100 }] }] });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const [lot] = await ctx.db.select().from(productLots).where(eq(productLots.productId, SKU));
    expect(lot!.quantity).toBe(23);
    expect(await levelOf(SKU)).toBe('23');
    const taken = await ctx.db.select().from(orderLineAllocations).where(inArray(orderLineAllocations.orderId, [placedA.json().id, placedB.json().id]));
    expect(taken.map((t) => [t.orderId, t.lot, t.shade, t.quantity]).sort()).toEqual(
      [
        [placedA.json().id, 'L9001A', 'S2', 47],
        [placedB.json().id, 'L9001A', 'S2', 30],
      ].sort(),
    );
    const order = (await first.client.get(`/api/orders/${placedA.json().id}`)).json();
    expect(order.items[0].backorder).toMatchObject({ now: 3, later: [{ quantity: 47, state: 'arrived' }], text: '3 now, 47 arrived' });
    const emails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'backorder_arrival'));
    expect(emails.map((e) => e.toAddresses[0]).sort()).toEqual([first.user.email, second.user.email].sort());
    expect(emails.find((e) => e.toAddresses[0] === first.user.email)!.textBody).toContain('47 boxes from lot L9001A');
    // The load is no longer incoming: nothing more can be backordered from it.
    const { client: late } = await signedIn('bold_customer');
    expect((await add(late, SKU, 24)).response.statusCode).toBe(400);
  });

  it('fills what a short lot holds; the rest keeps waiting', async () => {
    await loads([VESSEL]);
    const { client: dealer } = await signedIn('bold_customer');
    const { cart } = await added(dealer, SKU, 50);
    const placed = await place(dealer, cart.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const arrived = await put(admin, '/api/stock/lots', { items: [{ sku: SKU, lots: [{ lot: 'L9001A', quantity: 40 }] }] });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const rows = await ctx.db.select().from(backorderAllocations).where(eq(backorderAllocations.orderId, placed.json().id));
    expect(rows.map((r) => [r.state, r.quantity]).sort()).toEqual([['allocated', 7], ['arrived', 40]]);
    expect(await levelOf(SKU)).toBe('0');
  });
});

describe('a load that slips in an incoming upload', () => {
  it('moves the ETA on the order and keeps the date first promised', async () => {
    await loads([VESSEL, { quantity: 20, eta: '2028-02-01', stage: 'ordered', lot: 'L9002B' }]);
    const { client: dealer } = await signedIn('bold_customer');
    const { cart } = await added(dealer, SKU, 50);
    const placed = await place(dealer, cart.id);
    expect(placed.statusCode, placed.body).toBe(201);
    // The file lists the loads again (new rows): the vessel is three weeks late and now in transit.
    await loads([{ quantity: 20, eta: '2028-02-01', stage: 'ordered', lot: 'L9002B' }, { ...VESSEL, eta: '2028-01-10', stage: 'in_transit' }]);
    const order = (await dealer.get(`/api/orders/${placed.json().id}`)).json();
    expect(order.items[0].backorder).toMatchObject({
      later: [{ quantity: 47, eta: '2028-01-10', promisedEta: '2027-12-20', stage: 'in_transit', state: 'allocated' }],
      text: '3 now, 47 about Jan 10 (in transit)',
    });
    const [row] = await ctx.db.select().from(backorderAllocations).where(and(eq(backorderAllocations.orderId, placed.json().id)));
    expect(row!.incomingLoadId).not.toBeNull();
    // The promise still counts against the load: 53 boxes of room, not 100.
    const { client: next } = await signedIn('bold_customer');
    expect((await add(next, SKU, 74)).response.statusCode).toBe(400);
    expect((await add(next, SKU, 73)).response.statusCode).toBe(200);
  });
});
