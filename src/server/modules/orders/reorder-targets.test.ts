import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { earliestRequestedDate, todayIn } from '@common/domain/business-days';
import { CART_LIMIT_MESSAGES, MAX_CARTS_PER_USER } from '@common/domain/cart-limits';
import { CART_MESSAGES } from '@common/domain/cart-rules';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { carts } from '../../db/schema';

/** Reorder asks where (docs/decisions/0208-reorder-asks-where-and-the-order-confirmation.md). */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

async function signedIn(role: 'bold_customer' | 'salesperson' = 'bold_customer') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  const client = new TestClient(ctx.app);
  await client.signInAs(user);
  return { user, client };
}

interface CartListing {
  id: number;
  name: string;
  isActive: boolean;
  totalItems: number;
  items: { productId: number; quantity: number }[];
}
const cartsOf = async (client: TestClient) => (await client.get('/api/carts')).json() as CartListing[];

/** A dealer's order #N of 2 x plenty and 3 x priced, placed from a PO named `poName`. */
async function placedOrder(client: TestClient, poName = 'Garcia Lobby', extra: Record<string, unknown> = {}) {
  const created = await client.post('/api/carts', { name: poName });
  expect(created.statusCode, created.body).toBe(201);
  const cartId = created.json().id as number;
  await client.post(`/api/carts/${cartId}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
  await client.post(`/api/carts/${cartId}/items`, { productId: CATALOGUE.priced.id, quantity: 3 });
  const placed = await client.post('/api/orders', { cartId, ...extra });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { id: number };
}

/** Another PO that already has a line: what reorder must not merge into unasked. */
async function otherJob(client: TestClient, name = 'Smith Kitchen') {
  const created = (await client.post('/api/carts', { name })).json() as { id: number };
  await client.post(`/api/carts/${created.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 7 });
  return created.id;
}

describe('reorder targets', () => {
  it('goes into a new PO named after the order by default, made the active one', async () => {
    const { client } = await signedIn();
    const order = await placedOrder(client);
    const busy = await otherJob(client);

    const response = await client.post(`/api/orders/${order.id}/reorder`);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ cartName: `Reorder of #${order.id} – Garcia Lobby`, created: true });
    expect(result.cartId).not.toBe(busy);
    expect(result.added).toHaveLength(2);

    const list = await cartsOf(client);
    const made = list.find((c) => c.id === result.cartId)!;
    expect(made).toMatchObject({ name: `Reorder of #${order.id} – Garcia Lobby`, isActive: true, totalItems: 5 });
    // The other job's PO is untouched.
    expect(list.find((c) => c.id === busy)).toMatchObject({ totalItems: 7 });

    // Again: the name is taken, so the next free one.
    const again = await client.post(`/api/orders/${order.id}/reorder`, { target: 'new' });
    expect(again.json()).toMatchObject({ cartName: `Reorder of #${order.id} – Garcia Lobby (2)`, created: true });
  });

  it('goes into the active PO when asked', async () => {
    const { client } = await signedIn();
    const order = await placedOrder(client);
    const busy = await otherJob(client);
    const response = await client.post(`/api/orders/${order.id}/reorder`, { target: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ cartId: busy, cartName: 'Smith Kitchen', created: false });
    expect((await activeCart(client)).totalItems).toBe(12);
  });

  it('goes into another of my POs, which becomes active', async () => {
    const { client } = await signedIn();
    const order = await placedOrder(client);
    const target = await otherJob(client, 'Lee Bath');
    await otherJob(client, 'Now Active');
    const response = await client.post(`/api/orders/${order.id}/reorder`, { target: 'cart', cartId: target });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ cartId: target, cartName: 'Lee Bath', created: false });
    const active = await activeCart(client);
    expect(active.id).toBe(target);
    expect(active.totalItems).toBe(12);
  });

  it("refuses someone else's PO and bad targets, changing nothing", async () => {
    const me = await signedIn();
    const order = await placedOrder(me.client);
    const them = await signedIn();
    const theirs = await otherJob(them.client, 'Their Job');
    const before = (await cartsOf(me.client)).length;

    const stolen = await me.client.post(`/api/orders/${order.id}/reorder`, { target: 'cart', cartId: theirs });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(CART_MESSAGES.cartNotFound);
    expect((await cartsOf(them.client)).find((c) => c.id === theirs)).toMatchObject({ totalItems: 7 });

    for (const body of [{ target: 'cart' }, { target: 'elsewhere' }, { target: 'new', cartId: theirs }, { target: 'cart', cartId: 'x' }, { target: 'cart', cartId: 2 ** 40 }]) {
      const bad = await me.client.post(`/api/orders/${order.id}/reorder`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await cartsOf(me.client)).length).toBe(before);
    // Their order cannot be reordered by me at all.
    const theirOrder = await placedOrder(them.client, 'Their Order');
    expect((await me.client.post(`/api/orders/${theirOrder.id}/reorder`, { target: 'active' })).statusCode).toBe(404);
  });

  it('answers the cap sentence when a new PO would pass 50, and creates nothing', async () => {
    const { user, client } = await signedIn();
    const order = await placedOrder(client);
    const have = (await cartsOf(client)).length;
    await ctx.db.insert(carts).values(Array.from({ length: MAX_CARTS_PER_USER - have }, (_, i) => ({ userId: user.id, name: `Job ${i + 1}`, isActive: false })));
    const response = await client.post(`/api/orders/${order.id}/reorder`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CART_LIMIT_MESSAGES.tooMany);
    expect(await ctx.db.select().from(carts).where(eq(carts.userId, user.id))).toHaveLength(MAX_CARTS_PER_USER);
    // The active PO still takes it.
    expect((await client.post(`/api/orders/${order.id}/reorder`, { target: 'active' })).statusCode).toBe(200);
  });

  it('replays a retried reorder with the same Idempotency-Key instead of making a second PO', async () => {
    const { client } = await signedIn();
    const order = await placedOrder(client);
    const send = () =>
      client.request({ method: 'POST', url: `/api/orders/${order.id}/reorder`, json: { target: 'new' }, headers: { 'idempotency-key': 'reorder-retry-1' } });
    const first = await send();
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().cartId).toBe(first.json().cartId);
    expect((await cartsOf(client)).filter((c) => c.name.startsWith('Reorder of'))).toHaveLength(1);
  });

  it("keeps a salesperson's reorder in their sample order", async () => {
    const { client } = await signedIn('salesperson');
    const cart = await activeCart(client);
    await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
    const placed = await client.post('/api/orders', { cartId: cart.id, deliveryType: 'pickup', requestedDate: earliestRequestedDate(todayIn()) });
    expect(placed.statusCode, placed.body).toBe(201);
    const response = await client.post(`/api/orders/${placed.json().id}/reorder`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ cartId: cart.id, created: false });
    expect((await activeCart(client)).totalItems).toBe(2);
    const refused = await client.post(`/api/orders/${placed.json().id}/reorder`, { target: 'new' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CART_MESSAGES.oneSampleOrder);
  });
});
