import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/api';
import { isDocumented } from '.';

const ctx = useTestApp();

/** Fastify's /api/orders/:id is OpenAPI's /api/orders/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('gives every /api route a schema that says what it answers', () => {
    const missing = ctx.app.apiRoutes.filter((r) => !isDocumented(r)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(50);
  });

  it('serves OpenAPI 3.1 at /api/openapi.json with every route, its access and its token scope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of ctx.app.apiRoutes.filter((r) => !r.schema?.hide)) {
      expect(doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const patchStock = doc.paths['/api/stock'].patch;
    expect(patchStock.description).toContain('API token scope: `stock:write`');
    expect(patchStock.security).toEqual([{ session: [] }, { apiToken: ['stock:write'] }]);
    expect(patchStock.requestBody.content['application/json'].schema.properties.items.maxItems).toBe(5000);
    const createToken = doc.paths['/api/admin/api-tokens'].post;
    expect(createToken.description).toContain('Not open to API tokens');
    expect(createToken.requestBody.content['application/json'].schema.properties.scopes.items.enum).toEqual([
      'products:read',
      'stock:write',
      'orders:read',
      'orders:write',
      'users:read',
    ]);
    expect(doc.paths['/api/stock/upload'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/api/orders'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['updatedSince', 'cursor']),
    );
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('serves a reference page from the portal itself, without scripts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('BOLD portal API');
    expect(response.body).toContain('<code>/api/admin/webhooks/{id}/deliveries/{deliveryId}/resend</code>');
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!evil)/i);
  });
});
