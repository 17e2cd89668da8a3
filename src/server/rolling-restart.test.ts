import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/api';
import { createTestDatabase } from '../../test/db';
import { killLeftovers } from '../../test/processes';
import { freePort, operationsBlock, rollingRestart, SERVER_NAMES, type Proxy } from '../../test/rolling-restart';
import { STARTING_MESSAGE } from './plugins/lifecycle';

/**
 * A rolling restart behind a real proxy loses no request. Three real portal processes on
 * one database, the proxy (Debian's package; .ci/run installs it) in front with the configuration
 * from docs/operations.md, keep-alive clients reading and signing in through it; each server in turn
 * gets SIGTERM and exits 0, and the first two are started again and back in the proxy's rotation
 * before the next one stops (the harness: test/rolling-restart.ts). One test per proxy.
 */
const HAPROXY = '/usr/sbin/haproxy';
const NGINX = '/usr/sbin/nginx';
/**
 * Without a proxy (a newcomer's machine: `apt-get install -y haproxy nginx-light`) its test is skipped
 * with a warning; .ci/run installs both and sets REQUIRE_HAPROXY=1 and REQUIRE_NGINX=1, so in CI a
 * missing proxy fails.
 */
function missing(binary: string, requireVariable: string, install: string): boolean {
  if (existsSync(binary)) return false;
  if (process.env[requireVariable] === '1') throw new Error(`${binary} is missing: apt-get install -y ${install}`);
  console.warn(`rolling-restart.test.ts: the ${install} test is skipped: ${binary} is missing (apt-get install -y ${install})`);
  return true;
}
const haproxyMissing = missing(HAPROXY, 'REQUIRE_HAPROXY', 'haproxy');
const nginxMissing = missing(NGINX, 'REQUIRE_NGINX', 'nginx-light');

let scratch = '';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const proxies: ChildProcess[] = [];
let user: { username: string; password: string };

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'portal-rolling-'));
  database = await createTestDatabase();
  user = await createUser(database.db);
});
afterAll(async () => {
  // The process group: nginx's workers would outlive a killed master.
  for (const proxy of proxies) {
    try {
      process.kill(-proxy.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  killLeftovers();
  await sleep(300);
  await database?.close();
  await rm(scratch, { recursive: true, force: true });
});

function spawnProxy(command: string, args: string[]): () => string {
  let log = '';
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  proxies.push(child);
  return () => log;
}

describe('a rolling restart behind haproxy', () => {
  const CHECK_INTER_MS = 250;

  /** The haproxy block of docs/operations.md with this test's addresses and check interval. */
  function haproxyConfig(frontendPort: number, statsPort: number, servers: Record<string, number>): string {
    let config = operationsBlock('haproxy')
      .replace(/bind 127\.0\.0\.1:8080/, `bind 127.0.0.1:${frontendPort}`)
      .replace(/inter 1s/, `inter ${CHECK_INTER_MS}ms`);
    for (const [name, port] of Object.entries(servers)) {
      config = config.replace(new RegExp(`server ${name} 127\\.0\\.0\\.1:\\d+`), `server ${name} 127.0.0.1:${port}`);
    }
    expect(config).toContain(`inter ${CHECK_INTER_MS}ms`);
    // Test-only: a stats page to see when haproxy has a restarted server back.
    return `${config}\nlisten stats\n    bind 127.0.0.1:${statsPort}\n    stats enable\n    stats uri /stats\n`;
  }

  /** haproxy's view of each backend server: UP, DOWN, ... (stats CSV, column `status`). */
  async function serverStates(statsPort: number): Promise<Record<string, string>> {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[0] === 'portals' && !['FRONTEND', 'BACKEND'].includes(cells[1]!)) states[cells[1]!] = cells[columns.indexOf('status')]!;
    }
    return states;
  }

  it.skipIf(haproxyMissing)('three servers, each stopped in turn under keep-alive load (two started again): no client-visible error', { timeout: 150_000 }, async () => {
    const { failed } = await rollingRestart({
      proxyName: 'haproxy',
      databaseUrl: database.url,
      user,
      scratch,
      readinessDelayMs: 1_500,
      async startProxy(ports): Promise<Proxy> {
        const port = await freePort();
        const statsPort = await freePort();
        const configFile = path.join(scratch, 'haproxy.cfg');
        await writeFile(configFile, haproxyConfig(port, statsPort, ports));
        const log = spawnProxy(HAPROXY, ['-f', configFile, '-db']);
        return {
          port,
          log,
          allIn: async () => Object.values(await serverStates(statsPort)).filter((s) => s === 'UP').length === 3,
          isOut: async (name) => (await serverStates(statsPort))[name] !== 'UP',
          isBack: async (name) => (await serverStates(statsPort))[name] === 'UP',
        };
      },
    });
    expect(failed.slice(0, 20), JSON.stringify(failed.slice(0, 20))).toEqual([]);
  });
});

describe('a rolling restart behind nginx', () => {
  /**
   * The nginx block of docs/operations.md with this test's addresses (plain HTTP on a free port
   * instead of 443 with TLS), inside the main context nginx needs to run in a temporary directory:
   * pid, temporary files and an access log naming the upstream servers each request went to.
   */
  function nginxConfig(dir: string, frontendPort: number, servers: Record<string, number>): string {
    let block = operationsBlock('nginx').replace(/listen 443 ssl;/, `listen 127.0.0.1:${frontendPort};`);
    SERVER_NAMES.forEach((name, i) => {
      block = block.replace(`server 127.0.0.1:${5001 + i} `, `server 127.0.0.1:${servers[name]} `);
    });
    expect(block).toContain(`listen 127.0.0.1:${frontendPort};`);
    for (const name of SERVER_NAMES) expect(block).toContain(`server 127.0.0.1:${servers[name]} `);
    return [
      // As root, nginx's workers would switch to `nobody`, who cannot write into this directory.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 2;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  log_format upstreams '$msec $request_method $uri $status "$upstream_addr" "$upstream_status"';`,
      `  access_log ${dir}/access.log upstreams;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      block,
      '}',
      '',
    ].join('\n');
  }

  it.skipIf(nginxMissing)('three servers, each stopped in turn under keep-alive load (two started again): no failed GET, only the documented POSTs', { timeout: 150_000 }, async () => {
    const dir = path.join(scratch, 'nginx');
    let accessLog = () => '';
    const { failed, summary, windows } = await rollingRestart({
      proxyName: 'nginx',
      databaseUrl: database.url,
      user,
      scratch,
      readinessDelayMs: 0,
      async startProxy(ports): Promise<Proxy> {
        await mkdir(dir, { recursive: true });
        const port = await freePort();
        const configFile = path.join(dir, 'nginx.conf');
        await writeFile(configFile, nginxConfig(dir, port, ports));
        const output = spawnProxy(NGINX, ['-c', configFile, '-p', dir, '-g', 'daemon off;']);
        const log = () => `${output()}\n${readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-4000)}`;
        accessLog = () => (existsSync(path.join(dir, 'access.log')) ? readFileSync(path.join(dir, 'access.log'), 'utf8') : '');
        /** Access-log lines since `sinceMs` whose last upstream attempt went to `name` and answered 200. */
        const servedBy = (name: string, sinceMs: number) =>
          accessLog()
            .split('\n')
            .some((line) => {
              const [, msec, addresses, statuses] = line.match(/^(\S+) .* "([^"]*)" "([^"]*)"$/) ?? [];
              return Number(msec) * 1000 >= sinceMs && addresses?.split(', ').at(-1) === `127.0.0.1:${ports[name]}` && statuses?.split(', ').at(-1) === '200';
            });
        return {
          port,
          log,
          // nginx has no view of its servers but its own attempts: all three answered through it.
          allIn: async () => {
            for (let i = 0; i < 6; i += 1) await fetch(`http://127.0.0.1:${port}/api/health/ready`);
            return SERVER_NAMES.every((name) => servedBy(name, 0));
          },
          // Open-source nginx notices a stopped server only by its next refused connection, retried elsewhere.
          isOut: async () => true,
          isBack: async (name, sinceMs) => servedBy(name, sinceMs),
        };
      },
    });
    // What nginx saw: requests it retried on another server (access log) and why (error log).
    const retried = accessLog()
      .split('\n')
      .filter((line) => line.includes(', '));
    const errors = readFileSync(path.join(dir, 'error.log'), 'utf8');
    const upstreamErrors = errors.split('\n').filter((line) => /upstream/.test(line) && !/temporarily disabled/.test(line));
    const resets = upstreamErrors.filter((line) => /reset by peer|prematurely closed/.test(line)).length;
    console.log(
      `${summary}\nnginx retried ${retried.length} requests on another server, ${resets} after a reset:\n${retried.join('\n')}\n` +
        upstreamErrors.map((line) => line.replace(/, client: .*/, '')).join('\n'),
    );

    // The documented residual (docs/operations.md, nginx): nginx retries a GET that met an error or a
    // 503, never a POST that reached a server. Two kinds of POST may therefore fail, nothing else:
    // - 503 with the starting message, sent while a restarted server was still migrating. nginx sends a
    //   server it has marked failed one request per fail_timeout (one upstream zone for all workers), so
    //   at most floor(starting window / fail_timeout) + 1 per restart;
    // - 502, sent while a stopping server closed its listener and idle connections (a reset, which
    //   nginx logs): at most one per reset in nginx's error log.
    const failTimeoutMs = Number(operationsBlock('nginx').match(/fail_timeout=(\d+)s/)?.[1]) * 1000;
    expect(failTimeoutMs).toBeGreaterThan(0);
    const restarts = windows.filter((w) => w.restarted !== undefined);
    const starting = failed.filter((o) => o.status === 503);
    const reset = failed.filter((o) => o.status === 502);
    expect([...starting, ...reset].length, JSON.stringify(failed)).toBe(failed.length);
    for (const outcome of starting) {
      expect(outcome, JSON.stringify(failed)).toMatchObject({ method: 'POST', message: STARTING_MESSAGE });
      expect(restarts.some((w) => outcome.at >= w.restarted! && outcome.at <= w.ready!), JSON.stringify({ outcome, windows })).toBe(true);
    }
    for (const w of restarts) {
      const inWindow = starting.filter((o) => o.at >= w.restarted! && o.at <= w.ready!).length;
      expect(inWindow, JSON.stringify({ failed, windows })).toBeLessThanOrEqual(Math.floor((w.ready! - w.answering!) / failTimeoutMs) + 1);
    }
    for (const outcome of reset) {
      expect(outcome.method, JSON.stringify(failed)).toBe('POST');
      expect(windows.some((w) => outcome.at >= w.signalled && outcome.at <= w.exited!), JSON.stringify({ outcome, windows })).toBe(true);
    }
    expect(reset.length, JSON.stringify(failed)).toBeLessThanOrEqual(resets);
  });
});
