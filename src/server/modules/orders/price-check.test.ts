import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricesChangedBody } from '@common/contracts/orders';
import { PRICE_MESSAGES } from '@common/domain/seen-prices';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { orders, products } from '../../db/schema';
import { stockLevelSql } from '../products';

/** One price rule (docs/decisions/0206): an order is placed at the prices the buyer saw, or refused with 409. */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

const SKU = CATALOGUE.plenty.id;

async function dealer() {
  const user = await createUser(ctx.db, { role: 'bold_customer' });
  return { user, client: await new TestClient(ctx.app).signInAs(user) };
}

async function admin() {
  return new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
}

/** The admin's stock upload (the API applies it at once). */
async function uploadPrice(price: string) {
  const response = await (await admin()).request({
    method: 'POST',
    url: '/api/stock/upload',
    ...multipartBody([{ filename: 'stock.csv', content: `id,price\n${SKU},${price}\n` }]),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function setPrice(price: string | null) {
  await ctx.db.update(products).set({ price }).where(eq(products.id, SKU));
}

/** The dealer's PO as their screen shows it: the cart's lines with their prices now. */
async function viewCart(client: TestClient, quantity = 3) {
  const cart = await activeCart(client);
  if (cart.items.length === 0) await client.post(`/api/carts/${cart.id}/items`, { productId: SKU, quantity });
  const shown = (await client.get('/api/carts')).json() as { id: number; isActive: boolean; items: { productId: number; quantity: number; product: { price: string | null } }[] }[];
  return shown.find((c) => c.isActive)!;
}

function seenBody(cart: Awaited<ReturnType<typeof viewCart>>, seenTotal?: string) {
  return {
    cartId: cart.id,
    items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity, seenPrice: i.product.price })),
    ...(seenTotal ? { seenTotal } : {}),
  };
}

const ordersOf = (userId: number) => ctx.db.select().from(orders).where(eq(orders.userId, userId));
const stockLevel = async () => (await ctx.db.select({ level: stockLevelSql() }).from(products).where(eq(products.id, SKU)))[0]!.level;

describe('placing an order at the prices the buyer saw (docs/decisions/0206)', () => {
  it('a price changed by a stock upload between view and place is a 409 with old and new figures; nothing placed, stock untouched', async () => {
    await setPrice('100.59');
    const { user, client } = await dealer();
    const cart = await viewCart(client);
    await uploadPrice('120.00');
    const stockBefore = await stockLevel();

    const refused = await client.post('/api/orders', seenBody(cart, '301.77'));
    expect(refused.statusCode, refused.body).toBe(409);
    const body = pricesChangedBody.parse(refused.json());
    expect(body).toEqual({
      message: PRICE_MESSAGES.changed,
      priceChanges: {
        lines: [{ productId: SKU, productName: CATALOGUE.plenty.name, quantity: 3, oldPrice: '100.59', newPrice: '120.00' }],
        oldTotal: '301.77',
        newTotal: '360.00',
        hasCallPrices: false,
      },
    });
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await stockLevel()).toBe(stockBefore);
    expect((await activeCart(client)).items).toHaveLength(1);

    // The buyer reviews the new total and places again: the order records the price now shown.
    const placed = await client.post('/api/orders', seenBody(await viewCart(client), '360.00'));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: '360.00', items: [{ productId: SKU, price: '120.00' }] });
    // Order lines keep the price they were placed at, whatever the catalogue says later.
    await uploadPrice('130.00');
    expect((await client.get(`/api/orders/${placed.json().id}`)).json()).toMatchObject({ total: '360.00', items: [{ price: '120.00' }] });
  });

  it('the same price places the order', async () => {
    await setPrice('100.59');
    const { client } = await dealer();
    const placed = await client.post('/api/orders', seenBody(await viewCart(client, 2), '201.18'));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: '201.18', items: [{ price: '100.59' }] });
  });

  it('a price that became CALL, or a CALL line that got a price, is a 409', async () => {
    await setPrice('100.59');
    const { user, client } = await dealer();
    const cart = await viewCart(client);
    await setPrice(null);
    const toCall = await client.post('/api/orders', seenBody(cart));
    expect(toCall.statusCode, toCall.body).toBe(409);
    expect(toCall.json().priceChanges).toMatchObject({ lines: [{ oldPrice: '100.59', newPrice: null }], newTotal: '0.00', hasCallPrices: true });

    const callCart = await viewCart(client);
    expect(callCart.items[0]!.product.price).toBeNull();
    await setPrice('99.00');
    const fromCall = await client.post('/api/orders', seenBody(callCart));
    expect(fromCall.statusCode, fromCall.body).toBe(409);
    expect(fromCall.json().priceChanges).toMatchObject({ lines: [{ oldPrice: null, newPrice: '99.00' }], oldTotal: '0.00', newTotal: '297.00' });
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('a seen total alone that differs is a 409', async () => {
    await setPrice('100.59');
    const { client } = await dealer();
    const cart = await viewCart(client);
    const refused = await client.post('/api/orders', { cartId: cart.id, seenTotal: '300.00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().priceChanges).toMatchObject({ lines: [], oldTotal: '300.00', newTotal: '301.77' });
  });

  it('a caller that sends no seen prices (an ERP, a script) opts out and is charged the current price', async () => {
    await setPrice('100.59');
    const { client } = await dealer();
    const cart = await viewCart(client);
    await uploadPrice('120.00');
    const placed = await client.post('/api/orders', { cartId: cart.id, items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity, price: '1.00' })) });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: '360.00', items: [{ price: '120.00' }] });
  });

  it('a retried Idempotency-Key after a 409 does not place; the reviewed order places once and replays', async () => {
    await setPrice('100.59');
    const { user, client } = await dealer();
    const stale = seenBody(await viewCart(client));
    await uploadPrice('120.00');
    const headers = { 'idempotency-key': 'price-retry-1' };
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await client.request({ method: 'POST', url: '/api/orders', json: stale, headers });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await ordersOf(user.id)).toEqual([]);

    const reviewed = seenBody(await viewCart(client));
    const placed = await client.request({ method: 'POST', url: '/api/orders', json: reviewed, headers });
    expect(placed.statusCode, placed.body).toBe(201);
    const replay = await client.request({ method: 'POST', url: '/api/orders', json: reviewed, headers });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(placed.json().id);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('a seen price that is not an amount is a 400, never a 500', async () => {
    const { client } = await dealer();
    const cart = await viewCart(client);
    for (const seenPrice of ['abc', -1, '1e400', { a: 1 }, 'x'.repeat(40)]) {
      const response = await client.post('/api/orders', { cartId: cart.id, items: [{ productId: SKU, quantity: 3, seenPrice }] });
      expect(response.statusCode, JSON.stringify(seenPrice)).toBe(400);
    }
    expect((await client.post('/api/orders', { cartId: cart.id, seenTotal: 'lots' })).statusCode).toBe(400);
  });
});
