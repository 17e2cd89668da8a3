import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/api';
import { isDocumented } from '.';
import { openApiPath } from './error-responses';

const ctx = useTestApp();

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
      'prices:read',
      'prices:write',
      'companies:read',
      'companies:write',
      'quotes:read',
      'quotes:write',
    ]);
    expect(doc.paths['/api/stock/upload'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/api/orders'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['updatedSince', 'cursor']),
    );
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('serves the Swagger UI reference page, its files from the portal itself, under the CSP (ADR 0176)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>BOLD portal API reference</title>');
    // The portal's CSP as is: scripts from this origin only, so no inline script may run.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)/i);
    expect(page.body).not.toMatch(/https?:\/\//i);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js']));
    for (const asset of assets) {
      const response = await ctx.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
    }
    const initializer = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const shown = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(shown.json()).toEqual((await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  });

  it('refuses an altered spelling of a reference file path', async () => {
    for (const url of ['/api/docs/static/%73wagger-ui.css', '/api/docs/static/..%2fswagger-ui.css', '/api/%64ocs/static/swagger-ui.css']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });
});
