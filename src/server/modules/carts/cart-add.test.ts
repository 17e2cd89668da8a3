import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, insertCatalogue, withStock } from '../../../../test/cart-fixtures';
import { activityLogs, cartItems, products } from '../../db/schema';
import { stockColumnsOf } from '@common/domain/stock-level';

const ctx = useTestApp();

/**
 * The cart add through the API (ADR 0174): the rules and the activity row always use the product
 * as it is when the add commits (a remembered product is confirmed by the add's own statement,
 * or read again), the line never passes the stock, and the activity row is written with the add.
 * Products of this file's own are changed behind the server's back, as another server's
 * stock import would.
 */
const MOVING = { id: 2101, name: 'Moving Stock 12x24', stockLevel: '10', price: '5.00', line: 'Moving', size: '12x24', soldBy: 'Box' };
const COMING = { id: 2102, name: 'Back In Stock 12x24', stockLevel: '0', price: '5.00', line: 'Back', size: '12x24', soldBy: 'Box' };

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  await ctx.db.insert(products).values([MOVING, COMING].map(withStock));
});

async function signedIn(role: 'bold_customer' | 'salesperson' = 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  const client = await new TestClient(ctx.app).signInAs(user);
  return { user, client, cart: await activeCart(client) };
}

const setStock = (id: number, stockLevel: string) => ctx.db.update(products).set(stockColumnsOf(stockLevel)).where(eq(products.id, id));

describe('cart add (ADR 0174)', () => {
  it('checks the rules again when the product changed after this server read it', async () => {
    const { client, cart } = await signedIn();
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: MOVING.id, quantity: 2 })).statusCode).toBe(200);
    // Another server's import: the product is now out of stock.
    await setStock(MOVING.id, '0');
    const refused = await client.post(`/api/carts/${cart.id}/items`, { productId: MOVING.id, quantity: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/out of stock/i);
    await setStock(MOVING.id, '3');
    const over = await client.post(`/api/carts/${cart.id}/items`, { productId: MOVING.id, quantity: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/You already have 2/);
    const [line] = await ctx.db.select().from(cartItems).where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, MOVING.id)));
    expect(line?.quantity).toBe(2);
  });

  it('adds a product that came back in stock', async () => {
    const { client, cart } = await signedIn();
    const refused = await client.post(`/api/carts/${cart.id}/items`, { productId: COMING.id, quantity: 1 });
    expect(refused.statusCode).toBe(400);
    await setStock(COMING.id, '50');
    const added = await client.post(`/api/carts/${cart.id}/items`, { productId: COMING.id, quantity: 4 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ productId: COMING.id, quantity: 4 });
  });

  it('writes the activity row with the add, and none for a refused or foreign add', async () => {
    const { user, client, cart } = await signedIn();
    const other = await signedIn();
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: 1001, quantity: 3 })).statusCode).toBe(200);
    expect((await client.post(`/api/carts/${other.cart.id}/items`, { productId: 1001, quantity: 3 })).statusCode).toBe(404);
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: 1003, quantity: 1 })).statusCode).toBe(400);
    const logged = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'product_added')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ description: `${user.username} added 3 x Calacatta 12x24 White Polished to their cart`, metadata: { cartId: cart.id, productId: 1001, quantity: 3 } });
    expect(logged[0]!.sessionId).toBeTruthy();
    expect(logged[0]!.url).toBe(`/api/carts/${cart.id}/items`);
    expect(logged[0]!.ipAddress).toEqual(expect.any(String));
  });

  it('logs each add with its own quantity, and the line holds their sum', async () => {
    const { user, client, cart } = await signedIn();
    for (const quantity of [1, 4]) {
      expect((await client.post(`/api/carts/${cart.id}/items`, { productId: 1001, quantity })).statusCode).toBe(200);
    }
    const logged = await ctx.db
      .select({ description: activityLogs.description, metadata: activityLogs.metadata })
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'product_added')))
      .orderBy(activityLogs.id);
    expect(logged.map((row) => row.metadata)).toEqual([
      { cartId: cart.id, productId: 1001, quantity: 1 },
      { cartId: cart.id, productId: 1001, quantity: 4 },
    ]);
    expect(logged[1]!.description).toBe(`${user.username} added 4 x Calacatta 12x24 White Polished to their cart`);
    const [line] = await ctx.db.select().from(cartItems).where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, 1001)));
    expect(line?.quantity).toBe(5);
  });

  it('says how many the cart holds when an add would pass the stock; a quick add cuts its line instead (ADR 0189)', async () => {
    // Quick add is a salesperson screen.
    const { client, cart } = await signedIn('salesperson');
    const limited = { ...MOVING, id: 2104, name: 'Short Stock 12x24', stockLevel: '4' };
    await ctx.db.insert(products).values(withStock(limited));
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: limited.id, quantity: 3 })).statusCode).toBe(200);
    const single = await client.post(`/api/carts/${cart.id}/items`, { productId: limited.id, quantity: 2 });
    const bulk = await client.post(`/api/carts/${cart.id}/bulk-items`, { items: [{ productId: limited.id, quantity: 2 }] });
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe(`Only 4 of ${limited.name} are in stock. You already have 3 in your cart.`);
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().lines).toEqual([
      { productId: limited.id, name: limited.name, requested: 2, added: 1, status: 'capped', reason: 'Only 4 in stock (3 already in your PO): added 1 of 2' },
    ]);
  });

  it('logs the name the product has now when it was renamed after this server read it', async () => {
    const { user, client, cart } = await signedIn();
    const renamed = { ...MOVING, id: 2105, name: 'Old Name 12x24', stockLevel: '100' };
    await ctx.db.insert(products).values(withStock(renamed));
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: renamed.id, quantity: 1 })).statusCode).toBe(200);
    // Behind the server's back, as another server's import would; the stock still allows the add.
    await ctx.db.update(products).set({ name: 'New Name 12x24' }).where(eq(products.id, renamed.id));
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: renamed.id, quantity: 2 })).statusCode).toBe(200);
    const logged = await ctx.db
      .select({ description: activityLogs.description })
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, user.id), eq(activityLogs.type, 'product_added')))
      .orderBy(activityLogs.id);
    expect(logged.map((row) => row.description)).toEqual([
      `${user.username} added 1 x Old Name 12x24 to their cart`,
      `${user.username} added 2 x New Name 12x24 to their cart`,
    ]);
    const [line] = await ctx.db.select().from(cartItems).where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, renamed.id)));
    expect(line?.quantity).toBe(3);
  });

  it('answers 404 for a product deleted after an earlier add', async () => {
    const { client, cart } = await signedIn();
    const gone = { ...MOVING, id: 2103, name: 'Discontinued 12x24' };
    await ctx.db.insert(products).values(withStock(gone));
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: gone.id, quantity: 1 })).statusCode).toBe(200);
    await ctx.db.delete(cartItems).where(eq(cartItems.productId, gone.id));
    await ctx.db.delete(products).where(eq(products.id, gone.id));
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: gone.id, quantity: 1 })).statusCode).toBe(404);
  });
});
