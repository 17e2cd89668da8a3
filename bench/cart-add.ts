/**
 * Cart add under load, DURABLE (ADR 0172): every add commits with synchronous_commit on.
 * 50 concurrent users adding to their own carts through the portal (HTTP), BESIDE the limit: the
 * carts service's own add (the same code the route calls, carts/cart-items.ts addItem: the remembered
 * product, then one statement with the capped upsert and the activity row, ADR 0174) called straight from 50 concurrent
 * callers on a pool of the portal's size, no HTTP, no session. Prints both, and portal / limit: the
 * target is >= 0.5.
 *
 * BENCH_BASE=<commit> also runs THAT commit's portal in every round, beside this checkout's, on the
 * same database and sessions (its files are extracted with `git archive` into .tmp/, with this
 * checkout's node_modules): a change is measured against its base in the same run, on the same
 * machine, under the same load ("within 10% of the figures before").
 *
 * Each of BENCH_RUNS rounds (default 3) starts a FRESH portal process and a FRESH pool (cold V8,
 * new PostgreSQL backends with empty caches and no prepared statement), so every round also shows
 * what the first second looks like for a real user after a start: a warm-up that is NOT counted in
 * the steady-state figures (its first second and its p99 are printed), then the measured run.
 * The order rotates from round to round so drift on a shared machine hits every side.
 * The summary gives each run, the median and the worst, and the ratios of the medians.
 *
 * Lost updates: successful adds (warm-up included) minus the database's increase; must be 0.
 * Both runs are a fixed number of requests rather than a fixed time: autocannon drops the requests
 * in flight when a timed run ends, and the server may still commit them.
 *   BENCH_RUNS              rounds (default 3)
 *   BENCH_BASE              a commit (or branch) whose portal runs beside this one's in each round
 *   BENCH_LIMIT=0           skips the limit (with BENCH_BASE: the comparison alone, a third faster)
 *   BENCH_CONNECTIONS       concurrent users / callers (default 50)
 *   BENCH_WARMUP_REQUESTS   warm-up per run, not counted (default 3000)
 *   BENCH_REQUESTS          measured adds per run (default 12000)
 *   BENCH_HOT=0             skips the hot-row run (50 connections, one cart line), run once at the end
 *   BENCH_HOT_WARMUP_REQUESTS / BENCH_HOT_REQUESTS  its sizes (default 1000 / 4000)
 *   BENCH_COMMIT_DELAY / BENCH_COMMIT_SIBLINGS  PostgreSQL group commit for this benchmark's
 *     database (ALTER DATABASE ... SET, microseconds / count), to measure whether it helps
 *   BENCH_PORT              the portal's port (default 5410; the base portal uses the next one)
 *
 * The portal runs in its own process (bench/support/serve.ts) so autocannon does not share its
 * event loop. Uses a throwaway embedded PostgreSQL unless BENCH_DATABASE_URL points at an empty database.
 */
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { stockColumnsOf } from '../src/common/domain/stock-level';
import { openDatabase, type Db } from '../src/server/db/client';
import { cartItems, products, users } from '../src/server/db/schema';
import type { Actor } from '../src/server/lib/actor';
import { hashPassword } from '../src/server/lib/password-hash';
import { createActivityService } from '../src/server/modules/activity';
import { createCartsService } from '../src/server/modules/carts';
import { createMerchandiseService } from '../src/server/modules/merchandise';
import { orderReferences } from '../src/server/modules/orders';
import { createProductsService } from '../src/server/modules/products';
import { createSettingsService } from '../src/server/modules/settings';
import { startChildServer, type ChildServer } from './support/child-server';
import { cpuSplit } from './support/cpu-split';
import { BENCH_POOL_SIZE, benchDatabase } from './support/database';

const USERS = 50;
/** Concurrent connections (HTTP) and callers (limit); 50 by default. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? USERS);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 3000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 12_000);
const HOT_WARMUP_REQUESTS = Number(process.env.BENCH_HOT_WARMUP_REQUESTS ?? 1000);
const HOT_REQUESTS = Number(process.env.BENCH_HOT_REQUESTS ?? 4000);
const COMMIT_DELAY = process.env.BENCH_COMMIT_DELAY;
const COMMIT_SIBLINGS = process.env.BENCH_COMMIT_SIBLINGS;
const PORT = Number(process.env.BENCH_PORT ?? 5410);
const BASE = process.env.BENCH_BASE || undefined;
const WITH_LIMIT = process.env.BENCH_LIMIT !== '0';
/** The portal reaches at least half of what PostgreSQL and node-postgres alone do. */
const TARGET_RATIO = 0.5;
const PASSWORD = 'Bench123';
const FIRST_SKU = 900_000;
const STOCK = '1000000';

const database = await benchDatabase('cart-add');
const { db } = database;

const databaseName = sql.identifier((await db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name);
if (COMMIT_DELAY !== undefined || COMMIT_SIBLINGS !== undefined) {
  // For every connection opened from now on (each run opens fresh ones); superuser settings.
  const name = databaseName;
  if (COMMIT_DELAY !== undefined) await db.execute(sql`alter database ${name} set commit_delay = ${sql.raw(String(Number(COMMIT_DELAY)))}`);
  if (COMMIT_SIBLINGS !== undefined) await db.execute(sql`alter database ${name} set commit_siblings = ${sql.raw(String(Number(COMMIT_SIBLINGS)))}`);
}

// A catalogue with deep stock, and 50 customers.
await db
  .insert(products)
  .values(Array.from({ length: USERS }, (_, i) => ({ id: FIRST_SKU + i, name: `Bench Tile ${i}`, ...stockColumnsOf(STOCK), price: '10.00' })))
  .onConflictDoNothing();
const passwordHash = await hashPassword(PASSWORD);
const suffix = Date.now().toString(36);
const customers = await db
  .insert(users)
  .values(Array.from({ length: USERS }, (_, i) => ({ username: `bench${i}_${suffix}`, passwordHash, role: 'bold_customer' as const, isTemporaryPassword: false })))
  .returning({ id: users.id, username: users.username });

interface Session {
  cookie: string;
  cartId: number;
  actor: Actor;
}

const startPortal = () => startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });

/** The base commit's files in .tmp/ (once per commit), with this checkout's node_modules. */
function baseCheckout(ref: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = path.resolve('.tmp', `bench-base-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} | tar -x -C '${dir}'`);
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  }
  return { dir, commit };
}
const base = BASE ? baseCheckout(BASE) : undefined;

/**
 * The base commit's own portal (its bench/support/serve.ts and src/), on the next port. startChildServer
 * spawns relative to the working directory before its first await, so the directory is changed
 * around that call only.
 */
function startBasePortal(): Promise<ChildServer> {
  const here = process.cwd();
  process.chdir(base!.dir);
  try {
    return startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT + 1) });
  } finally {
    process.chdir(here);
  }
}

async function signIn(base: string, user: { id: number; username: string }): Promise<Session> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()) },
    body: JSON.stringify({ username: user.username, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login ${user.username}: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const carts = (await (await fetch(`${base}/api/carts`, { headers: { cookie } })).json()) as { id: number; isActive: boolean }[];
  const cartId = carts.find((c) => c.isActive)!.id;
  // What the limit's activity rows carry, as the portal's would.
  const actor: Actor = {
    userId: user.id,
    username: user.username,
    email: null,
    role: 'bold_customer',
    ip: '127.0.0.1',
    userAgent: 'bench',
    sessionId: null,
    url: `/api/carts/${cartId}/items`,
    referrer: null,
  };
  return { cookie, cartId, actor };
}

// Sessions live in PostgreSQL: signed in once, they stay valid for every fresh portal process.
const sessions: Session[] = [];
{
  const portal = await startPortal();
  for (const user of customers) sessions.push(await signIn(portal.url, user));
  await portal.stop();
}

async function totalQuantity(cartIds: number[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(inArray(cartItems.cartId, cartIds));
  return row?.total ?? 0;
}

/** Transactions committed in this database so far (PostgreSQL publishes its counters within about a second). */
async function commits(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const [row] = (await db.execute<{ n: number }>(sql`select xact_commit::bigint as n from pg_stat_database where datname = current_database()`)).rows;
  return Number(row?.n ?? 0);
}

interface Pick {
  session: Session;
  productId: number;
}

interface LoadResult {
  ok: number;
  refused: number;
  failed: number;
  total: number;
  seconds: number;
  /** Adds answered within the first second of the run. */
  firstSecond: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * One autocannon run through the portal, timed here from its start to its LAST response: autocannon
 * notices that `amount` is reached only at its next one-second tick, so its `duration` is whole seconds.
 */
async function httpLoad(base: string, amount: number, pick: (connection: number) => Pick): Promise<LoadResult> {
  let connection = 0;
  const started = performance.now();
  let lastResponse = started;
  let firstSecond = 0;
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        amount,
        setupClient(client) {
          const { session, productId } = pick(connection++ % USERS);
          client.setRequests([
            {
              method: 'POST',
              path: `/api/carts/${session.cartId}/items`,
              headers: { cookie: session.cookie, 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()) },
              body: JSON.stringify({ productId, quantity: 1 }),
            },
          ]);
        },
      },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
  });
  instance?.on('response', (_client, statusCode) => {
    lastResponse = performance.now();
    if (lastResponse - started <= 1000 && statusCode >= 200 && statusCode < 300) firstSecond++;
  });
  const result = await finished;
  if (result.non2xx > 0) console.log(`  (refused: ${JSON.stringify(result.statusCodeStats)})`);
  return {
    ok: result['2xx'],
    refused: result.non2xx,
    failed: result.errors + result.timeouts,
    total: result.requests.total,
    seconds: (lastResponse - started) / 1000,
    firstSecond,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

/** The carts service as app.ts builds it, on the limit's own pool. */
function cartsServiceOn(limitDb: Db) {
  const activity = createActivityService(limitDb);
  const settings = createSettingsService(limitDb);
  const products = createProductsService({ db: limitDb, settings });
  const merchandise = createMerchandiseService({ db: limitDb, activity });
  return createCartsService({ db: limitDb, activity, products, merchandise, orders: orderReferences });
}

/**
 * The limit: the carts service's add, as the route calls it, from CONNECTIONS concurrent callers on
 * a pool of the portal's size (the same statement and activity row; no HTTP, no session).
 */
async function sqlLoad(limitDb: Db, amount: number, pick: (caller: number) => Pick): Promise<LoadResult> {
  const carts = cartsServiceOn(limitDb);
  const latencies: number[] = [];
  let issued = 0;
  let ok = 0;
  let refused = 0;
  let failed = 0;
  let firstSecond = 0;
  const started = performance.now();
  let last = started;
  async function caller(index: number) {
    const { session, productId } = pick(index % USERS);
    while (issued < amount) {
      issued++;
      const sent = performance.now();
      try {
        await carts.addItem(session.actor, session.cartId, { productId, quantity: 1 });
        ok++;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== undefined) refused++;
        else failed++;
      }
      last = performance.now();
      latencies.push(last - sent);
      if (last - started <= 1000) firstSecond++;
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => caller(i)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { ok, refused, failed, total: issued, seconds: (last - started) / 1000, firstSecond, p50: at(0.5), p99: at(0.99), max: at(1) };
}

interface Measured {
  perSecond: number;
  p99: number;
  firstSecond: number;
  lost: number;
}

const rate = (r: LoadResult) => r.total / r.seconds;

type Side = 'portal' | 'base' | 'limit';

/** Warm-up (not counted) and measured run against a fresh portal or pool; prints the run and checks lost updates. */
async function scenario(
  title: string,
  side: Side,
  sizes: { warmup: number; measured: number },
  pick: (connection: number) => Pick,
): Promise<Measured> {
  const cartIds = [...new Set(Array.from({ length: USERS }, (_, i) => pick(i).session.cartId))];
  const before = await totalQuantity(cartIds);
  let portal: ChildServer | undefined;
  let limit: ReturnType<typeof openDatabase> | undefined;
  if (side === 'portal') portal = await startPortal();
  else if (side === 'base') portal = await startBasePortal();
  else limit = openDatabase(database.url, { max: BENCH_POOL_SIZE });
  const go = (amount: number) => (portal ? httpLoad(portal.url, amount, pick) : sqlLoad(limit!.db, amount, pick));
  try {
    const warmup = await go(sizes.warmup);
    const commitsBefore = await commits();
    const cpu = portal ? cpuSplit(portal.pid, database.postmasterPid) : cpuSplit(undefined, database.postmasterPid, 'node-pg');
    cpu.start();
    const measured = await go(sizes.measured);
    const cpuLines = cpu.report(measured.total);
    const perAdd = ((await commits()) - commitsBefore) / measured.total;
    const after = await totalQuantity(cartIds);
    const lost = measured.ok + warmup.ok - (after - before);
    console.log(
      [
        title,
        `  first second ${warmup.firstSecond} adds answered (fresh ${portal ? 'portal process and its pool' : 'pool'}); warm-up ${warmup.total} in ${warmup.seconds.toFixed(2)} s (${rate(warmup).toFixed(0)}/s), p99 ${warmup.p99} ms, max ${warmup.max} ms, NOT counted below`,
        `  steady       ${rate(measured).toFixed(0)} adds/s (${measured.total} in ${measured.seconds.toFixed(2)} s), p50 ${measured.p50} ms, p99 ${measured.p99} ms, max ${measured.max} ms`,
        `  answers      ${measured.ok + warmup.ok} ok, ${measured.refused + warmup.refused} refused, ${measured.failed + warmup.failed} errors or timeouts (warm-up included)`,
        `  database     +${after - before} in the carts; lost updates ${lost}; ${perAdd.toFixed(2)} committed transactions per add (steady run, all sessions)`,
        ...cpuLines,
      ].join('\n'),
    );
    return { perSecond: rate(measured), p99: measured.p99, firstSecond: warmup.firstSecond, lost };
  } finally {
    await portal?.stop();
    await limit?.close();
  }
}

const settings = (
  await db.execute<{ name: string; setting: string }>(
    sql`select name, setting from pg_settings where name in ('synchronous_commit', 'fsync', 'wal_sync_method', 'commit_delay', 'commit_siblings', 'server_version') order by name`,
  )
).rows;
// New connections see ALTER DATABASE's values; this one was opened before it.
const show = settings.map((s) => `${s.name}=${s.name === 'commit_delay' && COMMIT_DELAY !== undefined ? COMMIT_DELAY : s.name === 'commit_siblings' && COMMIT_SIBLINGS !== undefined ? COMMIT_SIBLINGS : s.setting}`);
console.log(`PostgreSQL: ${show.join(', ')}; pool ${BENCH_POOL_SIZE}; ${CONNECTIONS} concurrent users; load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const spread = (i: number): Pick => ({ session: sessions[i]!, productId: FIRST_SKU + i });
const sizes = { warmup: WARMUP_REQUESTS, measured: REQUESTS };
const sides: Side[] = ['portal', ...(base ? (['base'] as const) : []), ...(WITH_LIMIT ? (['limit'] as const) : [])];
const runs: Record<Side, Measured[]> = { portal: [], base: [], limit: [] };
const titles: Record<Side, string> = {
  portal: `portal: ${CONNECTIONS} users over HTTP, each adding to their own cart`,
  base: `base portal (${base?.commit.slice(0, 12)}): the same load on the commit before`,
  limit: `limit: the carts service's add from ${CONNECTIONS} callers, pool ${BENCH_POOL_SIZE}, no HTTP`,
};
if (base) console.log(`base: ${base.commit} (${BASE}) from ${path.relative(process.cwd(), base.dir)}, on port ${PORT + 1}`);
for (let run = 1; run <= RUNS; run++) {
  // Each round starts one side later, so no side always runs first (or last) on a drifting machine.
  const order = sides.map((_, i) => sides[(i + run - 1) % sides.length]!);
  for (const side of order) runs[side].push(await scenario(`run ${run}/${RUNS}  ${titles[side]}`, side, sizes, spread));
}
const portalRuns = runs.portal;
const limitRuns = runs.limit;

let hotLost = 0;
if (process.env.BENCH_HOT !== '0') {
  const hot = sessions[0]!;
  await db.delete(cartItems).where(eq(cartItems.cartId, hot.cartId));
  const hotRun = await scenario(
    'hot row: 50 connections, one cart, one product, through the portal (once)',
    'portal',
    { warmup: HOT_WARMUP_REQUESTS, measured: HOT_REQUESTS },
    () => ({ session: hot, productId: FIRST_SKU }),
  );
  hotLost = hotRun.lost;
  if (base) {
    await db.delete(cartItems).where(eq(cartItems.cartId, hot.cartId));
    const baseHot = await scenario(
      `hot row on the base portal (${base.commit.slice(0, 12)}), the same load (once)`,
      'base',
      { warmup: HOT_WARMUP_REQUESTS, measured: HOT_REQUESTS },
      () => ({ session: hot, productId: FIRST_SKU }),
    );
    hotLost += baseHot.lost;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const row = (label: string, values: number[], worst: (v: number[]) => number, digits = 0) =>
  `  ${label.padEnd(30)} ${values.map((v) => v.toFixed(digits).padStart(7)).join(' ')}   median ${median(values).toFixed(digits).padStart(7)}   worst ${worst(values).toFixed(digits).padStart(7)}`;
const lowest = (v: number[]) => Math.min(...v);
const highest = (v: number[]) => Math.max(...v);
const rates = (measured: Measured[]) => measured.map((r) => r.perSecond);
const lines = [
  `\nsummary: durable cart add (synchronous_commit on), ${CONNECTIONS} users, ${RUNS} runs; steady state after a ${WARMUP_REQUESTS}-add warm-up`,
  `  ${''.padEnd(30)} ${Array.from({ length: RUNS }, (_, i) => `run ${i + 1}`.padStart(7)).join(' ')}`,
  row('portal adds/s (HTTP)', rates(portalRuns), lowest),
];
if (base) {
  lines.push(
    row('base portal adds/s (HTTP)', rates(runs.base), lowest),
    row('portal / base', portalRuns.map((r, i) => r.perSecond / runs.base[i]!.perSecond), lowest, 2),
    row('portal p99 ms', portalRuns.map((r) => r.p99), highest),
    row('base portal p99 ms', runs.base.map((r) => r.p99), highest),
  );
} else {
  lines.push(row('portal p99 ms', portalRuns.map((r) => r.p99), highest));
}
if (WITH_LIMIT) {
  lines.push(
    row('limit adds/s (service, no HTTP)', rates(limitRuns), lowest),
    row('portal / limit', portalRuns.map((r, i) => r.perSecond / limitRuns[i]!.perSecond), lowest, 2),
    row('limit p99 ms', limitRuns.map((r) => r.p99), highest),
  );
}
lines.push(row('portal adds in first second', portalRuns.map((r) => r.firstSecond), lowest));
if (base) lines.push(row('base adds in first second', runs.base.map((r) => r.firstSecond), lowest));
if (WITH_LIMIT) {
  const ratio = median(rates(portalRuns)) / median(rates(limitRuns));
  lines.push(
    row('limit adds in first second', limitRuns.map((r) => r.firstSecond), lowest),
    `target: portal >= ${TARGET_RATIO} of the limit, durable -> ratio of medians ${ratio.toFixed(2)} (${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
  );
}
if (base) {
  const change = median(rates(portalRuns)) / median(rates(runs.base));
  const worst = lowest(rates(portalRuns)) / lowest(rates(runs.base));
  lines.push(
    `against the base: median / base median ${change.toFixed(2)}, worst run / base worst run ${worst.toFixed(2)} (within 10%, i.e. >= 0.90)`,
  );
}
console.log(lines.join('\n'));

if (COMMIT_DELAY !== undefined || COMMIT_SIBLINGS !== undefined) {
  // A BENCH_DATABASE_URL database outlives the benchmark: leave it as it was.
  await db.execute(sql`alter database ${databaseName} reset commit_delay`);
  await db.execute(sql`alter database ${databaseName} reset commit_siblings`);
}
await database.close();
const lost = [...portalRuns, ...runs.base, ...limitRuns].reduce((sum, r) => sum + r.lost, 0) + hotLost;
if (lost !== 0) {
  console.error(`FAIL: ${lost} updates were lost`);
  process.exit(1);
}
