import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERY_MESSAGES } from '@common/contracts/query-params';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { FORGED_ORDER_CURSORS } from '../../../../test/forged-cursors';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { activityLogs } from '../../db/schema';

/** docs/decisions/0205: order list and export parameters are checked before any work, a 400 with a sentence. */
const ctx = useTestApp();
let admin: TestClient;
let dealer: TestClient;
let token = '';

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  admin = (await signedInAdmin(ctx.app, ctx.db)).client;
  token = (await createToken(admin, ['orders:read'])).token;
  dealer = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'bold_customer' }));
  const cart = await activeCart(dealer);
  await dealer.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
  expect((await dealer.post('/api/orders', {})).statusCode).toBe(201);
});

const poll = (query: string) => bearer(ctx.app, token, { method: 'GET', url: `/api/orders?${query}` });
const exportsRecorded = async () => (await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'export_generated'))).length;

function expectRefused(response: { statusCode: number; json: () => { message: string; errors?: { path: string }[] } }, path: string, message?: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  if (message) expect(body.message).toBe(message);
  expect(body.errors?.[0]?.path).toBe(path);
}

describe('GET /api/orders refuses a cursor it never issued', () => {
  it.each(FORGED_ORDER_CURSORS)('%s', async (_label, cursor) => {
    expectRefused(await poll(`cursor=${encodeURIComponent(cursor)}`), 'cursor', QUERY_MESSAGES.badCursor);
  });

  it('still reads a cursor it issued, the one an ERP keeps between polls', async () => {
    const first = (await poll('updatedSince=2020-01-01T00:00:00Z')).json();
    expect(first.orders.length).toBeGreaterThan(0);
    const next = await poll(`cursor=${first.nextCursor}`);
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ orders: [], nextCursor: first.nextCursor });
  });
});

describe('date parameters are real days from 1970 to 2100, the year read as four digits', () => {
  it.each([
    ['to=9999-12-31', 'to'],
    ['from=0050-01-01', 'from'],
    ['from=1969-12-31', 'from'],
    ['to=2101-01-01', 'to'],
    ['from=2025-02-29', 'from'],
    ['from=2025-13-01', 'from'],
    ['from=2025-1-5', 'from'],
    ['to=%2B02025-01-01', 'to'],
  ])('GET /api/orders?%s is a 400 naming it', async (query, path) => {
    const response = await dealer.get(`/api/orders?${query}`);
    expectRefused(response, path);
    expect(response.json().message).toMatch(new RegExp(`^${path}`, 'i'));
  });

  it('reads the first and last days allowed', async () => {
    const response = await dealer.get('/api/orders?from=1970-01-01&to=2100-12-31');
    expect(response.statusCode).toBe(200);
    expect(response.json().orders).toHaveLength(1);
    expect((await dealer.get('/api/orders?from=2024-02-29&to=2024-02-29')).json().orders).toHaveLength(0);
  });

  it.each(['updatedSince=0000-01-01T00:00:00Z', 'updatedSince=9999-12-31T23:59:59-14:00', 'updatedSince=2025-02-30T00:00:00Z'])(
    'GET /api/orders?%s is a 400 naming updatedSince',
    async (query) => {
      const response = await poll(query);
      expectRefused(response, 'updatedSince');
      expect(response.json().message).toMatch(/^updatedSince must be/);
    },
  );
});

describe('the exports refuse bad dates before the file starts', () => {
  it.each(['to=9999-12-31', 'from=0050-01-01', 'from=2025-03-01&to=2025-02-01'])('GET /api/orders/export?%s is a 400 and records no export', async (query) => {
    const before = await exportsRecorded();
    const response = await dealer.get(`/api/orders/export?format=csv&${query}`);
    expectRefused(response, query.includes('&') ? 'to' : query.slice(0, query.indexOf('=')));
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(await exportsRecorded()).toBe(before);
  });

  it.each(['to=0000-01-01T00:00:00Z', 'from=9999-12-31T00:00:00Z', 'to=10000-01-01T00:00:00Z'])(
    'GET /api/admin/orders/export?%s is a 400 and records no export',
    async (query) => {
      const before = await exportsRecorded();
      const response = await bearer(ctx.app, token, { method: 'GET', url: `/api/admin/orders/export?format=xlsx&${query}` });
      expectRefused(response, query.slice(0, query.indexOf('=')));
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(await exportsRecorded()).toBe(before);
    },
  );

  it('still exports the whole range allowed', async () => {
    const response = await dealer.get('/api/orders/export?format=csv&from=1970-01-01&to=2100-12-31');
    expect(response.statusCode).toBe(200);
    expect(response.body.trim().split('\n')).toHaveLength(2);
  });
});
