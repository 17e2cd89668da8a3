import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@common/contracts/integrations';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../../test/cart-fixtures';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';
import { activityLogs, apiTokens, users } from '../../db/schema';
import { TOKEN_RATE_LIMITED, TOKEN_ROUTE_REFUSED, tokenScopeMissing } from '../../plugins/access';
import { MISSING_TIMESTAMP } from '../../plugins/security';
import { hashToken } from './service';

const RATE_LIMIT = 8;
const ctx = useTestApp({ API_TOKEN_RATE_LIMIT: String(RATE_LIMIT) });

beforeAll(async () => insertCatalogue(ctx.db));

async function placedOrder() {
  const dealer = await createUser(ctx.db, { role: 'bold_customer' });
  const client = await new TestClient(ctx.app).signInAs(dealer);
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
  const order = await client.post('/api/orders', {});
  if (order.statusCode !== 201) throw new Error(order.body);
  return order.json() as { id: number };
}

describe('creating and listing tokens', () => {
  it('answers the token once and stores only its SHA-256', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const created = await client.post('/api/admin/api-tokens', { name: 'ERP', scopes: ['orders:read', 'orders:read'] });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.token).toMatch(/^bold_[A-Za-z0-9_-]{43}$/);
    expect(body.scopes).toEqual(['orders:read']);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, body.id));
    expect(row!.tokenHash).toBe(hashToken(body.token));
    expect(JSON.stringify(row)).not.toContain(body.token);

    const list = (await client.get('/api/admin/api-tokens')).json();
    const listed = list.tokens.find((t: { id: number }) => t.id === body.id);
    expect(listed).toMatchObject({ name: 'ERP', scopes: ['orders:read'], lastUsedAt: null, revokedAt: null, prefix: body.token.slice(0, 11) });
    expect(JSON.stringify(list)).not.toContain(body.token);
  });

  it('refuses a token without scopes, with an unknown scope or an expiry in the past', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const before = (await ctx.db.select().from(apiTokens)).length;
    expect((await client.post('/api/admin/api-tokens', { name: 'x', scopes: [] })).json().message).toBe('Choose at least one scope');
    expect((await client.post('/api/admin/api-tokens', { name: 'x', scopes: ['admin:all'] })).statusCode).toBe(400);
    const past = await client.post('/api/admin/api-tokens', { name: 'x', scopes: ['orders:read'], expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The expiry must be in the future');
    expect((await ctx.db.select().from(apiTokens)).length).toBe(before);
  });

  it('is for admins only', async () => {
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const client = await new TestClient(ctx.app).signInAs(sales);
    expect((await client.get('/api/admin/api-tokens')).statusCode).toBe(403);
    expect((await client.post('/api/admin/api-tokens', { name: 'x', scopes: ['orders:read'] })).statusCode).toBe(403);
  });
});

describe('bearer requests', () => {
  it('reach routes of the token’s scopes without cookie or timestamp, and mark the token used', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const { token, id } = await createToken(client, ['orders:read', 'products:read']);
    const order = await placedOrder();
    const list = await bearer(ctx.app, token, { method: 'GET', url: '/api/orders' });
    expect(list.statusCode).toBe(200);
    expect(list.json().orders.map((o: { id: number }) => o.id)).toContain(order.id);
    expect((await bearer(ctx.app, token, { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(200);
    expect((await bearer(ctx.app, token, { method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('answers 403 outside the token’s scopes and on routes closed to tokens', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const { token } = await createToken(client, ['products:read']);
    const orders = await bearer(ctx.app, token, { method: 'GET', url: '/api/orders' });
    expect(orders.statusCode).toBe(403);
    expect(orders.json().message).toBe(tokenScopeMissing('orders:read'));
    // User management needs users:read, and writing users is never open to a token.
    expect((await bearer(ctx.app, token, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    const carts = await bearer(ctx.app, token, { method: 'GET', url: '/api/carts' });
    expect(carts.statusCode).toBe(403);
    expect(carts.json().message).toBe(TOKEN_ROUTE_REFUSED);
    expect((await bearer(ctx.app, token, { method: 'GET', url: '/api/admin/api-tokens' })).statusCode).toBe(403);
    const writeUsers = await createToken(client, ['users:read']);
    expect((await bearer(ctx.app, writeUsers.token, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const create = await bearer(ctx.app, writeUsers.token, {
      method: 'POST',
      url: '/api/users',
      json: { username: 'robot', password: 'Secret123', role: 'admin' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('changes an order’s status with orders:write; the activity row names the token', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const { token, id } = await createToken(client, ['orders:write'], { name: 'Warehouse ERP' });
    const order = await placedOrder();
    const response = await bearer(ctx.app, token, { method: 'PATCH', url: `/api/orders/${order.id}`, json: { status: 'confirmed' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('confirmed');
    const [row] = await ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'order_updated'), eq(activityLogs.targetUserId, response.json().userId)));
    expect(row!.description).toContain('API token "Warehouse ERP"');
    expect(row!.metadata).toMatchObject({ apiToken: { id, name: 'Warehouse ERP' } });
    expect(row!.sessionId).toBeNull();
  });

  it('refuses an unknown, revoked or expired token, and one whose admin was deleted', async () => {
    const { client, user } = await signedInAdmin(ctx.app, ctx.db);
    const unknown = await bearer(ctx.app, 'bold_nope', { method: 'GET', url: '/api/orders' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(INTEGRATION_MESSAGES.badToken);
    expect((await bearer(ctx.app, '', { method: 'GET', url: '/api/orders' })).statusCode).toBe(401);

    const revoked = await createToken(client, ['orders:read']);
    expect((await bearer(ctx.app, revoked.token, { method: 'GET', url: '/api/orders' })).statusCode).toBe(200);
    expect((await client.delete(`/api/admin/api-tokens/${revoked.id}`)).statusCode).toBe(200);
    expect((await bearer(ctx.app, revoked.token, { method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    expect((await client.delete(`/api/admin/api-tokens/999999`)).statusCode).toBe(404);

    const expiring = await createToken(client, ['orders:read'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await bearer(ctx.app, expiring.token, { method: 'GET', url: '/api/orders' })).statusCode).toBe(200);
    await ctx.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, expiring.id));
    expect((await bearer(ctx.app, expiring.token, { method: 'GET', url: '/api/orders' })).statusCode).toBe(401);

    const orphan = await createToken(client, ['orders:read']);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await bearer(ctx.app, orphan.token, { method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('never lends a cookie’s privileges to a bearer request', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const { token } = await createToken(client, ['products:read']);
    // The admin's own cookie plus a token: the request is the token, which may not list tokens.
    const listed = await client.request({ method: 'GET', url: '/api/admin/api-tokens', headers: { authorization: `Bearer ${token}` } });
    expect(listed.statusCode).toBe(403);
    // A write to a route closed to tokens keeps the browser rule: no timestamp, no entry.
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/api-tokens',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', cookie: 'x=y' },
      payload: JSON.stringify({ name: 'sneaky', scopes: ['users:read'] }),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(MISSING_TIMESTAMP);
  });

  it('limits each token to its requests a minute, with Retry-After and RateLimit-* headers on every answer', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const busy = await createToken(client, ['products:read']);
    const quiet = await createToken(client, ['products:read']);
    const remaining: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      const ok = await bearer(ctx.app, busy.token, { method: 'GET', url: '/api/products' });
      expect(ok.statusCode).toBe(200);
      // ADR 0182: the limit is visible before the 429, on every answer.
      expect(ok.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
      const reset = Number(ok.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      remaining.push(Number(ok.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(Array.from({ length: RATE_LIMIT }, (_, i) => RATE_LIMIT - 1 - i));
    const limited = await bearer(ctx.app, busy.token, { method: 'GET', url: '/api/products' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.json().message).toBe(TOKEN_RATE_LIMITED);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token has its own allowance.
    expect((await bearer(ctx.app, quiet.token, { method: 'GET', url: '/api/products' })).statusCode).toBe(200);
  });
});
