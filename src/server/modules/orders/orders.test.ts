import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestRequestedDate, isWeekend, todayIn } from '@common/domain/business-days';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue, MERCH, put, withStock } from '../../../../test/cart-fixtures';
import { activityLogs, cartItems, emailOutbox, orderItems, orders, products } from '../../db/schema';
import { stockColumnsOf } from '@common/domain/stock-level';

const ctx = useTestApp({ ORDER_EMAIL_FROM: 'orders@bold.test', ORDER_EMAIL_TO: 'desk@bold.test' });

beforeAll(async () => insertCatalogue(ctx.db));

const today = () => todayIn();
const earliest = () => earliestRequestedDate(today());
function nextWeekend(from: string): string {
  let day = from;
  while (!isWeekend(day)) day = addDays(day, 1);
  return day;
}

type Role = 'salesperson' | 'bold_customer' | 'admin';

async function signedIn(role: Role = 'salesperson', options: { actAs?: Role; email?: string | null } = {}) {
  const email = options.email === null ? undefined : (options.email ?? `${role}.${Math.random().toString(36).slice(2, 8)}@example.com`);
  const user = await createUser(ctx.db, { role, email });
  const client = new TestClient(ctx.app);
  await client.signInAs(user, options.actAs ?? (role === 'admin' ? 'admin' : undefined));
  return { user, client };
}

/** A cart with 2 x plenty, 3 x priced and one display; returns the payload the client would send. */
async function fillCart(client: TestClient) {
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.priced.id, quantity: 3 });
  await put(client, `/api/carts/${cart.id}/merchandise/display/${MERCH.display.code}`, { quantity: 1 });
  return {
    cart,
    payload: {
      cartId: cart.id,
      // Client prices are ignored: the catalogue decides.
      items: [
        { productId: CATALOGUE.plenty.id, quantity: 2, price: '0.01' },
        { productId: CATALOGUE.priced.id, quantity: 3, price: '0.01' },
      ],
      displays: [{ code: MERCH.display.code, quantity: 1, price: 5, name: 'x' }],
      labels: [],
      priceLists: [],
      handboards: [],
    },
  };
}

function placeOrder(client: TestClient, body: unknown, key?: string) {
  return client.request({ method: 'POST', url: '/api/orders', json: body, headers: key ? { 'idempotency-key': key } : {} });
}

async function ordersOf(userId: number) {
  return ctx.db.select().from(orders).where(eq(orders.userId, userId));
}

describe('placing a sample order (salesperson)', () => {
  it('saves the order with catalogue prices, clears the cart, logs it and queues the email with cc', async () => {
    const { user, client } = await signedIn('salesperson');
    const { cart, payload } = await fillCart(client);
    const response = await placeOrder(client, {
      ...payload,
      notes: 'Leave at the side door',
      deliveryType: 'ship',
      // docs/decisions/0210: a shipped sample order carries its ship-to.
      shipToAddress: { name: 'Showroom', contactName: 'Dana', phone: '714-555-0100', street: '1 Main St', city: 'Irvine', state: 'CA', zip: '92618' },
      requestedDate: earliest(),
      sendEmail: true,
      emailConfig: { from: 'evil@example.com', to: ['evil@example.com'], cc: [] },
    });
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      userId: user.id,
      username: user.username,
      kind: 'sample',
      status: 'submitted',
      cartName: 'Sample Order #1',
      notes: 'Leave at the side door',
      deliveryType: 'ship',
      requestedDate: earliest(),
      total: '85.60',
      hasCallPrices: false,
    });
    expect(order.items).toEqual([
      expect.objectContaining({ productId: CATALOGUE.plenty.id, productName: CATALOGUE.plenty.name, quantity: 2, price: '42.50' }),
      expect.objectContaining({ productId: CATALOGUE.priced.id, quantity: 3, price: '0.20' }),
    ]);
    expect(order.merchandise).toEqual([expect.objectContaining({ type: 'display', code: MERCH.display.code, quantity: 1, price: 0 })]);

    const after = (await client.get(`/api/carts/${cart.id}`)).json();
    expect(after).toMatchObject({ isActive: true, totalItems: 0, items: [], displays: [] });

    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'order_created')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.metadata).toMatchObject({ orderId: order.id, kind: 'sample' });

    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, `Sample Order #${order.id} from ${user.username}`));
    expect(email).toMatchObject({
      kind: 'order_confirmation',
      fromAddress: 'orders@bold.test',
      toAddresses: ['desk@bold.test'],
      ccAddresses: [user.email],
      status: 'pending',
    });
    expect(email!.textBody).toContain(`2 x ${CATALOGUE.plenty.name} (SKU ${CATALOGUE.plenty.id})`);
    expect(email!.textBody).toContain('Leave at the side door');
    // Prices stay off sample order emails, as on the salesperson's screens.
    expect(email!.textBody).not.toContain('42.50');
  });

  it('defaults the delivery to pickup', async () => {
    const { client } = await signedIn('salesperson');
    const { payload } = await fillCart(client);
    const response = await placeOrder(client, { ...payload, requestedDate: earliest() });
    expect(response.json().deliveryType).toBe('pickup');
  });

  it('treats an admin acting as salesperson as a salesperson (docs/product-decisions.md)', async () => {
    const { client } = await signedIn('admin', { actAs: 'salesperson' });
    const { payload } = await fillCart(client);
    expect((await placeOrder(client, payload)).json().message).toBe('Please select a requested date');
    const response = await placeOrder(client, { ...payload, requestedDate: earliest() });
    expect(response.json().kind).toBe('sample');
  });

  it.each([
    ['missing', undefined, 'Please select a requested date'],
    ['blank', '', 'Please select a requested date'],
    ['today', 'today', 'Requested date must be at least three business days from today'],
    ['the day before the earliest', 'before', 'Requested date must be at least three business days from today'],
    ['in the past', 'past', 'Requested date must be at least three business days from today'],
    ['on a weekend', 'weekend', 'Requested date must be a weekday'],
    ['not a date', '2025-02-30', 'Requested date must be a date like 2025-01-31'],
    ['words', 'next week', 'Requested date must be a date like 2025-01-31'],
  ])('refuses a requested date %s and changes nothing', async (_name, value, message) => {
    const date =
      value === 'today' ? today() : value === 'before' ? addDays(earliest(), -1) : value === 'past' ? '2020-01-06' : value === 'weekend' ? nextWeekend(earliest()) : value;
    const { user, client } = await signedIn('salesperson');
    const { cart, payload } = await fillCart(client);
    const response = await placeOrder(client, { ...payload, requestedDate: date });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect((await client.get(`/api/carts/${cart.id}`)).json().totalItems).toBe(6);
  });

  it('tells the client the earliest date the server accepts', async () => {
    const { client } = await signedIn('salesperson');
    const response = await client.get('/api/orders/requested-dates');
    expect(response.json()).toEqual({ today: today(), earliest: earliest(), closedDays: [] });
  });
});

describe('placing a purchase order (dealer)', () => {
  it('needs no date, sends only items, and lands as a purchase order with a total', async () => {
    const { user, client } = await signedIn('bold_customer');
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 3 });
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.fabrication.id, quantity: 1 });
    const response = await placeOrder(client, {
      items: [
        { productId: CATALOGUE.cheap.id, quantity: 3 },
        { productId: CATALOGUE.fabrication.id, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'purchase', deliveryType: null, requestedDate: null, total: '0.30', hasCallPrices: true });
    expect((await activeCart(client)).totalItems).toBe(0);
    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, `Purchase Order #${response.json().id} from ${user.username}`));
    expect(email!.textBody).toContain('Total: $0.30 plus items priced on request (CALL)');
  });

  it('still checks a requested date when one is given', async () => {
    const { client } = await signedIn('bold_customer');
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const response = await placeOrder(client, { requestedDate: nextWeekend(earliest()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Requested date must be a weekday');
  });

  it('leaves cc empty for a user without an email address', async () => {
    const { client } = await signedIn('bold_customer', { email: null });
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const order = (await placeOrder(client, {})).json();
    const [email] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, `Purchase Order #${order.id} from ${order.username}`));
    expect(email!.ccAddresses).toEqual([]);
  });
});

describe('bad orders change nothing', () => {
  it('refuses an empty cart with "Your order is empty"', async () => {
    const { user, client } = await signedIn('bold_customer');
    const response = await placeOrder(client, { items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your order is empty');
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('refuses a payload whose lines are all zero, keeping the cart', async () => {
    const { user, client } = await signedIn('salesperson');
    const { cart } = await fillCart(client);
    const response = await placeOrder(client, {
      cartId: cart.id,
      items: [{ productId: CATALOGUE.plenty.id, quantity: 0 }],
      displays: [{ code: MERCH.display.code, quantity: 0 }],
      requestedDate: earliest(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your order is empty');
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect((await activeCart(client)).totalItems).toBe(6);
  });

  it.each([
    [[{ productId: CATALOGUE.plenty.id, quantity: -1 }], 'Quantity cannot be negative'],
    [[{ productId: CATALOGUE.plenty.id, quantity: 1.5 }], 'Quantity must be a whole number'],
    [[{ productId: CATALOGUE.plenty.id, quantity: 'two' }], 'Quantity must be a number'],
    [[{ productId: CATALOGUE.plenty.id, quantity: 99_999_999 }], 'Quantity cannot be more than 10,000'],
  ])('refuses bad line quantities %j', async (items, message) => {
    const { user, client } = await signedIn('bold_customer');
    const response = await placeOrder(client, { items });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('refuses lines that differ from the cart (changed in another tab)', async () => {
    const { user, client } = await signedIn('salesperson');
    const { payload } = await fillCart(client);
    const response = await placeOrder(client, {
      ...payload,
      items: [{ productId: CATALOGUE.plenty.id, quantity: 5 }],
      requestedDate: earliest(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Your cart changed in another tab or window. Please review it and try again.');
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('refuses an order for a cart deleted or replaced in another tab', async () => {
    const { user, client } = await signedIn('bold_customer');
    const doomed = (await client.post('/api/carts', { name: 'Doomed', isActive: true })).json();
    await client.post(`/api/carts/${doomed.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    await client.delete(`/api/carts/${doomed.id}`);
    const response = await placeOrder(client, { cartId: doomed.id, items: [{ productId: CATALOGUE.cheap.id, quantity: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('refuses a line whose stock ran out since it was added, naming it', async () => {
    const { user, client } = await signedIn('bold_customer');
    const cart = await activeCart(client);
    await ctx.db.insert(products).values(withStock({ id: 5001, name: 'Vanishing Tile', stockLevel: '10', price: '1.00' }));
    await client.post(`/api/carts/${cart.id}/items`, { productId: 5001, quantity: 4 });
    await ctx.db.update(products).set(stockColumnsOf('3')).where(eq(products.id, 5001));
    const response = await placeOrder(client, { items: [{ productId: 5001, quantity: 4 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only 3 of Vanishing Tile are in stock. Please update your cart.');
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect((await activeCart(client)).totalItems).toBe(4);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { client } = await signedIn('bold_customer');
    const response = await placeOrder(client, {}, 'x'.repeat(201));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Idempotency-Key must be 1 to 200 visible characters');
  });
});

describe('Idempotency-Key (docs/product-decisions.md)', () => {
  it('answers a replay with the first result and creates nothing', async () => {
    const { user, client } = await signedIn('salesperson');
    const { payload } = await fillCart(client);
    const body = { ...payload, requestedDate: earliest() };
    const first = await placeOrder(client, body, 'order-abc-1');
    const again = await placeOrder(client, body, 'order-abc-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(user.id)).toHaveLength(1);
    const emails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, `Sample Order #${first.json().id} from ${user.username}`));
    expect(emails).toHaveLength(1);
  });

  it('creates one order from a burst of double clicks with the same key', async () => {
    const { user, client } = await signedIn('bold_customer');
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    const body = { cartId: cart.id, items: [{ productId: CATALOGUE.plenty.id, quantity: 1 }] };
    const responses = await Promise.all(Array.from({ length: 6 }, () => placeOrder(client, body, 'double-click')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, responses[0]!.json().id));
    expect(lines).toHaveLength(1);
  });

  it('keeps keys per user: the same key from another user is a new order', async () => {
    const a = await signedIn('bold_customer');
    const b = await signedIn('bold_customer');
    for (const { client } of [a, b]) {
      const cart = await activeCart(client);
      await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    }
    const first = (await placeOrder(a.client, {}, 'shared-key')).json();
    const second = (await placeOrder(b.client, {}, 'shared-key')).json();
    expect(second.id).not.toBe(first.id);
    expect(second.userId).toBe(b.user.id);
  });

  it('without a key, a second submit finds the PO placed (gone from Current POs, ADR 0189) rather than ordering twice', async () => {
    const { user, client } = await signedIn('bold_customer');
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const body = { cartId: cart.id, items: [{ productId: CATALOGUE.cheap.id, quantity: 1 }] };
    const [one, two] = await Promise.all([placeOrder(client, body), placeOrder(client, body)]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([201, 409]);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });
});

describe('order history', () => {
  it('lists only the caller’s orders, newest first; another user’s order is not found', async () => {
    const a = await signedIn('bold_customer');
    const b = await signedIn('bold_customer');
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const cart = await activeCart(a.client);
      await a.client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: i + 1 });
      ids.push((await placeOrder(a.client, {})).json().id);
    }
    const list = (await a.client.get('/api/orders')).json();
    expect(list.orders.map((o: { id: number }) => o.id)).toEqual([...ids].reverse());
    expect(list.orders[0]).toMatchObject({ lineCount: 1, totalQuantity: 2, status: 'submitted', kind: 'purchase' });
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 25 });

    const theirs = (await b.client.get(`/api/orders?userId=${a.user.id}`)).json();
    expect(theirs.orders).toEqual([]);
    const detail = await b.client.get(`/api/orders/${ids[0]}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe('Order not found');
    expect((await a.client.get(`/api/orders/${ids[0]}`)).json().items).toHaveLength(1);
  });

  it('shows admins every order, filterable by user, status and kind', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await activeCart(dealer.client);
    await dealer.client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const order = (await placeOrder(dealer.client, {})).json();
    const { client } = await signedIn('admin');
    const all = (await client.get('/api/orders')).json();
    expect(all.total).toBeGreaterThanOrEqual(1);
    const byUser = (await client.get(`/api/orders?userId=${dealer.user.id}`)).json();
    expect(byUser.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byName = (await client.get(`/api/orders?username=${dealer.user.username.slice(0, 8)}`)).json();
    expect(byName.orders.some((o: { id: number }) => o.id === order.id)).toBe(true);
    const samples = (await client.get('/api/orders?kind=sample')).json();
    expect(samples.orders.every((o: { kind: string }) => o.kind === 'sample')).toBe(true);
    expect((await client.get(`/api/orders/${order.id}`)).statusCode).toBe(200);
    expect((await client.get('/api/orders?status=lost')).statusCode).toBe(400);
    expect((await client.get('/api/orders?page=0')).statusCode).toBe(400);
  });

  it('does not treat an admin acting as a customer as an admin', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await activeCart(dealer.client);
    await dealer.client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const order = (await placeOrder(dealer.client, {})).json();
    const { client } = await signedIn('admin', { actAs: 'bold_customer' });
    expect((await client.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
  });
});

describe('order status (admins)', () => {
  it('lets an admin change it, logs order_updated, and the owner sees it', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await activeCart(dealer.client);
    await dealer.client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const order = (await placeOrder(dealer.client, {})).json();
    const admin = await signedIn('admin');
    const response = await admin.client.patch(`/api/orders/${order.id}`, { status: 'confirmed' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('confirmed');
    expect((await dealer.client.get(`/api/orders/${order.id}`)).json().status).toBe('confirmed');
    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, admin.user.id), eq(activityLogs.type, 'order_updated')));
    expect(logged[0]).toMatchObject({ targetUserId: dealer.user.id, metadata: { orderId: order.id, from: 'submitted', to: 'confirmed' } });
  });

  it('refuses non-admins, unknown statuses and unknown orders', async () => {
    const dealer = await signedIn('bold_customer');
    const cart = await activeCart(dealer.client);
    await dealer.client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const order = (await placeOrder(dealer.client, {})).json();
    expect((await dealer.client.patch(`/api/orders/${order.id}`, { status: 'completed' })).statusCode).toBe(403);
    const sales = await signedIn('salesperson');
    expect((await sales.client.patch(`/api/orders/${order.id}`, { status: 'completed' })).statusCode).toBe(403);
    const admin = await signedIn('admin');
    const bad = await admin.client.patch(`/api/orders/${order.id}`, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown order status');
    expect((await admin.client.patch('/api/orders/99999999', { status: 'completed' })).statusCode).toBe(404);
    expect((await dealer.client.get(`/api/orders/${order.id}`)).json().status).toBe('submitted');
  });
});

describe('reorder', () => {
  it('copies still-orderable lines into the active cart and says which were skipped', async () => {
    const { user, client } = await signedIn('salesperson');
    await ctx.db.insert(products).values([
      { id: 6001, name: 'Soon Gone', stockLevel: '10', price: '2.00' },
      { id: 6002, name: 'Running Low', stockLevel: '10', price: '2.00' },
    ].map(withStock));
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: 6001, quantity: 2 });
    await client.post(`/api/carts/${cart.id}/items`, { productId: 6002, quantity: 8 });
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 4 });
    await put(client, `/api/carts/${cart.id}/merchandise/label/${MERCH.label.code}`, { quantity: 2 });
    const order = (await placeOrder(client, { requestedDate: earliest() })).json();

    await ctx.db.update(products).set(stockColumnsOf('0')).where(eq(products.id, 6001));
    await ctx.db.update(products).set(stockColumnsOf('5')).where(eq(products.id, 6002));
    const response = await client.post(`/api/orders/${order.id}/reorder`);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.skipped).toEqual([{ name: 'Soon Gone', reason: 'Out of stock' }]);
    expect(result.added).toEqual(
      expect.arrayContaining([
        { name: 'Running Low', quantity: 5, requested: 8 },
        { name: CATALOGUE.plenty.name, quantity: 4, requested: 4 },
        { name: `Calacatta ${MERCH.label.name}`, quantity: 2, requested: 2 },
      ]),
    );
    const after = await activeCart(client);
    expect(after.id).toBe(result.cartId);
    expect(after.totalItems).toBe(11);
    const rows = await ctx.db.select().from(cartItems).where(eq(cartItems.cartId, after.id));
    expect(rows.find((r) => r.productId === 6001)).toBeUndefined();
    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'cart_updated')));
    expect(logged.some((l) => (l.metadata as { orderId?: number }).orderId === order.id)).toBe(true);
  });

  it("refuses another user's order", async () => {
    const a = await signedIn('bold_customer');
    const cart = await activeCart(a.client);
    await a.client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const order = (await placeOrder(a.client, {})).json();
    const b = await signedIn('bold_customer');
    expect((await b.client.post(`/api/orders/${order.id}/reorder`)).statusCode).toBe(404);
    expect((await activeCart(b.client)).totalItems).toBe(0);
  });
});
