import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { createUser } from '../../test/api';
import { BODY_TOO_SLOW_MESSAGE } from './plugins/body-deadline';
import { STARTING_MESSAGE } from './plugins/lifecycle';

/**
 * ADR 0171 against a listening server and real sockets (app.inject has no sockets,
 * no timeouts and no keep-alive): readiness by phase, the drain's `Connection: close`,
 * the request timeout against a slow body, and a 413 the client can read.
 */
const REQUEST_TIMEOUT_MS = 1_500;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
});

/** The real app on a real port; with a lifecycle it starts as main.ts starts it, not ready. */
async function listening(lifecycle?: Lifecycle, env: Record<string, string> = { HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) }): Promise<number> {
  return Number(new URL(await (await listeningApp(lifecycle, env)).listen({ port: 0, host: '127.0.0.1' })).port);
}

async function listeningApp(lifecycle: Lifecycle | undefined, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', ...env });
  const app = await buildApp({ db: database.db, config, sessionSecret: 'x'.repeat(48), logger: false, lifecycle });
  apps.push(app);
  return app;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 answer with a Content-Length from what a socket has received so far. */
function parseAnswer(received: string): RawAnswer | undefined {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...headerLines] = received.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const length = Number(headers['content-length'] ?? 0);
  const body = received.slice(end + 4);
  if (Buffer.byteLength(body) < length) return undefined;
  return { status: Number(statusLine?.split(' ')[1]), headers, body: body.slice(0, length) };
}

/** A keep-alive socket that sends raw requests and reads answers one at a time. */
function rawClient(port: number): { socket: Socket; next(): Promise<RawAnswer>; closed: Promise<{ error?: string; at: number }> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    waiting?.();
  });
  const closed = new Promise<{ error?: string; at: number }>((resolve) => {
    let error: string | undefined;
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ error, at: Date.now() }));
  });
  return {
    socket,
    closed,
    next: () =>
      new Promise((resolve, reject) => {
        const check = () => {
          const answer = parseAnswer(received);
          if (!answer) return;
          waiting = undefined;
          received = received.slice(received.indexOf('\r\n\r\n') + 4 + Buffer.byteLength(answer.body));
          resolve(answer);
        };
        waiting = check;
        void closed.then(({ error }) => reject(new Error(`closed before an answer (${error ?? 'no error'}): ${received.slice(0, 200)}`)));
        check();
      }),
  };
}

function get(pathname: string): string {
  return `GET ${pathname} HTTP/1.1\r\nHost: portal\r\n\r\n`;
}

describe('readiness, liveness and the drain', () => {
  it('starting: readiness and the API answer 503, liveness 200; ready: 200; draining: readiness 503 and every answer closes its connection', async () => {
    const lifecycle = createLifecycle();
    const port = await listening(lifecycle);
    const client = rawClient(port);
    client.socket.write(get('/api/health/ready'));
    expect(await client.next()).toMatchObject({ status: 503, body: JSON.stringify({ status: 'starting', database: 'unchecked' }) });
    client.socket.write(get('/api/health'));
    expect((await client.next()).status).toBe(200);
    client.socket.write(get('/api/products'));
    const starting = await client.next();
    expect(starting).toMatchObject({ status: 503, body: JSON.stringify({ message: STARTING_MESSAGE }) });
    expect(starting.headers['retry-after']).toBe('1');
    // A browser opening a page meanwhile gets the sentence as a page that reloads itself, not JSON.
    client.socket.write(`GET /stock HTTP/1.1\r\nHost: portal\r\nAccept: text/html,application/xhtml+xml\r\n\r\n`);
    const page = await client.next();
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(STARTING_MESSAGE);
    expect(page.body).toContain('http-equiv="refresh"');

    await lifecycle.markReady();
    client.socket.write(get('/api/health/ready'));
    const ready = await client.next();
    expect(ready).toMatchObject({ status: 200, body: JSON.stringify({ status: 'ready', database: 'ok' }) });
    expect(ready.headers.connection).toBe('keep-alive');

    lifecycle.drain();
    client.socket.write(get('/api/health/ready'));
    const draining = await client.next();
    expect(draining).toMatchObject({ status: 503, body: JSON.stringify({ status: 'draining', database: 'unchecked' }) });
    expect(draining.headers.connection).toBe('close');
    expect((await client.closed).error).toBeUndefined();

    const liveness = rawClient(port);
    liveness.socket.write(get('/api/health'));
    const alive = await liveness.next();
    expect(alive.status).toBe(200);
    expect(alive.headers.connection).toBe('close');
    await liveness.closed;
  });

  it('readiness answers 503 when the database does not answer, as /api/health does', async () => {
    const unreachable = openDatabase('postgres://portal:x@127.0.0.1:1/portal', { max: 1, connectTimeoutMs: 1_000 });
    const ready: Lifecycle = { phase: 'ready', whenPrepared: () => undefined, markReady: async () => undefined, drain: () => undefined };
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' });
    const down = await buildApp({ db: unreachable.db, config, sessionSecret: 'x'.repeat(48), logger: false, lifecycle: ready });
    try {
      const readiness = await down.inject({ method: 'GET', url: '/api/health/ready' });
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toEqual({ status: 'unavailable', database: 'down' });
      expect((await down.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await down.close();
      await unreachable.close();
    }
  });
});

describe('HTTP limits on a real socket', () => {
  let port = 0;
  beforeAll(async () => {
    port = await listening();
  });

  it('a body sent one byte a second is cut off at the request timeout with 408', { timeout: 20_000 }, async () => {
    const client = rawClient(port);
    const started = Date.now();
    client.socket.write(
      'POST /api/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 200\r\n' +
        `X-Request-Timestamp: ${Date.now()}\r\n\r\n{`,
    );
    const drip = setInterval(() => client.socket.writable && client.socket.write(' '), 1_000);
    try {
      const answer = await client.next();
      const { at } = await client.closed;
      expect(answer.status).toBe(408);
      // Node checks every quarter of the timeout here (app.ts), so the cut comes between 1x and 1.25x, plus scheduling.
      expect(at - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(at - started).toBeLessThan(REQUEST_TIMEOUT_MS * 1.25 + 1_000);
    } finally {
      clearInterval(drip);
    }
  });

  it('a 5 MB JSON body to /api/login gets a 413 with a message that the client reads, and the connection stays usable', { timeout: 30_000 }, async () => {
    const client = rawClient(port);
    const body = Buffer.alloc(5 * 1024 * 1024, ' ');
    client.socket.write(
      'POST /api/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nX-Request-Timestamp: ${Date.now()}\r\n\r\n`,
    );
    const written = new Promise<void>((resolve, reject) => client.socket.write(body, (error) => (error ? reject(error) : resolve())));
    const answer = await client.next();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request is too large' });
    await written;
    // The rest of the body was read and thrown away: the same socket carries the next request.
    client.socket.write(get('/api/health'));
    expect((await client.next()).status).toBe(200);
    client.socket.end();
    expect((await client.closed).error).toBeUndefined();
  });
});

describe('short body deadlines for everything but file uploads (docs/decisions/0202)', () => {
  const BODY_TIMEOUT_MS = 2_000;
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    // The upload limit stays the default 120 s: only the body deadline can cut these requests within the test.
    app = await listeningApp(undefined, { HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) });
    port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
  });

  /** Sends headers and the first bytes, then one more byte every `everyMs` until the socket closes. */
  function trickle(head: string, first: string, everyMs: number) {
    const client = rawClient(port);
    client.socket.write(head + first);
    const drip = setInterval(() => client.socket.writable && client.socket.write(' '), everyMs);
    void client.closed.then(() => clearInterval(drip));
    return { client, stop: () => clearInterval(drip) };
  }

  const loginHead = (extra = `X-Request-Timestamp: ${Date.now()}\r\n`) =>
    `POST /api/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 200\r\n${extra}\r\n`;

  it('a login body sent one byte every 3 s gets a 408 with a sentence and a closed connection at the body deadline', { timeout: 20_000 }, async () => {
    const started = Date.now();
    const { client, stop } = trickle(loginHead(), '{', 3_000);
    try {
      const answer = await client.next();
      const { at } = await client.closed;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({ message: BODY_TOO_SLOW_MESSAGE });
      expect(answer.headers.connection).toBe('close');
      expect(at - started).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
      expect(at - started).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
    } finally {
      stop();
    }
  });

  it('a body refused before it is read (no X-Request-Timestamp) is answered at once, and the rest may not trickle on', { timeout: 20_000 }, async () => {
    const started = Date.now();
    const { client, stop } = trickle(loginHead(''), '{', 1_000);
    try {
      const answer = await client.next();
      expect(answer.status).toBe(403);
      expect(Date.now() - started).toBeLessThan(BODY_TIMEOUT_MS);
      const { at } = await client.closed;
      expect(at - started).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
    } finally {
      stop();
    }
  });

  it('a file upload being read keeps the long limit: still open at twice the body deadline', { timeout: 20_000 }, async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-request-timestamp': String(Date.now()) },
      payload: { username: admin.username, password: admin.password },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const role = await app.inject({ method: 'POST', url: '/api/session/role', headers: { cookie, 'x-request-timestamp': String(Date.now()) }, payload: { role: 'admin' } });
    expect(role.statusCode).toBe(200);
    const boundary = 'portal-test-boundary';
    const head =
      `POST /api/files HTTP/1.1\r\nHost: portal\r\nCookie: ${cookie}\r\nX-Request-Timestamp: ${Date.now()}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n`;
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const { client, stop } = trickle(head, part, 1_000);
    let closedAt: number | undefined;
    void client.closed.then(({ at }) => (closedAt = at));
    await new Promise((resolve) => setTimeout(resolve, 2 * BODY_TIMEOUT_MS));
    stop();
    expect(closedAt).toBeUndefined();
    client.socket.destroy();
  });
});
