import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue, MERCH, put } from '../../../../test/cart-fixtures';
import { carts } from '../../db/schema';

/** ADR 0189, 0190: a new PO is the active one; rename, duplicate, move a line; a placed PO leaves Current POs. */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

type CartJson = { id: number; name: string; isActive: boolean; totalItems: number; lastModified: string; items: { id: number; productId: number; quantity: number }[] };

async function signedIn(role: 'bold_customer' | 'salesperson' = 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  const client = new TestClient(ctx.app);
  await client.signInAs(user);
  return { user, client };
}

const list = async (client: TestClient) => (await client.get('/api/carts')).json() as CartJson[];

async function create(client: TestClient, name: string): Promise<CartJson> {
  const response = await client.post('/api/carts', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the active PO', () => {
  it('is the new PO right after Create New PO, and it receives the next add', async () => {
    const { client } = await signedIn();
    const job = await create(client, 'Job 4471 - Smith kitchen');
    expect(job.isActive).toBe(true);
    const active = await activeCart(client);
    expect(active.id).toBe(job.id);
    expect((await client.post(`/api/carts/${active.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 12 })).statusCode).toBe(200);
    const after = await list(client);
    expect(after.find((c) => c.id === job.id)?.totalItems).toBe(12);
    expect(after.find((c) => c.name === 'Purchase Order 1')?.totalItems).toBe(0);
    // `isActive: false` still keeps the current one, for API callers that ask.
    const quiet = await client.post('/api/carts', { name: 'Later', isActive: false });
    expect(quiet.json().isActive).toBe(false);
    expect((await activeCart(client)).id).toBe(job.id);
  });

  it('after placing, the PO leaves Current POs and the most recently changed other PO becomes active', async () => {
    const { client } = await signedIn();
    const older = await activeCart(client); // "Purchase Order 1"
    const recent = await create(client, 'Bathroom');
    await client.post(`/api/carts/${recent.id}/items`, { productId: CATALOGUE.cheap.id, quantity: 1 });
    const placing = await create(client, 'Job 9');
    await client.post(`/api/carts/${placing.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
    const placed = await client.post('/api/orders', { cartId: placing.id });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().cartName).toBe('Job 9');
    const after = await list(client);
    expect(after.map((c) => c.name).sort()).toEqual(['Bathroom', 'Purchase Order 1']);
    expect(after.find((c) => c.isActive)?.id).toBe(recent.id);
    expect(after.find((c) => c.id === older.id)?.isActive).toBe(false);
  });

  it('after placing the only PO, a fresh "Purchase Order 2" is active', async () => {
    const { user, client } = await signedIn();
    const only = await activeCart(client);
    await client.post(`/api/carts/${only.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    expect((await client.post('/api/orders', {})).statusCode).toBe(201);
    const rows = await ctx.db.select().from(carts).where(eq(carts.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Purchase Order 2', isActive: true });
    expect(rows[0]!.id).not.toBe(only.id);
  });

  it("keeps the salesperson's one sample order, cleared", async () => {
    const { client } = await signedIn('salesperson');
    const sample = await activeCart(client);
    await client.post(`/api/carts/${sample.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    const date = (await client.get('/api/orders/requested-dates')).json().earliest;
    const first = await client.post('/api/orders', { deliveryType: 'pickup', requestedDate: date });
    expect(first.statusCode).toBe(201);
    // "Sample Order #N", never a PO's default name; the cart carries the next number.
    expect(first.json().cartName).toBe('Sample Order #1');
    const after = await list(client);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: sample.id, isActive: true, totalItems: 0, name: 'Sample Order #2' });
    await client.post(`/api/carts/${sample.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    expect((await client.post('/api/orders', { deliveryType: 'pickup', requestedDate: date })).json().cartName).toBe('Sample Order #2');
    expect((await list(client))[0]!.name).toBe('Sample Order #3');
  });

  it('after deleting the active PO, the most recently changed other PO becomes active', async () => {
    const { client } = await signedIn();
    const first = await activeCart(client);
    const second = await create(client, 'Second');
    const third = await create(client, 'Third');
    await client.post(`/api/carts/${first.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 }); // changed last
    expect((await client.delete(`/api/carts/${third.id}`)).statusCode).toBe(200);
    expect((await activeCart(client)).id).toBe(first.id);
    expect((await list(client)).map((c) => c.id).sort()).toEqual([first.id, second.id].sort());
  });
});

describe('POs as shopping lists', () => {
  it('renames a PO; a name in use is refused on the field', async () => {
    const { client } = await signedIn();
    const job = await create(client, 'Job 1');
    const renamed = await client.patch(`/api/carts/${job.id}`, { name: 'Job 1 - Jones' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Job 1 - Jones');
    const taken = await client.patch(`/api/carts/${job.id}`, { name: 'purchase order 1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].path).toBe('name');
  });

  it('duplicates a PO with its lines and merchandise; the copy becomes active', async () => {
    const { client } = await signedIn();
    const source = await activeCart(client);
    await client.post(`/api/carts/${source.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 3 });
    await client.post(`/api/carts/${source.id}/items`, { productId: CATALOGUE.few.id, quantity: 2 });
    await put(client, `/api/carts/${source.id}/merchandise/display/${MERCH.display.code}`, { quantity: 1 });
    const response = await client.post(`/api/carts/${source.id}/duplicate`, { name: 'Copy of kitchen' });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({ name: 'Copy of kitchen', isActive: true, totalItems: 6 });
    expect(copy.displays).toHaveLength(1);
    expect((await list(client)).find((c) => c.id === source.id)).toMatchObject({ totalItems: 6, isActive: false });
    expect((await client.post(`/api/carts/${source.id}/duplicate`, { name: 'Copy of Kitchen' })).statusCode).toBe(409);
    expect((await client.post(`/api/carts/${source.id}/duplicate`, { name: '  ' })).statusCode).toBe(400);
  });

  it('moves a line to another PO, joining its line of the same product', async () => {
    const { client } = await signedIn();
    const from = await activeCart(client);
    const line = (await client.post(`/api/carts/${from.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 4 })).json();
    const to = await create(client, 'Other job');
    await client.post(`/api/carts/${to.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 });
    const moved = await client.post(`/api/carts/${from.id}/items/${line.id}/move`, { toCartId: to.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ toCartName: 'Other job', item: { cartId: to.id, productId: CATALOGUE.plenty.id, quantity: 5 } });
    const after = await list(client);
    expect(after.find((c) => c.id === from.id)?.items).toHaveLength(0);
    expect(after.find((c) => c.id === to.id)?.totalItems).toBe(5);
  });

  it('refuses a move past the stock and moves nothing', async () => {
    const { client } = await signedIn();
    const from = await activeCart(client);
    const line = (await client.post(`/api/carts/${from.id}/items`, { productId: CATALOGUE.few.id, quantity: 3 })).json();
    const to = await create(client, 'Full');
    await client.post(`/api/carts/${to.id}/items`, { productId: CATALOGUE.few.id, quantity: 3 });
    const refused = await client.post(`/api/carts/${from.id}/items/${line.id}/move`, { toCartId: to.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Only 5 of ${CATALOGUE.few.name} are in stock. You already have 3 in your cart.`);
    const after = await list(client);
    expect(after.find((c) => c.id === from.id)?.totalItems).toBe(3);
    expect(after.find((c) => c.id === to.id)?.totalItems).toBe(3);
    expect((await client.post(`/api/carts/${from.id}/items/${line.id}/move`, { toCartId: from.id })).statusCode).toBe(400);
  });

  it("answers 404 for another user's PO or line, and changes nothing of theirs", async () => {
    const me = await signedIn();
    const them = await signedIn();
    const mine = await activeCart(me.client);
    const myLine = (await me.client.post(`/api/carts/${mine.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 })).json();
    const theirs = await activeCart(them.client);
    const theirLine = (await them.client.post(`/api/carts/${theirs.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 })).json();
    // Into their PO, out of their PO, their line through my PO, duplicate or rename theirs.
    expect((await me.client.post(`/api/carts/${mine.id}/items/${myLine.id}/move`, { toCartId: theirs.id })).statusCode).toBe(404);
    expect((await me.client.post(`/api/carts/${theirs.id}/items/${theirLine.id}/move`, { toCartId: mine.id })).statusCode).toBe(404);
    const other = await create(me.client, 'Mine too');
    expect((await me.client.post(`/api/carts/${mine.id}/items/${theirLine.id}/move`, { toCartId: other.id })).statusCode).toBe(404);
    expect((await me.client.post(`/api/carts/${theirs.id}/duplicate`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await me.client.patch(`/api/carts/${theirs.id}`, { name: 'Renamed' })).statusCode).toBe(404);
    expect((await me.client.delete(`/api/carts/${theirs.id}`)).statusCode).toBe(404);
    const still = await activeCart(them.client);
    expect(still).toMatchObject({ id: theirs.id, name: 'Purchase Order 1', totalItems: 2 });
    expect((await list(me.client)).some((c) => c.name === 'Stolen')).toBe(false);
  });

  it('refuses a salesperson a second sample order by duplicate too', async () => {
    const { client } = await signedIn('salesperson');
    const sample = await activeCart(client);
    expect((await client.post(`/api/carts/${sample.id}/duplicate`, { name: 'Two' })).statusCode).toBe(403);
  });
});
