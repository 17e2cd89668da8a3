import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/api';

// A stand-in for dist/client: the page and one hashed asset.
const clientDir = mkdtempSync(path.join(tmpdir(), 'spa-test-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>BOLD Portal</title></head><body><div id="root"></div></body></html>');
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
// What the client build writes (scripts/route-preloads.ts): each route's chunks beyond the entry.
writeFileSync(
  path.join(clientDir, 'route-preloads.json'),
  JSON.stringify({
    routes: {
      '/auth': ['/assets/sign-in-1.js'],
      '/stock': ['/assets/portal-1.js', '/assets/stock-1.js'],
      '/orders/:id': ['/assets/portal-1.js', '/assets/order-1.js'],
      '/evil': ['/assets/x.js"><script>alert(1)</script>', 'https://elsewhere.example/a.js'],
    },
  }),
);

const ctx = useTestApp({}, { clientDir });

// Spec §2 route table (and the screens beyond it: /orders, /profile).
const SPEC_ROUTES = [
  '/', '/auth', '/role-select', '/profile-completion', '/profile', '/dashboard', '/stock', '/prices', '/price-list.pdf',
  '/catalog', '/cart', '/cartselect', '/users', '/admin/password-reset', '/order-details', '/additional-merchandise',
  '/quick-add', '/files', '/admin/merchandise-upload', '/admin/activity-logs', '/admin/announcements', '/orders', '/orders/12',
  '/admin/closed-days',
];

describe('the app page (issue 12: no dead ends)', () => {
  it.each(SPEC_ROUTES)('answers a browser opening %s with the app page', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers / with the app page without an Accept header too (a bookmark, curl, a health probe)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('BOLD Portal');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a reload of a deep link with a query string on the app page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/stock?line=Driftwood', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets for a year and a missing asset as 404', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/gone-000.js' })).statusCode).toBe(404);
  });

  it('keeps unknown /api paths a JSON 404, even for a browser', async () => {
    for (const url of ['/api/nothing-here', '/api']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('route preloads (issue 15: no request waterfall on a phone)', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("lists the route's own chunks as modulepreload links in the page's head", async () => {
    expect(preloads((await page('/stock')).body)).toEqual(['/assets/portal-1.js', '/assets/stock-1.js']);
    expect(preloads((await page('/stock?line=Driftwood')).body)).toEqual(['/assets/portal-1.js', '/assets/stock-1.js']);
    expect(preloads((await page('/auth')).body)).toEqual(['/assets/sign-in-1.js']);
    expect((await page('/stock')).body).toMatch(/modulepreload[^]*<\/head>/);
  });

  it('matches a route with a parameter and a trailing slash', async () => {
    expect(preloads((await page('/orders/12')).body)).toEqual(['/assets/portal-1.js', '/assets/order-1.js']);
    expect(preloads((await page('/stock/')).body)).toEqual(['/assets/portal-1.js', '/assets/stock-1.js']);
  });

  it('gives an unknown address (the 404 screen) the plain page', async () => {
    const response = await page('/no-such-screen');
    expect(response.statusCode).toBe(200);
    expect(preloads(response.body)).toEqual([]);
  });

  it('never writes a file name that is not a local asset into the page', async () => {
    const body = (await page('/evil')).body;
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('elsewhere.example');
  });

  it('answers a revalidation with 304 when the page has not changed', async () => {
    const first = await page('/stock');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await page('/stock', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page('/cart', { 'if-none-match': etag })).statusCode).toBe(200);
  });
});
