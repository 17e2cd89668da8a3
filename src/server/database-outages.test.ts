import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { send, signInOverHttp, slowUpload } from '../../test/http';
import { multipartBody } from '../../test/multipart';
import { isAlive, killLeftovers, startPortal, type Spawned } from '../../test/processes';
import { DATABASE_DOWN_MESSAGE } from './plugins/errors';

/**
 * What PostgreSQL does to a connection never ends the portal, and slow
 * uploads do not hold the pool. A real portal process on its own test database,
 * so a crash shows as an exit, not as a failed assertion inside this process.
 */
const dataDir = path.resolve('.tmp', `outages-${process.pid}`);
const admin = { username: 'owner', password: 'Owner-Pass1' };
/** The portal's own: the pool waits at most this long for a connection before answering 503. */
const CONNECT_TIMEOUT_MS = 5_000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let portal: Spawned;
let url: string;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  portal = startPortal({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: 'o'.repeat(40),
    DEMO_DATA: 'false',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  });
  url = (await portal.waitFor(/listening on (http:\/\/\S+)/))[1]!;
  cookie = await signInOverHttp(url, admin, 'admin');
}, 120_000);

afterAll(async () => {
  killLeftovers();
  await portal?.exited;
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What an operator or a PostgreSQL restart does: every backend of the portal's database ends with 57P01. */
async function terminatePortalConnections(except: number[] = []): Promise<number> {
  const { rows } = await database.pool.query<{ terminated: number }>(
    `select count(*)::int as terminated from (
       select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and not (pid = any($1::int[]))) t`,
    [except],
  );
  return rows[0]!.terminated;
}

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectServing() {
  expect(isAlive(portal.child.pid!), portal.output()).toBe(true);
  expect(portal.child.exitCode, portal.output()).toBeNull();
}

const stockCsv = (rows: number, first = 1001) =>
  `id,stockLevel\n${Array.from({ length: rows }, (_, i) => `${first + i},${(i % 50) + 1}`).join('\n')}\n`;

describe('PostgreSQL ends the portal connections', () => {
  it('while they are idle: the portal stays up and the next requests answer 200', { timeout: 30_000 }, async () => {
    expect((await send(url, 'GET', '/api/carts', undefined, cookie)).status).toBe(200);
    expect(await terminatePortalConnections()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expectServing();
    expect((await send(url, 'GET', '/api/carts', undefined, cookie)).status).toBe(200);
    expect((await send(url, 'GET', '/api/health')).status).toBe(200);
  });

  it('during a stock upload with half its body sent: the upload, read before it takes a connection, completes', { timeout: 30_000 }, async () => {
    const upload = slowUpload(url, '/api/stock/upload', cookie, multipartBody([{ filename: 'stock.csv', content: stockCsv(200) }]), {
      firstBytes: 1500,
    });
    // Code that opens its transaction before the body has arrived shows here as "idle in transaction".
    await until(async () => {
      const { rows } = await database.pool.query("select 1 from pg_stat_activity where datname = current_database() and state = 'idle in transaction'");
      return rows.length > 0 ? true : undefined;
    }, 2_000);
    await terminatePortalConnections();
    await new Promise((r) => setTimeout(r, 500));
    expectServing();
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ rows: 200 });
    expectServing();
    expect((await send(url, 'GET', '/api/carts', undefined, cookie)).status).toBe(200);
  });

  it('during a statement: that request answers 503 with Retry-After, the portal stays up, the next ones answer 200', { timeout: 30_000 }, async () => {
    // A lock held from here makes the portal's login wait inside its statement.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      const blockerPid = (await blocker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await blocker.query('begin');
      await blocker.query('lock table users in access exclusive mode');
      const login = send(url, 'POST', '/api/login', admin);
      // Asked outside the blocker's transaction: inside one, PostgreSQL keeps the list of backends it read
      // first, and a login on a connection the portal opened after that read would never be seen waiting.
      const waiting = await until(async () => {
        const { rows } = await database.pool.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        return rows.length > 0 ? true : undefined;
      }, 10_000);
      expect(waiting).toBe(true);
      await terminatePortalConnections([blockerPid]);
      const answer = await login;
      expect(answer.status, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(JSON.parse(answer.body).message).toBe(DATABASE_DOWN_MESSAGE);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    expectServing();
    expect((await send(url, 'POST', '/api/login', admin)).status).toBe(200);
    expect((await send(url, 'GET', '/api/carts', undefined, cookie)).status).toBe(200);
  });
});

describe('slow uploads', () => {
  it('20 uploads trickling their bodies leave the health check, sign-in and carts answering 200', { timeout: 45_000 }, async () => {
    const uploads = Array.from({ length: 20 }, (_, i) =>
      slowUpload(url, '/api/stock/upload', cookie, multipartBody([{ filename: `slow-${i}.csv`, content: stockCsv(100, 3001 + i * 100) }]), {
        firstBytes: 600,
        trickleMs: 200,
      }),
    );
    try {
      // Every upload has started (its session read, its handler running) before the others ask.
      await new Promise((r) => setTimeout(r, 1_500));
      // With the pool (20) held by the uploads these would wait CONNECT_TIMEOUT_MS and answer 503.
      for (const [method, pathname, body, withCookie] of [
        ['GET', '/api/health', undefined, ''],
        // A sign-in of its own: one with this cookie would replace the uploads' session.
        ['POST', '/api/login', admin, ''],
        ['GET', '/api/carts', undefined, cookie],
      ] as const) {
        const answer = await send(url, method, pathname, body, withCookie);
        expect(answer.status, `${method} ${pathname}: ${answer.body}`).toBe(200);
      }
      uploads.forEach((u) => u.finish());
      const answers = await Promise.all(uploads.map((u) => u.answer));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    } finally {
      uploads.forEach((u) => u.abort());
    }
    expectServing();
  });
});
