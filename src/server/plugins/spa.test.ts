import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_USER_ELEMENT_ID } from '@common/domain/first-requests';
import { signedInPage } from './route-preloads';
import { TestClient, createUser, useTestApp } from '../../../test/api';

// A stand-in for dist/client: the page and one hashed asset.
const clientDir = mkdtempSync(path.join(tmpdir(), 'spa-test-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>BOLD Portal</title></head><body><div id="root"></div></body></html>');
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
// What vite-plugin-compression2 writes beside each asset (ADR 0200): brotli and gzip of the same bytes.
const bigAsset = `console.log(${JSON.stringify('tile '.repeat(2_000))})`;
writeFileSync(path.join(clientDir, 'assets', 'big-abc123.js'), bigAsset);
writeFileSync(path.join(clientDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(bigAsset));
writeFileSync(path.join(clientDir, 'assets', 'big-abc123.js.gz'), gzipSync(bigAsset));
// What the client build writes (scripts/route-preloads.ts): each route's chunks beyond the entry.
writeFileSync(
  path.join(clientDir, 'route-preloads.json'),
  JSON.stringify({
    routes: {
      '/auth': ['/assets/sign-in-1.js'],
      '/stock': ['/assets/portal-1.js', '/assets/stock-1.js'],
      '/orders/:id': ['/assets/portal-1.js', '/assets/order-1.js'],
      '/evil': ['/assets/x.js"><script>alert(1)</script>', 'https://elsewhere.example/a.js'],
      '*': ['/assets/boot-1.js', '/assets/portal-1.js'],
    },
  }),
);

const ctx = useTestApp({}, { clientDir });

// Route table (and the screens beyond it: /orders, /profile).
const SPEC_ROUTES = [
  '/', '/auth', '/role-select', '/profile-completion', '/profile', '/dashboard', '/stock', '/prices', '/price-list.pdf',
  '/catalog', '/cart', '/cartselect', '/users', '/admin/password-reset', '/order-details', '/additional-merchandise',
  '/quick-add', '/files', '/admin/merchandise-upload', '/admin/activity-logs', '/admin/announcements', '/orders', '/orders/12',
  '/admin/closed-days',
];

describe('the app page (no dead ends)', () => {
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

  it('sends the build\'s own brotli or gzip of an asset to a browser that takes it, and the file itself otherwise (ADR 0200)', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', 'big-abc123.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigAsset);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await ctx.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', 'big-abc123.js.gz')))).toBe(true);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigAsset);
  });

  it('keeps unknown /api paths a JSON 404, even for a browser', async () => {
    for (const url of ['/api/nothing-here', '/api']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('route preloads (no request waterfall on a phone)', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

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

  it('gives an unknown address (the 404 screen) what any page needs: React and the portal', async () => {
    const response = await page('/no-such-screen');
    expect(response.statusCode).toBe(200);
    expect(preloads(response.body)).toEqual(['/assets/boot-1.js', '/assets/portal-1.js']);
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

describe('the signed-in app page (ADR 0152: the user and the first data leave with the HTML)', () => {
  const carried = (html: string) => {
    const match = new RegExp(`<script type="application/json" id="${PAGE_USER_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
  };
  const dataPreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const pageAs = async (client: TestClient, url: string) => client.request({ method: 'GET', url, headers: { accept: 'text/html' } });

  it("carries what GET /api/user answers and preloads the page's first calls, and no cache keeps it", async () => {
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const client = await new TestClient(ctx.app).signInAs(sales);
    const me = (await client.get('/api/user')).json();
    const dashboard = await pageAs(client, '/dashboard');
    expect(carried(dashboard.body)).toEqual(me);
    // Checked by the contract as the answer is (ADR 0154): a field the contract does not name never reaches the page.
    expect(carried(signedInPage({ html: '<head></head>', etag: '"x"' }, '/dashboard', { ...me, passwordHash: 'secret' }))).toEqual(me);
    expect(dataPreloads(dashboard.body)).toEqual(['/api/carts', '/api/announcements', '/api/system/settings']);
    expect(dashboard.headers['cache-control']).toBe('private, no-store');
    expect(dashboard.headers.etag).toBeUndefined();
    expect(dashboard.body).toMatch(/id="signed-in-user">[^]*<\/head>/);
    // The catalogue (as columns) is asked for with the page, not after its JavaScript (ADR 0188).
    expect(dataPreloads((await pageAs(client, '/stock/')).body)).toEqual(['/api/carts', '/api/products/columns']);
    expect(dataPreloads((await pageAs(client, '/profile')).body)).toEqual(['/api/carts']);
  });

  it('preloads nothing before a role is chosen or while a temporary password must be changed', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const adminClient = await new TestClient(ctx.app).signInAs(admin);
    const beforeRole = (await pageAs(adminClient, '/dashboard')).body;
    expect(carried(beforeRole)).toMatchObject({ username: admin.username, activeRole: null });
    expect(dataPreloads(beforeRole)).toEqual([]);
    const newcomer = await createUser(ctx.db, { role: 'salesperson', isTemporaryPassword: true });
    const newcomerPage = (await pageAs(await new TestClient(ctx.app).signInAs(newcomer), '/stock')).body;
    expect(carried(newcomerPage)).toMatchObject({ isTemporaryPassword: true });
    expect(dataPreloads(newcomerPage)).toEqual([]);
  });

  it('gives a signed-out visitor (or a logged-out session) the shared page without a user', async () => {
    const anonymous = await page('/dashboard');
    expect(carried(anonymous.body)).toBeUndefined();
    expect(dataPreloads(anonymous.body)).toEqual([]);
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const client = await new TestClient(ctx.app).signInAs(sales);
    await client.post('/api/logout');
    expect(carried((await pageAs(client, '/dashboard')).body)).toBeUndefined();
  });

  it('tells the sign-in page that no one is signed in, so it need not ask, and no cache keeps that', async () => {
    const anonymous = await page('/auth');
    expect(anonymous.body).toContain(`<script type="application/json" id="${PAGE_USER_ELEMENT_ID}">null</script>`);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect(anonymous.headers.etag).toBeUndefined();
    // Still the sign-in page's chunks.
    expect(anonymous.body).toContain('/assets/sign-in-1.js');
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const client = await new TestClient(ctx.app).signInAs(sales);
    expect(carried((await pageAs(client, '/auth')).body)).toMatchObject({ username: sales.username });
    await client.post('/api/logout');
    expect((await pageAs(client, '/auth')).body).toContain('>null</script>');
  });

  it("cannot be broken out of by what a user typed into their name (no </script>, no replacement patterns)", async () => {
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const client = await new TestClient(ctx.app).signInAs(sales);
    const firstName = '</script><script>alert(1)</script> $& $\' <!--';
    const saved = await client.patch('/api/user/profile', { firstName });
    expect(saved.statusCode).toBe(200);
    const html = (await pageAs(client, '/dashboard')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(carried(html)).toMatchObject({ firstName });
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});

function page(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
}
