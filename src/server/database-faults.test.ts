import type { FastifyInstance } from 'fastify';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/api';
import { createTestDatabase } from '../../test/db';
import { buildApp } from './app';
import { loadConfig } from './config';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './db/client';
import { databaseUnavailable } from './lib/pg-errors';
import { DATABASE_DOWN_MESSAGE, DATABASE_TIMEOUT_MESSAGE } from './plugins/errors';

/**
 * Database down or hung: requests answer 503 with Retry-After
 * (never 500, never waiting for ever) and recover without a restart. A TCP
 * proxy in front of the real test database plays the failures: `down` refuses
 * connections and cuts the open ones, `hung` accepts and never answers.
 */
function databaseProxy(target: URL) {
  let mode: 'pass' | 'down' | 'hung' = 'pass';
  /** Open connections stay open but nothing passes any more: a server that stopped (SIGSTOP, a stuck disk). */
  let frozen = false;
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => undefined);
        if (mode === 'hung') return;
        const upstream = connect(Number(target.port), target.hostname);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('data', (chunk: Buffer) => !frozen && upstream.write(chunk));
        upstream.on('data', (chunk: Buffer) => !frozen && client.write(chunk));
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => resolve((port = (server!.address() as AddressInfo).port)));
    });
  const cut = () => sockets.forEach((s) => s.destroy());
  return {
    listen,
    freeze() {
      frozen = true;
    },
    /** Lets bytes through again on the connections that stayed open (what was sent meanwhile is lost). */
    thaw() {
      frozen = false;
    },
    async set(next: 'pass' | 'down' | 'hung') {
      cut();
      frozen = false;
      mode = next;
      if (next === 'down') await new Promise((r) => server?.close(r));
      else if (!server?.listening) await listen();
    },
    close() {
      cut();
      server?.close();
    },
  };
}

const config = loadConfig({ LOG_LEVEL: 'silent' });
const headers = { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: ReturnType<typeof databaseProxy>;
let proxied: Database;
let viaProxyUrl: string;
let app: FastifyInstance;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  database = await createTestDatabase();
  user = await createUser(database.db);
  const url = new URL(database.url);
  proxy = databaseProxy(url);
  const port = await proxy.listen();
  const viaProxy = new URL(database.url);
  viaProxy.port = String(port);
  viaProxyUrl = viaProxy.toString();
  // Timeouts set low for the test (production defaults: 5 s to connect, 15 s per statement).
  proxied = openDatabase(viaProxy.toString(), { max: 3, connectTimeoutMs: 500, statementTimeoutMs: 500, queryTimeoutMs: 3_000 });
  app = await buildApp({ db: proxied.db, config, sessionSecret: 'd'.repeat(48), logger: false });
});
afterAll(async () => {
  await app.close();
  proxy.close();
  await proxied.close();
  await database.close();
});

const login = () => app.inject({ method: 'POST', url: '/api/login', headers, payload: { username: user.username, password: user.password } });

describe('database faults answer 503 with Retry-After', () => {
  it('database down: 503 with a clear message, /api/health 503, and back to normal when it returns', async () => {
    expect((await login()).statusCode).toBe(200);
    await proxy.set('down');
    const response = await login();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().message).toBe(DATABASE_DOWN_MESSAGE);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    await proxy.set('pass');
    expect((await login()).statusCode).toBe(200);
  });

  it('database hung: the connection timeout fires and the request answers 503 instead of waiting', async () => {
    await proxy.set('hung');
    // The pool drops its cut connections; from then on every query needs a new one from the hung server.
    while (proxied.pool.idleCount > 0) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    const response = await login();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().message).toBe(DATABASE_TIMEOUT_MESSAGE);
    expect(Date.now() - started).toBeLessThan(10_000);
    await proxy.set('pass');
    expect((await login()).statusCode).toBe(200);
  });

  it('database frozen under open connections: the client-side query timeout answers 503', async () => {
    expect((await login()).statusCode).toBe(200);
    expect(proxied.pool.idleCount).toBeGreaterThan(0);
    proxy.freeze();
    const started = Date.now();
    const response = await login();
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().message).toBe(DATABASE_TIMEOUT_MESSAGE);
    expect(Date.now() - started).toBeLessThan(10_000);
    await proxy.set('pass');
    // The frozen connections are gone with the cut; new ones work.
    while (proxied.pool.totalCount > 0) await new Promise((r) => setTimeout(r, 20));
    expect((await login()).statusCode).toBe(200);
  });

  it('a statement running past statement_timeout is cancelled and answers 503', async () => {
    // Another session holds the users table, so the login's lookup waits until the timeout cancels it.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table users in access exclusive mode');
    try {
      const response = await login();
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().message).toBe(DATABASE_TIMEOUT_MESSAGE);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    expect((await login()).statusCode).toBe(200);
  });
});

describe('what a fault leaves behind', () => {
  it('transactions whose BEGIN times out on a frozen server give their pool places back: the pool serves after the thaw', async () => {
    const small = openDatabase(viaProxyUrl, { max: 2, connectTimeoutMs: 500, queryTimeoutMs: 500 });
    try {
      // Two open connections, then the freeze: each BEGIN on them waits for an answer that never comes.
      await Promise.all([small.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.1)`)), small.db.transaction((tx) => tx.execute(sql`select 1`))]);
      expect(small.pool.totalCount).toBe(2);
      proxy.freeze();
      const failures = await Promise.allSettled(Array.from({ length: 4 }, () => small.db.transaction((tx) => tx.execute(sql`select 1`))));
      for (const failure of failures) {
        expect(failure.status).toBe('rejected');
        expect(databaseUnavailable((failure as PromiseRejectedResult).reason)).toBe('timeout');
      }
      proxy.thaw();
      // Leaked places would leave every later transaction waiting for a connection until its timeout.
      expect((await small.db.transaction((tx) => tx.execute<{ one: number }>(sql`select 1 as one`))).rows).toEqual([{ one: 1 }]);
      expect(small.pool.totalCount).toBeLessThanOrEqual(2);
    } finally {
      proxy.thaw();
      await small.close();
    }
  });

  it('/api/health answers 200 while every pooled connection is held, where a request answers 503', async () => {
    const held = await Promise.all(Array.from({ length: 3 }, () => proxied.pool.connect()));
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(200);
      const response = await login();
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().message).toBe(DATABASE_TIMEOUT_MESSAGE);
    } finally {
      held.forEach((client) => client.release());
    }
    expect((await login()).statusCode).toBe(200);
  });
});
