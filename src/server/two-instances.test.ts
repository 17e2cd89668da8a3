import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient } from '../../test/api';
import { samplePdf, uploadForm } from '../../test/sample-files';
import { createTestDatabase } from '../../test/db';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import type { FastifyInstance } from 'fastify';

/** DESIGN.md "Beyond one machine": app servers keep no state of their own. */
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

  it('share sessions: signed in through one, known to the other, signed out everywhere', async () => {
    const user = await createUser(database.db);
    const headers = { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' };
    const login = await first.inject({ method: 'POST', url: '/api/login', headers, payload: { username: user.username, password: user.password } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await second.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(user.username);

    await second.inject({ method: 'POST', url: '/api/logout', headers: { ...headers, cookie }, payload: {} });
    expect((await first.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
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
});
