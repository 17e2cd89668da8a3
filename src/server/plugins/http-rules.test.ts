import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { MISSING_TIMESTAMP, WRONG_CONTENT_TYPE } from './security';

const ctx = useTestApp();

describe('write requests (docs/product-decisions.md: X-Request-Timestamp and JSON or multipart)', () => {
  it('refuses a write without the timestamp header', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'a', password: 'b' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MISSING_TIMESTAMP);
  });

  it('refuses a form-encoded write, the shape a cross-site form would send', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(WRONG_CONTENT_TYPE);
  });

  it('lets reads through without the header', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('responses', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await new TestClient(ctx.app).get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('sends the security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends every helmet header, with helmet values, on answers, refusals and 404s alike (@fastify/helmet, ADR 0176)', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-src 'self';object-src 'self';frame-ancestors 'self';base-uri 'self';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'a', password: 'b' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 403, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(expected);
      expect(answer.headers).not.toHaveProperty('strict-transport-security');
      expect(answer.headers).not.toHaveProperty('cross-origin-embedder-policy');
      expect(answer.headers).not.toHaveProperty('x-powered-by');
    }
  });

  it('reports database health', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('caching of API answers (security review: personal data)', () => {
  it('sends Cache-Control: no-store on API answers that hold personal data, errors included', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    for (const url of ['/api/user', '/api/carts', '/api/orders', '/api/does-not-exist']) {
      expect((await c.get(url)).headers['cache-control'], url).toBe('no-store');
    }
    expect((await new TestClient(ctx.app).get('/api/user')).headers['cache-control']).toBe('no-store');
  });

  it('leaves the catalogue its own revalidation rule', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    expect((await c.get('/api/products')).headers['cache-control']).toBe('private, no-cache');
  });
});
