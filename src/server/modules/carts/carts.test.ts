import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue, MERCH, put, withStock } from '../../../../test/cart-fixtures';
import { activityLogs, cartItems, carts, products } from '../../db/schema';

const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

async function signedIn(role: 'salesperson' | 'bold_customer' | 'admin' = 'bold_customer', actAs?: 'salesperson' | 'bold_customer' | 'admin') {
  const user = await createUser(ctx.db, { role, email: `${role}${Math.random().toString(36).slice(2, 8)}@example.com` });
  const client = new TestClient(ctx.app);
  await client.signInAs(user, actAs ?? (role === 'admin' ? 'admin' : undefined));
  return { user, client };
}

async function cartRows(userId: number) {
  return ctx.db.select().from(carts).where(eq(carts.userId, userId));
}

describe('the active cart', () => {
  it('is created at login, named Purchase Order 1', async () => {
    const { user, client } = await signedIn();
    const rows = await cartRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Purchase Order 1', isActive: true });
    const list = (await client.get('/api/carts')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: 'Purchase Order 1',
      isActive: true,
      items: [],
      displays: [],
      labels: [],
      priceLists: [],
      handboards: [],
      totalItems: 0,
    });
  });

  it('is not created twice by a second login', async () => {
    const { user } = await signedIn();
    await new TestClient(ctx.app).login(user.username, user.password);
    expect(await cartRows(user.id)).toHaveLength(1);
  });

  it('falls back to the first cart when none is active, and recreates one when all are gone', async () => {
    const { user, client } = await signedIn();
    const second = (await client.post('/api/carts', { name: 'Second PO' })).json();
    await ctx.db.update(carts).set({ isActive: false }).where(eq(carts.userId, user.id));
    const list = (await client.get('/api/carts')).json() as { id: number; isActive: boolean; name: string }[];
    const active = list.filter((c) => c.isActive);
    expect(active).toHaveLength(1);
    expect(active[0]!.name).toBe('Purchase Order 1');
    expect(active[0]!.id).not.toBe(second.id);

    await ctx.db.delete(carts).where(eq(carts.userId, user.id));
    const again = (await client.get('/api/carts')).json();
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ name: 'Purchase Order 1', isActive: true });
  });

  it('survives many parallel first requests with exactly one active cart', async () => {
    const { user, client } = await signedIn();
    await ctx.db.delete(carts).where(eq(carts.userId, user.id));
    const responses = await Promise.all(Array.from({ length: 8 }, () => client.get('/api/carts')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await cartRows(user.id)).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(ctx.app).get('/api/carts')).statusCode).toBe(401);
  });
});

describe('several carts (POs)', () => {
  it('creates a PO with a trimmed name, made active unless asked not to (ADR 0189)', async () => {
    const { user, client } = await signedIn();
    const created = await client.post('/api/carts', { name: '  Kitchen remodel  ', isActive: false });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Kitchen remodel', isActive: false, totalItems: 0 });
    const switched = await client.post('/api/carts', { name: 'Bathroom' });
    expect(switched.json()).toMatchObject({ name: 'Bathroom', isActive: true });
    const active = (await cartRows(user.id)).filter((c) => c.isActive);
    expect(active.map((c) => c.name)).toEqual(['Bathroom']);
    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'cart_created')));
    expect(logged).toHaveLength(2);
  });

  it.each([[''], ['   '], [null], [42]])('refuses a blank or missing name (%j) and creates nothing', async (name) => {
    const { user, client } = await signedIn();
    const response = await client.post('/api/carts', { name });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a name');
    expect(await cartRows(user.id)).toHaveLength(1);
  });

  it('refuses to create a cart for somebody else', async () => {
    const { client } = await signedIn();
    const other = await createUser(ctx.db);
    const response = await client.post('/api/carts', { name: 'Sneaky', userId: other.id });
    expect(response.statusCode).toBe(403);
    expect(await cartRows(other.id)).toHaveLength(0);
  });

  it('switches the active cart with PATCH isActive, keeping exactly one active', async () => {
    const { user, client } = await signedIn();
    const second = (await client.post('/api/carts', { name: 'Second PO' })).json();
    const response = await client.patch(`/api/carts/${second.id}`, { isActive: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, isActive: true });
    const active = (await cartRows(user.id)).filter((c) => c.isActive);
    expect(active.map((c) => c.id)).toEqual([second.id]);
  });

  it('keeps one active cart when two tabs switch to different carts at once', async () => {
    const { user, client } = await signedIn();
    const ids = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push((await client.post('/api/carts', { name })).json().id as number);
    const responses = await Promise.all(ids.map((id) => client.patch(`/api/carts/${id}`, { isActive: true })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await cartRows(user.id)).filter((c) => c.isActive)).toHaveLength(1);
  });

  it('renames a cart', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const response = await client.patch(`/api/carts/${cart.id}`, { name: 'Smith job' });
    expect(response.json().name).toBe('Smith job');
  });

  it('deletes a cart; deleting the active one activates the first remaining cart', async () => {
    const { user, client } = await signedIn();
    const first = await activeCart(client);
    const second = (await client.post('/api/carts', { name: 'Second', isActive: true })).json();
    expect((await client.delete(`/api/carts/${second.id}`)).statusCode).toBe(200);
    const rows = await cartRows(user.id);
    expect(rows.map((r) => [r.id, r.isActive])).toEqual([[first.id, true]]);
    // Deleting the last cart leaves the user with a fresh default one.
    expect((await client.delete(`/api/carts/${first.id}`)).statusCode).toBe(200);
    const after = await cartRows(user.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ name: 'Purchase Order 1', isActive: true });
  });

  it('lists carts most recently changed first', async () => {
    const { client } = await signedIn();
    const older = await activeCart(client);
    await client.post('/api/carts', { name: 'Newer', isActive: false });
    await client.post(`/api/carts/${older.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    const list = (await client.get('/api/carts')).json() as { id: number }[];
    expect(list[0]!.id).toBe(older.id);
  });
});

describe("another user's cart is not found (docs/product-decisions.md)", () => {
  it('answers 404 to every call on it and changes nothing', async () => {
    const owner = await signedIn();
    const ownerCart = await activeCart(owner.client);
    const added = (await owner.client.post(`/api/carts/${ownerCart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 })).json();
    // A salesperson: the one role that may call every one of these (bulk add is theirs).
    const { client } = await signedIn('salesperson');
    const id = ownerCart.id;
    const calls = [
      client.get(`/api/carts/${id}`),
      client.patch(`/api/carts/${id}`, { name: 'Mine now' }),
      client.patch(`/api/carts/${id}`, { isActive: true }),
      client.delete(`/api/carts/${id}`),
      client.delete(`/api/carts/${id}/all-items`),
      client.post(`/api/carts/${id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 }),
      client.post(`/api/carts/${id}/bulk-items`, { items: [{ productId: CATALOGUE.plenty.id, quantity: 1 }] }),
      client.patch(`/api/carts/${id}/items/${added.id}`, { quantity: 3 }),
      client.delete(`/api/carts/${id}/items/${added.id}`),
      put(client, `/api/carts/${id}/merchandise/display/${MERCH.display.code}`, { quantity: 1 }),
      client.post(`/api/carts/${id}/merchandise/adjust`, { type: 'label', codes: [MERCH.label.code], delta: 1 }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Cart not found. It may have been deleted in another tab.');
    }
    const after = await activeCart(owner.client);
    expect(after).toMatchObject({ name: 'Purchase Order 1', isActive: true, totalItems: 2 });
  });

  it("does not reach another cart's item through one's own cart id", async () => {
    const owner = await signedIn();
    const ownerCart = await activeCart(owner.client);
    const item = (await owner.client.post(`/api/carts/${ownerCart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 })).json();
    const { client } = await signedIn();
    const mine = await activeCart(client);
    expect((await client.patch(`/api/carts/${mine.id}/items/${item.id}`, { quantity: 5 })).statusCode).toBe(404);
    expect((await client.delete(`/api/carts/${mine.id}/items/${item.id}`)).statusCode).toBe(404);
    expect((await activeCart(owner.client)).totalItems).toBe(2);
  });
});

describe('adding products', () => {
  it('adds a line and raises its quantity on a second add', async () => {
    const { user, client } = await signedIn();
    const cart = await activeCart(client);
    const first = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 3 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ cartId: cart.id, productId: CATALOGUE.plenty.id, quantity: 3 });
    const second = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 4 });
    expect(second.json()).toMatchObject({ id: first.json().id, quantity: 7 });
    const view = await activeCart(client);
    expect(view.items).toHaveLength(1);
    expect(view.items[0]).toMatchObject({ quantity: 7, product: { id: CATALOGUE.plenty.id, name: CATALOGUE.plenty.name, price: '42.50' } });
    expect(view.totalItems).toBe(7);
    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'product_added')));
    expect(logged).toHaveLength(2);
  });

  it('ends at 20 after 20 parallel adds of 1 (no lost update)', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await ctx.db.select().from(cartItems).where(eq(cartItems.cartId, cart.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quantity).toBe(20);
  });

  it('never passes the stock, even with parallel adds', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.few.id, quantity: 1 })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe(`Only 5 of ${CATALOGUE.few.name} are in stock. You already have 5 in your cart.`);
    expect((await activeCart(client)).items[0]!.quantity).toBe(5);
  });

  it('refuses more than the stock in one add', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const response = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.few.id, quantity: 6 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Only 5 of ${CATALOGUE.few.name} are in stock`);
    expect((await activeCart(client)).totalItems).toBe(0);
  });

  it('refuses out-of-stock and special-order products with the spec messages', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const out = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.out.id, quantity: 1 });
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toBe(`${CATALOGUE.out.name} is out of stock and cannot be added to your cart`);
    const special = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.special.id, quantity: 1 });
    expect(special.statusCode).toBe(400);
    expect(special.json().message).toBe('This item is available by special order only');
    expect((await activeCart(client)).totalItems).toBe(0);
  });

  it('allows fabrication items', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const response = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.fabrication.id, quantity: 2 });
    expect(response.statusCode).toBe(200);
    expect((await activeCart(client)).items[0]).toMatchObject({ quantity: 2, product: { price: null } });
  });

  // Rows written before the stock import normalised levels: the server reads them as the stock row does (parseStockLevel).
  it.each([
    [2001, 'fabrication required', 3, 200, null],
    [2002, '12.5', 12, 200, null],
    [2003, '12.5', 13, 400, 'Only 12 of Odd 2003 are in stock'],
    [2004, '1,322', 1322, 200, null],
    [2005, 'lots', 1, 400, 'Odd 2005 is out of stock and cannot be added to your cart'],
  ])('reads a stored stock level of %#: %j, asking %d, answers %d', async (id, stockLevel, quantity, status, message) => {
    await ctx.db.insert(products).values(withStock({ id, name: `Odd ${id}`, stockLevel })).onConflictDoNothing();
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const response = await client.post(`/api/carts/${cart.id}/items`, { productId: id, quantity });
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
    expect((await activeCart(client)).totalItems).toBe(status === 200 ? quantity : 0);
  });

  it('answers 404 for an unknown product', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const response = await client.post(`/api/carts/${cart.id}/items`, { productId: 999_999, quantity: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Product not found');
  });

  it.each([
    [-1, 'Quantity must be at least 1'],
    [0, 'Quantity must be at least 1'],
    [1.5, 'Quantity must be a whole number'],
    [1e12, 'Quantity cannot be more than 10,000'],
    ['3', 'Quantity must be a number'],
    ['abc', 'Quantity must be a number'],
    [null, 'Quantity must be a number'],
  ])('refuses quantity %j with "%s" and changes nothing', async (quantity, message) => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const response = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await activeCart(client)).totalItems).toBe(0);
  });

  it.each([['abc'], ['1.5'], ['-3'], ['0']])('refuses a malformed cart id %s', async (id) => {
    const { client } = await signedIn();
    const response = await client.post(`/api/carts/${id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 once the cart has been deleted in another tab', async () => {
    const { client } = await signedIn();
    const cart = (await client.post('/api/carts', { name: 'Doomed' })).json();
    const otherTab = client;
    await otherTab.delete(`/api/carts/${cart.id}`);
    const response = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Cart not found. It may have been deleted in another tab.');
  });

  it('adds in bulk, answering the count and skipping out-of-stock products', async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    const ok = await client.post(`/api/carts/${cart.id}/bulk-items`, {
      items: [
        { productId: CATALOGUE.plenty.id, quantity: 1 },
        { productId: CATALOGUE.cheap.id, quantity: 2 },
        { productId: CATALOGUE.plenty.id, quantity: 1 },
        { productId: CATALOGUE.out.id, quantity: 1 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ count: 2, skipped: 1, outOfStock: 1, capped: 0 });
    expect((await activeCart(client)).totalItems).toBe(4);
    const onlyOut = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: [{ productId: CATALOGUE.out.id, quantity: 1 }] });
    expect(onlyOut.json()).toMatchObject({ count: 0, skipped: 1 });
    expect((await client.post(`/api/carts/${cart.id}/bulk-items`, { items: [] })).json().message).toBe('No items to add');
  });

  it('adds the rest in bulk when one product is unknown, and names it (ADR 0189)', async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    const partial = await client.post(`/api/carts/${cart.id}/bulk-items`, {
      items: [
        { productId: CATALOGUE.plenty.id, quantity: 1 },
        { productId: 999_999, quantity: 1 },
      ],
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ count: 1, skipped: 1 });
    expect((await activeCart(client)).totalItems).toBe(1);
  });
});

describe('changing and removing lines', () => {
  it('sets a quantity between 1 and the stock', async () => {
    const { client } = await signedIn();
    const cart = await activeCart(client);
    const item = (await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.few.id, quantity: 1 })).json();
    expect((await client.patch(`/api/carts/${cart.id}/items/${item.id}`, { quantity: 4 })).json().quantity).toBe(4);
    const tooMany = await client.patch(`/api/carts/${cart.id}/items/${item.id}`, { quantity: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`Only 5 of ${CATALOGUE.few.name} are in stock`);
    const zero = await client.patch(`/api/carts/${cart.id}/items/${item.id}`, { quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect((await activeCart(client)).items[0]!.quantity).toBe(4);
  });

  it('removes a line', async () => {
    const { user, client } = await signedIn();
    const cart = await activeCart(client);
    const item = (await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 })).json();
    expect((await client.delete(`/api/carts/${cart.id}/items/${item.id}`)).statusCode).toBe(200);
    expect((await activeCart(client)).items).toEqual([]);
    expect((await client.delete(`/api/carts/${cart.id}/items/${item.id}`)).statusCode).toBe(404);
    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'product_removed')));
    expect(logged).toHaveLength(1);
  });

  it('clears all five lists', async () => {
    const { user, client } = await signedIn();
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    await put(client, `/api/carts/${cart.id}/merchandise/display/${MERCH.display.code}`, { quantity: 2 });
    await put(client, `/api/carts/${cart.id}/merchandise/handboard/${MERCH.handboard.code}`, { quantity: 1 });
    expect((await activeCart(client)).totalItems).toBe(4);
    expect((await client.delete(`/api/carts/${cart.id}/all-items`)).statusCode).toBe(200);
    const view = (await client.get(`/api/carts/${cart.id}`)).json();
    expect(view).toMatchObject({ items: [], displays: [], labels: [], priceLists: [], handboards: [], totalItems: 0 });
    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'cart_cleared')));
    expect(logged).toHaveLength(1);
  });
});

describe('displays, labels, price lists and handboards', () => {
  it('sets one entry, shows it in its list with price 0, and removes it at 0', async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    const set = await put(client, `/api/carts/${cart.id}/merchandise/label/${MERCH.label.code}`, { quantity: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual([{ type: 'label', code: MERCH.label.code, quantity: 3 }]);
    const view = (await client.get(`/api/carts/${cart.id}`)).json();
    expect(view.labels).toEqual([
      expect.objectContaining({ id: MERCH.label.code, code: MERCH.label.code, name: MERCH.label.name, line: 'Calacatta', price: 0, quantity: 3 }),
    ]);
    expect(view.totalItems).toBe(3);
    const removed = await put(client, `/api/carts/${cart.id}/merchandise/label/${MERCH.label.code}`, { quantity: 0 });
    expect(removed.json()).toEqual([{ type: 'label', code: MERCH.label.code, quantity: 0 }]);
    expect((await client.get(`/api/carts/${cart.id}`)).json().labels).toEqual([]);
  });

  it('refuses negative, fractional and unknown entries', async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    const negative = await put(client, `/api/carts/${cart.id}/merchandise/display/${MERCH.display.code}`, { quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Quantity cannot be negative');
    const fraction = await put(client, `/api/carts/${cart.id}/merchandise/display/${MERCH.display.code}`, { quantity: 0.5 });
    expect(fraction.json().message).toBe('Quantity must be a whole number');
    const unknown = await put(client, `/api/carts/${cart.id}/merchandise/display/NOPE`, { quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Display not found');
    const badType = await put(client, `/api/carts/${cart.id}/merchandise/poster/X`, { quantity: 1 });
    expect(badType.statusCode).toBe(400);
    expect((await activeCart(client)).totalItems).toBe(0);
  });

  it('adjusts by a delta atomically: 20 parallel +1 end at 20, -1 below 1 removes', async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post(`/api/carts/${cart.id}/merchandise/adjust`, { type: 'label', codes: [MERCH.label.code, MERCH.label2.code], delta: 1 }),
      ),
    );
    let view = (await client.get(`/api/carts/${cart.id}`)).json();
    expect(view.labels.map((l: { quantity: number }) => l.quantity)).toEqual([20, 20]);
    const down = await client.post(`/api/carts/${cart.id}/merchandise/adjust`, { type: 'label', codes: [MERCH.label.code], delta: -19 });
    expect(down.json()).toEqual([{ type: 'label', code: MERCH.label.code, quantity: 1 }]);
    await client.post(`/api/carts/${cart.id}/merchandise/adjust`, { type: 'label', codes: [MERCH.label.code, MERCH.label2.code], delta: -5 });
    view = (await client.get(`/api/carts/${cart.id}`)).json();
    expect(view.labels).toEqual([expect.objectContaining({ code: MERCH.label2.code, quantity: 15 })]);
    const unknown = await client.post(`/api/carts/${cart.id}/merchandise/adjust`, { type: 'label', codes: ['LBL-NONE'], delta: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown label: LBL-NONE');
  });

  it('replaces whole lists with PATCH arrays, dropping entries at 0', async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    await put(client, `/api/carts/${cart.id}/merchandise/display/${MERCH.display.code}`, { quantity: 5 });
    const response = await client.patch(`/api/carts/${cart.id}`, {
      labels: [
        { id: MERCH.label.code, quantity: 2, line: 'Calacatta', name: 'ignored', price: 99 },
        { id: MERCH.label2.code, quantity: 0 },
      ],
      priceLists: [{ code: MERCH.pricelist.code, quantity: 1 }],
      handboards: [],
    });
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.labels).toEqual([expect.objectContaining({ code: MERCH.label.code, quantity: 2, price: 0 })]);
    expect(view.priceLists).toEqual([expect.objectContaining({ code: MERCH.pricelist.code, category: 'General', quantity: 1 })]);
    // Lists not sent are left alone.
    expect(view.displays).toEqual([expect.objectContaining({ code: MERCH.display.code, quantity: 5 })]);
    expect(view.totalItems).toBe(8);
  });

  it('refuses a PATCH with an unknown code, a negative quantity or nothing in it, changing nothing', async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    await put(client, `/api/carts/${cart.id}/merchandise/label/${MERCH.label.code}`, { quantity: 1 });
    const unknown = await client.patch(`/api/carts/${cart.id}`, { labels: [{ id: 'LBL-NONE', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown label: LBL-NONE');
    const negative = await client.patch(`/api/carts/${cart.id}`, { labels: [{ id: MERCH.label.code, quantity: -2 }] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Quantity cannot be negative');
    const empty = await client.patch(`/api/carts/${cart.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to update');
    const view = (await client.get(`/api/carts/${cart.id}`)).json();
    expect(view.labels).toEqual([expect.objectContaining({ code: MERCH.label.code, quantity: 1 })]);
  });
});

describe('access', () => {
  it('lets every role keep carts (ADR 0008), including an admin acting as any role', async () => {
    for (const [role, actAs] of [
      ['salesperson', undefined],
      ['bold_customer', undefined],
      ['admin', 'admin'],
      ['admin', 'salesperson'],
    ] as const) {
      const { client } = await signedIn(role, actAs);
      expect((await client.get('/api/carts')).statusCode).toBe(200);
    }
  });

  it('refuses an admin who has not chosen a role yet', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const client = new TestClient(ctx.app);
    await client.login(admin.username, admin.password);
    expect((await client.get('/api/carts')).statusCode).toBe(403);
  });
});

describe('bulk add: Quick Add for salespeople, the quick order pad for dealers', () => {
  it('lets a dealer add in bulk into their own cart', async () => {
    const { client } = await signedIn('bold_customer');
    const cart = await activeCart(client);
    const response = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: [{ productId: CATALOGUE.plenty.id, quantity: 1 }] });
    expect(response.statusCode).toBe(200);
    expect((await activeCart(client)).totalItems).toBe(1);
  });

  it('lets an admin acting as Admin use it', async () => {
    const { client } = await signedIn('admin');
    const cart = await activeCart(client);
    const response = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: [{ productId: CATALOGUE.plenty.id, quantity: 1 }] });
    expect(response.statusCode).toBe(200);
  });
});
