import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { startPortal, type Spawned } from './processes';

/**
 * The harness of the rolling-restart tests (src/server/rolling-restart.test.ts): three
 * real portal processes on one database behind a proxy, keep-alive clients signing in and reading
 * through it; each server in turn gets SIGTERM and must exit 0, and the first two are started again
 * and back in the proxy's rotation before the next one stops. Each proxy's test supplies the proxy.
 */
export const WORKERS = 6;
export const SERVER_NAMES = ['a', 'b', 'c'] as const;

/** What the test needs from a proxy in front of the three servers. */
export interface Proxy {
  port: number;
  /** The proxy sends requests to every server. */
  allIn(): Promise<boolean>;
  /** The proxy no longer sends new requests to this (stopped) server. */
  isOut(name: string): Promise<boolean>;
  /** The proxy sends requests to this restarted server again (`sinceMs`: when it was restarted). */
  isBack(name: string, sinceMs: number): Promise<boolean>;
  /** The proxy's own output, for a failure message. */
  log(): string;
}

export interface Outcome {
  method: string;
  path: string;
  /** ms since the first portal started. */
  at: number;
  status?: number;
  /** The `message` of a JSON answer other than 200. */
  message?: string;
  error?: string;
}

export interface RollingRestartResult {
  outcomes: Outcome[];
  failed: Outcome[];
  timeline: string[];
  shutdowns: { name: string; ms: number; during: number }[];
  /**
   * For each server, ms since the start: SIGTERM; exited; started again; its first answer (listening, readiness 503
   * while it migrates); ready (readiness 200; the portal prints "listening on" just after); back in the
   * proxy's rotation.
   */
  windows: { name: string; signalled: number; exited?: number; restarted?: number; answering?: number; ready?: number; back?: number }[];
  summary: string;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A fenced block (```haproxy, ```nginx) of docs/operations.md. */
export function operationsBlock(language: string): string {
  const doc = readFileSync(path.resolve('docs/operations.md'), 'utf8');
  const block = doc.match(new RegExp('```' + language + '\\n([\\s\\S]*?)```'))?.[1];
  if (!block) throw new Error(`docs/operations.md has no ${language} block`);
  return block;
}

export async function until(check: () => Promise<boolean>, what: string, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\nproxy: ${log()}`);
    await sleep(50);
  }
}

/** One request on the worker's own keep-alive connection to the proxy. */
function send(
  agent: Agent,
  port: number,
  method: string,
  pathname: string,
  body?: unknown,
  cookie = '',
): Promise<{ status: number; cookie: string; message?: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        agent,
        headers: {
          cookie,
          'x-request-timestamp': String(Date.now()),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        if (res.statusCode === 200) res.resume();
        else res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let message: string | undefined;
          try {
            message = text ? (JSON.parse(text) as { message?: string }).message : undefined;
          } catch {
            message = text.slice(0, 80);
          }
          resolve({ status: res.statusCode ?? 0, cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '), message });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Polls a restarted server's own readiness: when it first answers (it listens) and when it is ready. */
async function watchReadiness(port: number, t0: number, window: { answering?: number; ready?: number }): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const status = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status && window.answering === undefined) window.answering = Date.now() - t0;
    if (status === 200) {
      window.ready = Date.now() - t0;
      return;
    }
    await sleep(20);
  }
}

export interface RollingRestartOptions {
  proxyName: string;
  databaseUrl: string;
  user: { username: string; password: string };
  scratch: string;
  readinessDelayMs: number;
  startProxy(ports: Record<string, number>): Promise<Proxy>;
}

/** Runs the rolling restart under load; the caller asserts on the outcomes. */
export async function rollingRestart(options: RollingRestartOptions): Promise<RollingRestartResult> {
  const { user } = options;
  const t0 = Date.now();
  const timeline: string[] = [];
  const outcomes: Outcome[] = [];
  const mark = (what: string) => timeline.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what} (${outcomes.length} requests)`);
  const serverEnv = (name: string, port: number): Record<string, string> => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    SESSION_SECRET: 'r'.repeat(48),
    DATA_DIR: path.join(options.scratch, `${options.proxyName}-${name}`),
    DEMO_DATA: 'false',
    SHUTDOWN_READINESS_DELAY_MS: String(options.readinessDelayMs),
  });
  const names = [...SERVER_NAMES];
  const ports: Record<string, number> = {};
  for (const name of names) ports[name] = await freePort();
  const portals: Record<string, Spawned> = {};
  for (const name of names) portals[name] = startPortal(serverEnv(name, ports[name]!));
  await Promise.all(names.map((name) => portals[name]!.waitFor(/listening on/)));

  const proxy = await options.startProxy(ports);
  await until(() => proxy.allIn(), 'the proxy sends to all three', proxy.log);
  mark(`${options.proxyName} sends to all three`);

  // Keep-alive load: each worker signs in, then reads, and signs in again now and then.
  let stop = false;
  const worker = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let cookie = '';
    for (let i = 0; !stop; i += 1) {
      const login = i % 40 === 0;
      const method = login ? 'POST' : 'GET';
      const pathname = login ? '/api/login' : i % 2 ? '/api/user' : '/api/carts';
      const at = Date.now() - t0;
      try {
        const answer = login
          ? await send(agent, proxy.port, 'POST', pathname, { username: user.username, password: user.password })
          : await send(agent, proxy.port, 'GET', pathname, undefined, cookie);
        if (login && answer.cookie) cookie = answer.cookie;
        outcomes.push({ method, path: pathname, at, status: answer.status, ...(answer.status === 200 ? {} : { message: answer.message }) });
      } catch (error) {
        outcomes.push({ method, path: pathname, at, error: (error as NodeJS.ErrnoException).code ?? String(error) });
      }
      await sleep(5);
    }
    agent.destroy();
  };
  const workers = Array.from({ length: WORKERS }, worker);

  const shutdowns: RollingRestartResult['shutdowns'] = [];
  const windows: RollingRestartResult['windows'] = [];
  try {
    await until(async () => outcomes.length >= 100, 'the load is flowing', proxy.log);
    for (const name of names) {
      const before = outcomes.length;
      const signalledAt = Date.now();
      const window: RollingRestartResult['windows'][number] = { name, signalled: signalledAt - t0 };
      windows.push(window);
      mark(`SIGTERM to ${name}`);
      portals[name]!.child.kill('SIGTERM');
      const code = await portals[name]!.exited;
      window.exited = Date.now() - t0;
      expect(code, portals[name]!.output()).toBe(0);
      shutdowns.push({ name, ms: Date.now() - signalledAt, during: outcomes.length - before });
      await until(() => proxy.isOut(name), `${name} is out`, proxy.log);

      mark(`${name} exited and is out`);
      // The last one stays stopped: its restart would be the same as the others', and the test shorter.
      if (name === names.at(-1)) break;
      const restartedAt = Date.now();
      window.restarted = restartedAt - t0;
      portals[name] = startPortal(serverEnv(name, ports[name]!));
      const readiness = watchReadiness(ports[name]!, t0, window);
      await portals[name]!.waitFor(/listening on/);
      await readiness;
      mark(`${name} restarted (listening at ${window.answering} ms, ready at ${window.ready} ms)`);
      await until(() => proxy.isBack(name, restartedAt), `${name} is back`, proxy.log);
      window.back = Date.now() - t0;
      mark(`${name} is back in ${options.proxyName}'s rotation`);
    }
    // The load goes on, on the two that remain.
    const total = outcomes.length;
    await until(async () => outcomes.length >= total + 100, 'more load after the last restart', proxy.log);
  } finally {
    stop = true;
    await Promise.all(workers);
  }

  const failed = outcomes.filter((o) => o.error !== undefined || o.status !== 200);
  const kinds = new Map<string, number>();
  for (const o of failed) {
    const kind = `${o.method} ${o.error ?? o.status}${o.message ? ` "${o.message}"` : ''}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const summary =
    `rolling restart through ${options.proxyName} (SHUTDOWN_READINESS_DELAY_MS=${options.readinessDelayMs}): ` +
    `${outcomes.length} requests (${outcomes.filter((o) => o.method === 'POST').length} POST), ${failed.length} failed` +
    (kinds.size ? ` [${[...kinds].map(([kind, n]) => `${n}× ${kind}`).join('; ')}]` : '') +
    `; ${shutdowns.map((s) => `${s.name} stopped in ${s.ms} ms (${s.during} requests meanwhile)`).join(', ')}`;
  console.log(`${timeline.join('\n')}\n${summary}`);

  expect(outcomes.filter((o) => o.method === 'POST').length).toBeGreaterThan(WORKERS);
  for (const name of names.slice(0, -1)) portals[name]!.child.kill('SIGTERM');
  for (const name of names.slice(0, -1)) expect(await portals[name]!.exited).toBe(0);
  return { outcomes, failed, timeline, shutdowns, windows, summary };
}
