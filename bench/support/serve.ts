/**
 * A server process for the benchmarks, so the load generator and the browser do
 * not share its event loop and its peak RSS is its own.
 *   BENCH_MODE=app  the portal (DATABASE_URL, PORT, CLIENT_DIR optional)
 *   BENCH_MODE=bare a bare node:http server sending BENCH_BODY_FILE with BENCH_HEADERS (JSON)
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createLifecycle } from '../../src/server/lifecycle';
import { BENCH_POOL_SIZE } from './database';

const port = Number(process.env.PORT);

if (process.env.BENCH_MODE === 'bare') {
  const body = readFileSync(process.env.BENCH_BODY_FILE!);
  const headers = JSON.parse(process.env.BENCH_HEADERS ?? '{}') as Record<string, string>;
  http
    .createServer((request, response) => {
      response.writeHead(200, { ...headers, 'content-length': body.length });
      response.end(body);
    })
    .listen(port, '127.0.0.1', () => console.log('ready'));
} else {
  const database = openDatabase(process.env.DATABASE_URL!, { max: BENCH_POOL_SIZE });
  // LOGIN_HASH_CONCURRENCY passes through for bench/login-flood.ts (its uncapped reference run).
  const hashCap = process.env.LOGIN_HASH_CONCURRENCY ? { LOGIN_HASH_CONCURRENCY: process.env.LOGIN_HASH_CONCURRENCY } : {};
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/bench-data', PORT: String(port), ...hashCap });
  // Started as main.ts starts the portal: listen, then the start-up tasks (the catalogue built, ADR 0200), then ready.
  const lifecycle = createLifecycle();
  // BENCH_SESSION_CACHE=off: every request reads its session row (ADR 0176), for bench/contract-prices.ts's comparison.
  const sessionCache = process.env.BENCH_SESSION_CACHE !== 'off';
  const app = await buildApp({ db: database.db, config, sessionSecret: 'b'.repeat(48), logger: false, clientDir: process.env.CLIENT_DIR || undefined, lifecycle, sessionCache });
  await app.listen({ port, host: '127.0.0.1' });
  await lifecycle.markReady();
  console.log('ready');
  process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
}
