import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { CART_LIMIT_MESSAGES, CARTS_PAGE_SIZE, MAX_CARTS_PAGE_SIZE, MAX_CARTS_PER_USER } from '@common/domain/cart-limits';
import { activityLogs, carts } from '../../db/schema';

/** "No bound on purchase orders" (ADR 0179): at most 50 carts a user, and GET /api/carts paged. */
const ctx = useTestApp();

beforeAll(async () => insertCatalogue(ctx.db));

async function signedIn(role: 'bold_customer' | 'salesperson' = 'bold_customer') {
  const user = await createUser(ctx.db, { role });
  const client = new TestClient(ctx.app);
  await client.signInAs(user);
  return { user, client };
}

async function cartCount(userId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(carts).where(eq(carts.userId, userId));
  return row!.n;
}

/** Carts written straight to the table (inactive, changed `i` minutes ago), as a user from before the cap may have. */
async function insertCarts(userId: number, count: number, prefix = 'PO'): Promise<void> {
  if (count === 0) return;
  await ctx.db.insert(carts).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      name: `${prefix} ${i + 1}`,
      isActive: false,
      lastModified: new Date(Date.now() - (i + 1) * 60_000),
    })),
  );
}

async function createdActivities(userId: number): Promise<number> {
  const rows = await ctx.db
    .select({ id: activityLogs.id })
    .from(activityLogs)
    .where(and(eq(activityLogs.userId, userId), eq(activityLogs.type, 'cart_created')));
  return rows.length;
}

describe('the cap on carts (POs) per user', () => {
  it('creates up to 50 through the API, refuses the 51st with 409 and the message, and creates nothing', async () => {
    const { user, client } = await signedIn();
    expect(await cartCount(user.id)).toBe(1); // the login's Purchase Order 1 counts
    for (let i = 2; i <= MAX_CARTS_PER_USER; i++) {
      const created = await client.post('/api/carts', { name: `Job ${i}` });
      expect(created.statusCode, created.body).toBe(201);
    }
    expect(await cartCount(user.id)).toBe(MAX_CARTS_PER_USER);
    const activitiesBefore = await createdActivities(user.id);

    const refused = await client.request({ method: 'POST', url: '/api/carts', json: { name: 'Job 51' }, headers: { 'idempotency-key': 'fifty-first' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: CART_LIMIT_MESSAGES.tooMany });
    expect(CART_LIMIT_MESSAGES.tooMany).toBe(
      'You have reached the limit of 50 purchase orders. Delete one you no longer need before creating another.',
    );
    expect(await cartCount(user.id)).toBe(MAX_CARTS_PER_USER);
    expect(await createdActivities(user.id)).toBe(activitiesBefore);
    // Also asked to become the active cart: still refused, and the active cart is unchanged.
    const before = await activeCart(client);
    expect((await client.post('/api/carts', { name: 'Job 51', isActive: true })).statusCode).toBe(409);
    expect((await activeCart(client)).id).toBe(before.id);

    // Deleting one frees a place; the refused key was not kept, so it may be used again.
    const list = (await client.get('/api/carts')).json() as { id: number; name: string }[];
    const spare = list.find((c) => c.name === 'Job 2')!;
    expect((await client.delete(`/api/carts/${spare.id}`)).statusCode).toBe(200);
    const again = await client.request({ method: 'POST', url: '/api/carts', json: { name: 'Job 51' }, headers: { 'idempotency-key': 'fifty-first' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(await cartCount(user.id)).toBe(MAX_CARTS_PER_USER);
  });

  it('lets only one of several parallel creates at 49 through', async () => {
    const { user, client } = await signedIn();
    await insertCarts(user.id, MAX_CARTS_PER_USER - 2); // plus the login's cart: 49
    expect(await cartCount(user.id)).toBe(MAX_CARTS_PER_USER - 1);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => client.post('/api/carts', { name: `Rush ${i}` })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().message).toBe(CART_LIMIT_MESSAGES.tooMany);
    expect(await cartCount(user.id)).toBe(MAX_CARTS_PER_USER);
  });

  it('never blocks working in the carts one has: adding, placing an order and switching at the cap', async () => {
    const { user, client } = await signedIn();
    await insertCarts(user.id, MAX_CARTS_PER_USER - 1);
    const cart = await activeCart(client);
    const added = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await client.post('/api/orders', {});
    expect(placed.statusCode, placed.body).toBe(201);
    // Placing takes the PO out of Current POs (ADR 0189): a place frees, no new cart appears, none is refused.
    expect(await cartCount(user.id)).toBe(MAX_CARTS_PER_USER - 1);
    const other = (await client.get('/api/carts')).json()[1] as { id: number };
    expect((await client.patch(`/api/carts/${other.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await client.patch(`/api/carts/${other.id}`, { name: 'Renamed at the cap' })).statusCode).toBe(200);
    expect((await client.post(`/api/carts/${other.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 })).statusCode).toBe(200);
  });

  it('keeps a user from before the cap working: above it, creating is refused but nothing else is', async () => {
    const { user, client } = await signedIn();
    await insertCarts(user.id, 70);
    expect((await client.post('/api/carts', { name: 'One more' })).statusCode).toBe(409);
    const cart = await activeCart(client);
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 })).statusCode).toBe(200);
    expect(await cartCount(user.id)).toBe(71);
  });
});

interface Listed {
  id: number;
  name: string;
  isActive: boolean;
  lastModified: string;
  items: unknown[];
}

/** Walks every page with `limit`; answers the pages in order. */
async function walk(client: TestClient, limit: number) {
  const pages: { carts: Listed[]; total: string | undefined }[] = [];
  let url: string | undefined = `/api/carts?limit=${limit}`;
  while (url) {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    pages.push({ carts: response.json() as Listed[], total: response.headers['x-total-count'] as string | undefined });
    const cursor = response.headers['x-next-cursor'] as string | undefined;
    const link = response.headers.link as string | undefined;
    if (cursor) expect(link).toBe(`</api/carts?limit=${limit}&cursor=${encodeURIComponent(cursor)}>; rel="next"`);
    else expect(link).toBeUndefined();
    url = cursor ? `/api/carts?limit=${limit}&cursor=${encodeURIComponent(cursor)}` : undefined;
    if (pages.length > 200) throw new Error('paging does not end');
  }
  return pages;
}

describe('GET /api/carts is paged', () => {
  it('answers every cart of a user within the cap in one page without parameters, as before', async () => {
    const { user, client } = await signedIn();
    await insertCarts(user.id, MAX_CARTS_PER_USER - 1);
    const response = await client.get('/api/carts');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Listed[];
    expect(list).toHaveLength(MAX_CARTS_PER_USER);
    expect(CARTS_PAGE_SIZE).toBe(MAX_CARTS_PER_USER);
    expect(response.headers['x-total-count']).toBe(String(MAX_CARTS_PER_USER));
    expect(response.headers['x-next-cursor']).toBeUndefined();
    expect(response.headers.link).toBeUndefined();
    // Each cart keeps its contents in the list (the client reads the active cart from it).
    expect(list[0]).toMatchObject({ isActive: true, items: [], displays: [], labels: [], priceLists: [], handboards: [], totalItems: 0 });
  });

  it('returns every cart exactly once, the active one first, then the most recently changed', async () => {
    const { user, client } = await signedIn();
    await insertCarts(user.id, 122);
    // The active cart is the oldest change of all, yet leads the first page.
    await ctx.db.update(carts).set({ lastModified: new Date('2001-01-01T00:00:00Z') }).where(and(eq(carts.userId, user.id), eq(carts.isActive, true)));
    // Several carts changed in the same microsecond: the id breaks the tie, none is skipped or repeated.
    await ctx.db.execute(sql`update ${carts} set last_modified = '2020-05-05T10:00:00.123456Z' where user_id = ${user.id} and name in ('PO 10', 'PO 11', 'PO 12', 'PO 13')`);
    const all = await ctx.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, user.id));
    expect(all).toHaveLength(123);

    for (const limit of [CARTS_PAGE_SIZE, 7, 1, MAX_CARTS_PAGE_SIZE]) {
      const pages = await walk(client, limit);
      const seen = pages.flatMap((p) => p.carts);
      expect(pages).toHaveLength(Math.ceil(123 / limit));
      expect(pages.every((p) => p.total === '123')).toBe(true);
      expect(pages.slice(0, -1).every((p) => p.carts.length === limit)).toBe(true);
      expect(seen.map((c) => c.id).sort((a, b) => a - b)).toEqual(all.map((c) => c.id).sort((a, b) => a - b));
      expect(new Set(seen.map((c) => c.id)).size).toBe(123);
      expect(seen[0]!.isActive).toBe(true);
      expect(seen.filter((c) => c.isActive)).toHaveLength(1);
      const rest = seen.slice(1);
      for (let i = 1; i < rest.length; i++) {
        const [a, b] = [rest[i - 1]!, rest[i]!];
        const order = Date.parse(b.lastModified) - Date.parse(a.lastModified) || b.id - a.id;
        expect(order, `${a.name} before ${b.name}`).toBeLessThan(0);
      }
    }
  });

  it('answers only the caller’s carts, and another user’s cursor pages through the caller’s own', async () => {
    const one = await signedIn();
    const other = await signedIn();
    await insertCarts(one.user.id, 10);
    await insertCarts(other.user.id, 10);
    const first = await one.client.get('/api/carts?limit=3');
    const cursor = first.headers['x-next-cursor'] as string;
    const mine = (await one.client.get('/api/carts?limit=100')).json() as Listed[];
    const borrowed = await other.client.get(`/api/carts?limit=100&cursor=${encodeURIComponent(cursor)}`);
    expect(borrowed.statusCode).toBe(200);
    const ids = new Set(mine.map((c) => c.id));
    expect((borrowed.json() as Listed[]).some((c) => ids.has(c.id))).toBe(false);
    expect(borrowed.headers['x-total-count']).toBe('11');
  });

  it.each([
    ['limit=0', CART_LIMIT_MESSAGES.badLimit],
    ['limit=-1', CART_LIMIT_MESSAGES.badLimit],
    ['limit=abc', CART_LIMIT_MESSAGES.badLimit],
    ['limit=1.5', CART_LIMIT_MESSAGES.badLimit],
    [`limit=${MAX_CARTS_PAGE_SIZE + 1}`, CART_LIMIT_MESSAGES.badLimit],
    ['limit=99999999999999999999', CART_LIMIT_MESSAGES.badLimit],
    ['limit=1&limit=2', CART_LIMIT_MESSAGES.badLimit],
    ['cursor=abc', CART_LIMIT_MESSAGES.badCursor],
    ['cursor=%25%00', undefined],
    [`cursor=${'a'.repeat(201)}`, CART_LIMIT_MESSAGES.badCursor],
    ['cursor=a&cursor=b', CART_LIMIT_MESSAGES.badCursor],
    [`cursor=${Buffer.from('[true,"x",1]').toString('base64url')}`, CART_LIMIT_MESSAGES.badCursor],
    [`cursor=${Buffer.from('[true,"2024-02-30T00:00:00.000000Z",1]').toString('base64url')}`, CART_LIMIT_MESSAGES.badCursor],
    [`cursor=${Buffer.from('[true,"0000-01-01T00:00:00.000000Z",1]').toString('base64url')}`, CART_LIMIT_MESSAGES.badCursor],
    [`cursor=${Buffer.from('["yes","2024-02-03T00:00:00.000000Z",1]').toString('base64url')}`, CART_LIMIT_MESSAGES.badCursor],
    [`cursor=${Buffer.from('[true,"2024-02-03T00:00:00.000000Z",2147483648]').toString('base64url')}`, CART_LIMIT_MESSAGES.badCursor],
    [`cursor=${Buffer.from('[true,"2024-02-03T00:00:00.000000Z",1.5]').toString('base64url')}`, CART_LIMIT_MESSAGES.badCursor],
    [`cursor=${Buffer.from('{"id":1}').toString('base64url')}`, CART_LIMIT_MESSAGES.badCursor],
  ])('answers 400 with a message, never 500, for %s', async (query, message) => {
    const { client } = await signedIn();
    const response = await client.get(`/api/carts?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string };
    expect(body.message).toEqual(message ?? expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('takes a blank limit or cursor as absent', async () => {
    const { client } = await signedIn();
    const response = await client.get('/api/carts?limit=&cursor=');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('takes GET /api/carts’s limit and cursor from the contract and names the paging headers', async () => {
    const response = await new TestClient(ctx.app).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const operation = response.json().paths['/api/carts'].get as { parameters: { name: string; in: string }[]; description: string };
    expect(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(['cursor', 'limit']);
    expect(operation.description).toContain('X-Next-Cursor');
    expect(operation.description).toContain('X-Total-Count');
  });
});
