/**
 * The activity log at a million rows: seeds 1,000,000 activity rows written
 * by 300 users over about two years, then times GET /api/admin/activity-logs for the
 * screen's usual questions (newest page, deeper pages, type, user, date range, search)
 * and a 100,000-row CSV export, through the real app (buildApp + inject).
 *
 *   npm run bench -- activity        (about 2 minutes; ROWS=200000 for a quicker look)
 */
import { sql } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { ensureDatabase, startEmbeddedPostgres } from '../src/server/db/embedded';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/lib/password-hash';
import { seedActivity } from './support/seed-activity';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 25);
const dir = path.resolve('.tmp', `bench-activity-${process.pid}`);

const server = await startEmbeddedPostgres(dir, { persistent: false });
await ensureDatabase(server.url('postgres'), 'bench');
const database = openDatabase(server.url('bench'), { max: 10 });
const { db } = database;

try {
  await migrateDatabase(db);
  const adminPassword = 'Bench-Admin-1';
  await db.insert(users).values({ username: 'benchadmin', passwordHash: await hashPassword(adminPassword), role: 'admin', isTemporaryPassword: false });

  let started = performance.now();
  await seedActivity(db, ROWS);
  await db.execute(sql`vacuum analyze activity_logs`);
  await db.execute(sql`analyze users`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const sizeRows = (await db.execute(sql`select pg_size_pretty(pg_total_relation_size('activity_logs')) as size`)).rows;
  const size = String(sizeRows[0]?.size);
  console.log(`seeded ${ROWS.toLocaleString('en-US')} activity rows in ${seconds} s (table with indexes: ${size})`);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'app') });
  const app = await buildApp({ db, config, sessionSecret: 'b'.repeat(48), logger: false });
  await app.ready();
  const stamp = () => ({ 'x-request-timestamp': String(Date.now()) });
  const login = await app.inject({ method: 'POST', url: '/api/login', headers: stamp(), payload: { username: 'benchadmin', password: adminPassword } });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await app.inject({ method: 'POST', url: '/api/session/role', headers: { ...stamp(), cookie }, payload: { role: 'admin' } });

  const oneUser = Number((await db.execute(sql`select id from users where username like 'cara%' limit 1`)).rows[0]?.id);
  const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
  const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
  const scenarios: [string, string][] = [
    ['newest page', ''],
    ['page 50', 'page=50'],
    ['page 500 (offset 9,980)', 'page=500'],
    ['type login', 'type=login'],
    ['type password_changed (rare)', 'type=password_changed'],
    ['one user', `userId=${oneUser}`],
    ['last 7 days', `from=${encodeURIComponent(weekAgo)}`],
    ['search "logged" (common)', 'search=logged'],
    ['search "smith" (usernames)', 'search=smith'],
    ['search "SKU 2954" (rare)', `search=${encodeURIComponent('SKU 2954')}`],
    ['search "zzqx" (no match)', 'search=zzqx'],
    ['search "smith" + type login', 'search=smith&type=login'],
    ['search "marble" + last 30 days', `search=marble&from=${encodeURIComponent(monthAgo)}`],
  ];

  const time = async (url: string) => {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - t0;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return { ms, body: response.body };
  };
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

  console.log(`\nGET /api/admin/activity-logs, ${RUNS} runs each after 2 warm-ups (ms)`);
  console.log(`${'scenario'.padEnd(34)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  shown`);
  for (const [name, query] of scenarios) {
    const url = `/api/admin/activity-logs${query ? `?${query}` : ''}`;
    await time(url);
    const { body } = await time(url);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i += 1) samples.push((await time(url)).ms);
    samples.sort((a, b) => a - b);
    const page = JSON.parse(body) as { logs: unknown[]; total: number; totalIsCapped: boolean };
    const shown = `Showing ${page.logs.length} of ${page.total.toLocaleString('en-US')}${page.totalIsCapped ? '+' : ''}`;
    console.log(`${name.padEnd(34)} ${pct(samples, 50).toFixed(1).padStart(7)} ${pct(samples, 95).toFixed(1).padStart(7)} ${samples.at(-1)!.toFixed(1).padStart(7)}  ${shown}`);
  }

  started = performance.now();
  const exported = await time('/api/admin/activity-logs/export');
  const lines = exported.body.split('\n').length - 2;
  console.log(
    `\nCSV export (cap 100,000 rows): ${lines.toLocaleString('en-US')} rows, ${(exported.body.length / 1e6).toFixed(1)} MB in ${(exported.ms / 1000).toFixed(2)} s`,
  );
  await app.close();
} finally {
  await database.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
