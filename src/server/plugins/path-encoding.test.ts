import { asc, count, eq } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { multipartBody } from '../../../test/multipart';
import { samplePdf } from '../../../test/sample-files';
import { files, products, users } from '../db/schema';
import { NON_CANONICAL_PATH } from './canonical-path';
import { withStock } from '../../../test/cart-fixtures';

/**
 * Security review, high: the write rule looked at the raw URL while the router
 * decodes it, so `POST /%61pi/users/import` without the timestamp header reached
 * the route. Every spelling below must be refused (4xx) and change nothing,
 * with the header (a script of ours) and without it (a cross-site form).
 */
const ctx = useTestApp();

async function admin() {
  const user = await createUser(ctx.db, { role: 'admin' });
  return new TestClient(ctx.app).signInAs(user, 'admin');
}

/**
 * Real HTTP, so the path reaches the server byte for byte (app.inject would
 * resolve `./` and `../` before the app sees them, as a browser does).
 */
let port = 0;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

function send(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** An admin signed in over HTTP: the cookie header to send. */
async function adminCookie(): Promise<string> {
  const user = await createUser(ctx.db, { role: 'admin' });
  const json = { 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()) };
  const login = await send('POST', '/api/login', json, Buffer.from(JSON.stringify({ username: user.username, password: user.password })));
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  await send('POST', '/api/session/role', { ...json, cookie }, Buffer.from('{"role":"admin"}'));
  return cookie;
}

/** The ways a path can be spelled that a router might still resolve to the real one. */
function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const encodeFirstLetter = (word: string) => `%${word.charCodeAt(0).toString(16)}${word.slice(1)}`;
  return [
    `/${encodeFirstLetter(first)}/${tail}`,
    `/%${first.charCodeAt(0).toString(16).toUpperCase()}${first.slice(1)}/${tail}`,
    `/${first}/${encodeFirstLetter(tail)}`,
    `/${first}%2F${tail}`,
    `/${first}%2f${tail.replace('/', '%2F')}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `/${first.toUpperCase()}/${tail}`,
    `/${first}/${tail.toUpperCase()}`,
    `/${first}./${tail}`,
    `/${first}/${tail}.`,
    `/${first}/${tail}/`,
    `/${first};x=1/${tail}`,
    `/${first}/${tail};jsessionid=1`,
    `/${first}/./${tail}`,
    `/${first}/x/../${tail}`,
    `/${first}/%2e/${tail}`,
    `/%2561pi/${tail}`,
  ];
}

async function sendEachWay(cookie: string, path: string, query: string, body: () => { payload: Buffer; headers: Record<string, string> }) {
  const statuses: { url: string; withHeader: number; withoutHeader: number }[] = [];
  for (const url of spellings(path)) {
    const ours = body();
    const withHeader = await send('POST', url + query, { ...ours.headers, cookie, 'x-request-timestamp': String(Date.now()) }, ours.payload);
    // A cross-site form: multipart, the session cookie, no timestamp header.
    const form = body();
    const withoutHeader = await send('POST', url + query, { ...form.headers, cookie }, form.payload);
    statuses.push({ url, withHeader: withHeader.status, withoutHeader: withoutHeader.status });
  }
  return statuses;
}

function expectAllRefused(statuses: { url: string; withHeader: number; withoutHeader: number }[]) {
  for (const s of statuses) {
    expect(s.withHeader, s.url).toBeGreaterThanOrEqual(400);
    expect(s.withHeader, s.url).toBeLessThan(500);
    expect(s.withoutHeader, s.url).toBeGreaterThanOrEqual(400);
    expect(s.withoutHeader, s.url).toBeLessThan(500);
  }
}

describe('the write rule cannot be skipped by spelling the path differently', () => {
  it('refuses every spelling of POST /api/users/import and creates no admin', async () => {
    const cookie = await adminCookie();
    const before = (await ctx.db.select({ n: count() }).from(users))[0]?.n;
    const csv = `Username,Password,Role\nsneaky${Date.now().toString(36)},Tilework7,admin\n`;
    const statuses = await sendEachWay(cookie, '/api/users/import', '', () => multipartBody([{ filename: 'users.csv', content: csv }]));
    expectAllRefused(statuses);
    expect((await ctx.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
  });

  it('answers the encoded spelling with a clear 400 even when the timestamp header is there', async () => {
    const c = await admin();
    const response = await c.request({ method: 'POST', url: '/%61pi/users/import', ...multipartBody([{ filename: 'u.csv', content: 'Username\n' }]) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NON_CANONICAL_PATH);
  });

  it('refuses every spelling of the stock upload with ?mode=replace and keeps the catalogue', async () => {
    const cookie = await adminCookie();
    await ctx.db.insert(products).values(withStock({ id: 990001, name: 'Kept 12x24', line: 'Kept', size: '12x24', color: 'White', finish: 'Matte', stockLevel: '10', soldBy: 'Box' })).onConflictDoNothing();
    const before = await ctx.db.select({ id: products.id }).from(products).orderBy(asc(products.id));
    // A valid file: on an unguarded path it would replace the whole catalogue with one product.
    const csv = 'id,name,stockLevel\n990002,Only 12x24,5\n';
    const statuses = await sendEachWay(cookie, '/api/stock/upload', '?mode=replace', () => multipartBody([{ filename: 'stock.csv', content: csv }]));
    expectAllRefused(statuses);
    expect(await ctx.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).toEqual(before);
  });

  it('refuses every spelling of the file upload and stores nothing', async () => {
    const cookie = await adminCookie();
    const pdf = await samplePdf();
    const statuses = await sendEachWay(cookie, '/api/files', '', () => multipartBody([{ filename: 'planted.pdf', content: pdf, contentType: 'application/pdf' }]));
    expectAllRefused(statuses);
    expect(await ctx.db.select().from(files).where(eq(files.originalName, 'planted.pdf'))).toEqual([]);
  });

  it('refuses every spelling of the password reset and leaves the password alone', async () => {
    const cookie = await adminCookie();
    const target = await createUser(ctx.db, { role: 'salesperson' });
    const [before] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    const statuses = await sendEachWay(cookie, `/api/users/${target.id}/reset-password`, '', () => ({
      payload: Buffer.from('{}'),
      headers: { 'content-type': 'application/json' },
    }));
    expectAllRefused(statuses);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.isTemporaryPassword).toBe(false);
  });

  it('still accepts the canonical path and an encoded parameter value', async () => {
    const c = await admin();
    expect((await c.get('/api/users')).statusCode).toBe(200);
    // A merchandise code may need encoding; the route's words may not.
    const cart = await c.get('/api/carts');
    expect(cart.statusCode).toBe(200);
  });
});
