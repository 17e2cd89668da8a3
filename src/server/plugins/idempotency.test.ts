import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/api';
import { CATALOGUE, insertCatalogue } from '../../../test/cart-fixtures';
import { bearer, createToken, signedInAdmin } from '../../../test/integrations';
import { multipartBody } from '../../../test/multipart';
import { apiTokens, idempotencyKeys, users, webhookEndpoints } from '../db/schema';
import { IDEMPOTENCY_MESSAGES } from './idempotency';

/** ADR 0182: every POST and PATCH an integration retries takes an Idempotency-Key. */
const ctx = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
beforeAll(async () => insertCatalogue(ctx.db));

const key = (name: string) => ({ 'idempotency-key': `${name}-${Math.random().toString(36).slice(2)}` });

describe('Idempotency-Key with an API token', () => {
  it('replays the first answer of a stock batch; another body with the key is 422 and changes nothing', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const { token } = await createToken(client, ['stock:write']);
    const headers = key('batch');
    const body = { items: [{ sku: CATALOGUE.few.id, stockLevel: 77 }] };
    const first = await bearer(ctx.app, token, { method: 'PATCH', url: '/api/stock', json: body, headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ updated: 1, unchanged: 0 });
    const retry = await bearer(ctx.app, token, { method: 'PATCH', url: '/api/stock', json: body, headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // Run again it would have answered "unchanged: 1": this is the first answer, not a second run.
    expect(retry.json()).toEqual(first.json());
    const reused = await bearer(ctx.app, token, { method: 'PATCH', url: '/api/stock', json: { items: [{ sku: CATALOGUE.few.id, stockLevel: 3 }] }, headers });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'This Idempotency-Key was already used with a different request body.' });
    expect(IDEMPOTENCY_MESSAGES.differentRequest).toBe(reused.json().message);
    const products = (await bearer(ctx.app, (await createToken(client, ['products:read'])).token, { method: 'GET', url: '/api/products' })).json();
    expect(products.find((p: { id: number }) => p.id === CATALOGUE.few.id).stockLevel).toBe('77');
  });

  it('keys are per caller: two tokens of one admin may use the same key', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const a = await createToken(client, ['stock:write']);
    const b = await createToken(client, ['stock:write']);
    const headers = key('shared');
    const first = await bearer(ctx.app, a.token, { method: 'PATCH', url: '/api/stock', json: { items: [{ sku: CATALOGUE.priced.id, stockLevel: 11 }] }, headers });
    const other = await bearer(ctx.app, b.token, { method: 'PATCH', url: '/api/stock', json: { items: [{ sku: CATALOGUE.priced.id, stockLevel: 12 }] }, headers });
    expect([first.statusCode, other.statusCode]).toEqual([200, 200]);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('hashes an upload by its file, not its multipart boundary', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const { token } = await createToken(client, ['stock:write']);
    const headers = key('upload');
    const csv = `id,stockLevel\n${CATALOGUE.priced.id},21\n`;
    // multipartBody draws a new boundary each time, as curl -F does on a retry.
    const send = (content: string) => {
      const upload = multipartBody([{ filename: 'erp.csv', content }]);
      return bearer(ctx.app, token, { method: 'POST', url: '/api/stock/upload?mode=keep', payload: upload.payload, headers: { ...upload.headers, ...headers } });
    };
    const first = await send(csv);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await send(csv);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const other = await send(`id,stockLevel\n${CATALOGUE.priced.id},22\n`);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.differentRequest);
  });
});

describe('Idempotency-Key on admin writes an integration scripts', () => {
  it('concurrent requests with one key run once and all get the first answer (token create)', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const headers = key('token');
    const name = `Race ${Math.random()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.request({ method: 'POST', url: '/api/admin/api-tokens', json: { name, scopes: ['orders:read'] }, headers })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json().token)).size).toBe(1);
    expect(await ctx.db.select().from(apiTokens).where(eq(apiTokens.name, name))).toHaveLength(1);
    // The token is shown once and only its hash is kept (ADR 0160): the kept answer is sealed.
    const kept = await ctx.db.select().from(idempotencyKeys);
    expect(JSON.stringify(kept)).not.toContain(answers[0]!.json().token);
    expect(JSON.stringify(kept)).not.toContain(headers['idempotency-key']);
  });

  it('covers users and webhooks', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const headers = key('user');
    const user = { username: `erp${Date.now().toString(36)}`, password: 'Tilework7', role: 'salesperson' };
    const first = await client.request({ method: 'POST', url: '/api/users', json: user, headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await client.request({ method: 'POST', url: '/api/users', json: user, headers });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await ctx.db.select().from(users).where(eq(users.username, user.username))).toHaveLength(1);

    const hook = { url: 'https://erp.example.com/hooks', events: ['order.created'], description: 'ERP' };
    const hookKey = key('hook');
    const created = await client.request({ method: 'POST', url: '/api/admin/webhooks', json: hook, headers: hookKey });
    expect(created.statusCode, created.body).toBe(201);
    const replayed = await client.request({ method: 'POST', url: '/api/admin/webhooks', json: hook, headers: hookKey });
    expect(replayed.json()).toEqual(created.json());
    expect(await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, hook.url))).toHaveLength(1);
  });

  it('keeps no refusal: a corrected retry with the same key runs', async () => {
    const { client } = await signedInAdmin(ctx.app, ctx.db);
    const headers = key('fix');
    const username = `taken${Date.now().toString(36)}`;
    expect((await client.post('/api/users', { username, password: 'Tilework7', role: 'salesperson' })).statusCode).toBe(200);
    const taken = await client.request({ method: 'POST', url: '/api/users', json: { username, password: 'Tilework7', role: 'salesperson' }, headers });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username already exists');
    const fixed = await client.request({
      method: 'POST',
      url: '/api/users',
      json: { username: `fixed${Date.now().toString(36)}`, password: 'Tilework7', role: 'salesperson' },
      headers,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });
});
