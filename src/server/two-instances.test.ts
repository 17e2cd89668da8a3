import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient } from '../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../test/cart-fixtures';
import { samplePdf, uploadForm } from '../../test/sample-files';
import { createTestDatabase } from '../../test/db';
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { sessions } from './db/schema';
import { loadConfig } from './config';
import type { Database } from './db/client';
import type { FastifyInstance } from 'fastify';

/** docs/architecture.md "Beyond one machine": app servers keep no state of their own. */
describe('two app servers on one database', () => {
  let database: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const deps = { db: database.db, config, sessionSecret: 's'.repeat(48), logger: false };
    first = await buildApp(deps);
    second = await buildApp(deps);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('share sessions: signed in through one, known to the other, signed out everywhere at once (ADR 0176)', async () => {
    const user = await createUser(database.db);
    const headers = { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' };
    const login = await first.inject({ method: 'POST', url: '/api/login', headers, payload: { username: user.username, password: user.password } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await second.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(user.username);

    // Both servers have just served this session; logging out through one ends it on the other with no delay.
    expect((await first.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await second.inject({ method: 'POST', url: '/api/logout', headers: { ...headers, cookie }, payload: {} })).statusCode).toBe(200);
    expect((await first.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect((await second.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuse at once, on the next request, a session whose row is gone', async () => {
    const user = await createUser(database.db);
    const viaFirst = await new TestClient(first).signInAs(user);
    const viaSecond = await new TestClient(second).signInAs(user);
    expect((await viaFirst.get('/api/user')).statusCode).toBe(200);
    expect((await viaSecond.get('/api/user')).statusCode).toBe(200);
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));
    // Deleted by hand in SQL: each server drops what it kept once it hears the change (ADR 0232b).
    await Promise.all([first.sessionChangesHeard(), second.sessionChangesHeard()]);
    expect((await viaFirst.get('/api/user')).statusCode).toBe(401);
    expect((await viaSecond.get('/api/user')).statusCode).toBe(401);
  });

  it('end a session on the other server at once after a password reset or a deletion by an admin', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const reset = await createUser(database.db);
    const deleted = await createUser(database.db);
    const adminClient = await new TestClient(first).signInAs(admin, 'admin');
    const resetClient = await new TestClient(second).signInAs(reset);
    const deletedClient = await new TestClient(second).signInAs(deleted);
    // The second server has just served both sessions.
    expect((await resetClient.get('/api/user')).statusCode).toBe(200);
    expect((await deletedClient.get('/api/user')).statusCode).toBe(200);

    expect((await adminClient.post(`/api/users/${reset.id}/reset-password`)).statusCode).toBe(200);
    expect((await adminClient.delete(`/api/users/${deleted.id}`)).statusCode).toBe(200);
    expect((await resetClient.get('/api/user')).statusCode).toBe(401);
    expect((await deletedClient.get('/api/user')).statusCode).toBe(401);
  });

  it('see a role change made through the other server on the next request', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const person = await createUser(database.db, { role: 'salesperson' });
    const adminClient = await new TestClient(first).signInAs(admin, 'admin');
    const client = await new TestClient(second).signInAs(person);
    expect((await client.get('/api/products')).statusCode).toBe(200);
    expect((await adminClient.patch(`/api/users/${person.id}`, { role: 'bold_customer' })).statusCode).toBe(200);
    expect((await client.get('/api/user')).json().role).toBe('bold_customer');
  });

  it('share login throttles', async () => {
    const user = await createUser(database.db);
    const headers = { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' };
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? first : second;
      await app.inject({ method: 'POST', url: '/api/login', headers, payload: { username: user.username, password: 'Wrong123' } });
    }
    const locked = await first.inject({ method: 'POST', url: '/api/login', headers, payload: { username: user.username, password: user.password } });
    expect(locked.statusCode).toBe(429);
  });

  it('share files: uploaded through one, downloaded byte for byte through the other', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const viewer = await createUser(database.db, { role: 'bold_customer' });
    const uploader = await new TestClient(first).signInAs(admin, 'admin');
    const pdf = await samplePdf('Shared');
    const uploaded = await uploader.request({ method: 'POST', url: '/api/files', payload: uploadForm({ data: pdf, filename: 'shared.pdf' }) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const reader = await new TestClient(second).signInAs(viewer);
    const download = await reader.get(uploaded.json().url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('share carts: an item added through one is in the cart read through the other', async () => {
    await insertCatalogue(database.db);
    const user = await createUser(database.db, { role: 'bold_customer' });
    const viaFirst = await new TestClient(first).signInAs(user);
    const viaSecond = await new TestClient(second).signInAs(user);
    const cart = await activeCart(viaFirst);
    await Promise.all([
      viaFirst.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 }),
      viaSecond.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 3 }),
    ]);
    const seen = await activeCart(viaSecond);
    expect(seen.id).toBe(cart.id);
    expect(seen.items).toEqual([expect.objectContaining({ productId: CATALOGUE.plenty.id, quantity: 5 })]);
  });
});
