/**
 * Cart add under load, DURABLE (issue 22, ADR 0172): every add commits with synchronous_commit on.
 * 50 concurrent users adding to their own carts through the portal (HTTP), BESIDE the limit: the same
 * cart-add statement (the same code, carts/repository.ts addToCartLogged, named prepared statement)
 * sent straight to the same PostgreSQL by node-postgres, 50 concurrent callers on a pool of the
 * portal's size, no HTTP, no session, no rules. Prints both, and portal / limit: the target is >= 0.5.
 *
 * Each of BENCH_RUNS rounds (default 3) starts a FRESH portal process and a FRESH pool (cold V8,
 * new PostgreSQL backends with empty caches and no prepared statement), so every round also shows
 * what the first second looks like for a real user after a start: a warm-up that is NOT counted in
 * the steady-state figures (its first second and its p99 are printed), then the measured run.
 * The order alternates (portal first, then limit first) so drift on a shared machine hits both.
 * The summary gives each run, the median and the worst, and the ratio of the medians.
 *
 * Lost updates: successful adds (warm-up included) minus the database's increase; must be 0.
 * Both runs are a fixed number of requests rather than a fixed time: autocannon drops the requests
 * in flight when a timed run ends, and the server may still commit them.
 *   BENCH_RUNS              rounds (default 3)
 *   BENCH_CONNECTIONS       concurrent users / callers (default 50)
 *   BENCH_WARMUP_REQUESTS   warm-up per run, not counted (default 3000)
 *   BENCH_REQUESTS          measured adds per run (default 12000)
 *   BENCH_HOT=0             skips the hot-row run (50 connections, one cart line), run once at the end
 *   BENCH_HOT_WARMUP_REQUESTS / BENCH_HOT_REQUESTS  its sizes (default 1000 / 4000)
 *   BENCH_COMMIT_DELAY / BENCH_COMMIT_SIBLINGS  PostgreSQL group commit for this benchmark's
 *     database (ALTER DATABASE ... SET, microseconds / count), to measure whether it helps
 *
 * The portal runs in its own process (bench/support/serve.ts) so autocannon does not share its
 * event loop. Uses a throwaway embedded PostgreSQL unless BENCH_DATABASE_URL points at an empty database.
 */
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { parseStockLevel } from '../src/common/domain/stock-level';
import { openDatabase } from '../src/server/db/client';
import { cartItems, products, users } from '../src/server/db/schema';
import type { Actor } from '../src/server/lib/actor';
import { hashPassword } from '../src/server/lib/password-hash';
import { createActivityService } from '../src/server/modules/activity';
// eslint-disable-next-line portal/import-directions -- the limit is the portal's own statement without the service and HTTP above it
import { addToCartLogged } from '../src/server/modules/carts/repository';
import { PRODUCT_AS_SEEN_TEMPLATE, productAsSeenValues } from '../src/server/modules/products';
import { startChildServer, type ChildServer } from './support/child-server';
import { cpuSplit } from './support/cpu-split';
import { BENCH_POOL_SIZE, benchDatabase } from './support/database';

const USERS = 50;
/** Concurrent connections (HTTP) and callers (limit); 50 by the issue. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? USERS);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 3000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 12_000);
const HOT_WARMUP_REQUESTS = Number(process.env.BENCH_HOT_WARMUP_REQUESTS ?? 1000);
const HOT_REQUESTS = Number(process.env.BENCH_HOT_REQUESTS ?? 4000);
const COMMIT_DELAY = process.env.BENCH_COMMIT_DELAY;
const COMMIT_SIBLINGS = process.env.BENCH_COMMIT_SIBLINGS;
const PORT = Number(process.env.BENCH_PORT ?? 5410);
/** Issue 22: the portal reaches at least half of what PostgreSQL and node-postgres alone do. */
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
  .values(Array.from({ length: USERS }, (_, i) => ({ id: FIRST_SKU + i, name: `Bench Tile ${i}`, stockLevel: STOCK, price: '10.00' })))
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

const activity = createActivityService(db);
const max = parseStockLevel(STOCK).maxQuantity;

/**
 * The limit: the portal's cart-add statement from CONNECTIONS concurrent callers on a pool of the
 * portal's size, each call with the values the service would send (and the same activity row).
 */
async function sqlLoad(limitDb: typeof db, amount: number, pick: (caller: number) => Pick): Promise<LoadResult> {
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
    const seen = { name: `Bench Tile ${productId - FIRST_SKU}`, stockLevel: STOCK };
    while (issued < amount) {
      issued++;
      const sent = performance.now();
      try {
        const result = await addToCartLogged(limitDb, {
          userId: session.actor.userId,
          cartId: session.cartId,
          productId,
          quantity: 1,
          max,
          productQuery: { template: PRODUCT_AS_SEEN_TEMPLATE, values: productAsSeenValues(productId, seen) },
          activityInsert: {
            template: activity.insertTemplate,
            values: activity.insertValues(session.actor, {
              type: 'product_added',
              description: `${session.actor.username} added 1 x ${seen.name} to their cart`,
              metadata: { cartId: session.cartId, productId, quantity: 1 },
            }),
          },
        });
        if (result.product === 'as-seen' && result.owned && result.item) ok++;
        else refused++;
      } catch {
        failed++;
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

/** Warm-up (not counted) and measured run against a fresh portal or pool; prints the run and checks lost updates. */
async function scenario(
  title: string,
  kind: 'portal' | 'limit',
  sizes: { warmup: number; measured: number },
  pick: (connection: number) => Pick,
): Promise<Measured> {
  const cartIds = [...new Set(Array.from({ length: USERS }, (_, i) => pick(i).session.cartId))];
  const before = await totalQuantity(cartIds);
  let portal: ChildServer | undefined;
  let limit: ReturnType<typeof openDatabase> | undefined;
  if (kind === 'portal') portal = await startPortal();
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
const portalRuns: Measured[] = [];
const limitRuns: Measured[] = [];
for (let run = 1; run <= RUNS; run++) {
  const portalFirst = run % 2 === 1;
  for (const kind of portalFirst ? (['portal', 'limit'] as const) : (['limit', 'portal'] as const)) {
    const title =
      kind === 'portal'
        ? `run ${run}/${RUNS}  portal: ${CONNECTIONS} users over HTTP, each adding to their own cart`
        : `run ${run}/${RUNS}  limit: the same statement from ${CONNECTIONS} node-postgres callers, pool ${BENCH_POOL_SIZE}, no HTTP`;
    (kind === 'portal' ? portalRuns : limitRuns).push(await scenario(title, kind, sizes, spread));
  }
}

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
const ratio = median(portalRuns.map((r) => r.perSecond)) / median(limitRuns.map((r) => r.perSecond));
console.log(
  [
    `\nsummary: durable cart add (synchronous_commit on), ${CONNECTIONS} users, ${RUNS} runs; steady state after a ${WARMUP_REQUESTS}-add warm-up`,
    `  ${''.padEnd(30)} ${Array.from({ length: RUNS }, (_, i) => `run ${i + 1}`.padStart(7)).join(' ')}`,
    row('portal adds/s (HTTP)', portalRuns.map((r) => r.perSecond), lowest),
    row('limit adds/s (node-postgres)', limitRuns.map((r) => r.perSecond), lowest),
    row('portal / limit', portalRuns.map((r, i) => r.perSecond / limitRuns[i]!.perSecond), lowest, 2),
    row('portal p99 ms', portalRuns.map((r) => r.p99), highest),
    row('limit p99 ms', limitRuns.map((r) => r.p99), highest),
    row('portal adds in first second', portalRuns.map((r) => r.firstSecond), lowest),
    row('limit adds in first second', limitRuns.map((r) => r.firstSecond), lowest),
    `target: portal >= ${TARGET_RATIO} of the limit, durable -> ratio of medians ${ratio.toFixed(2)} (${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
  ].join('\n'),
);

if (COMMIT_DELAY !== undefined || COMMIT_SIBLINGS !== undefined) {
  // A BENCH_DATABASE_URL database outlives the benchmark: leave it as it was.
  await db.execute(sql`alter database ${databaseName} reset commit_delay`);
  await db.execute(sql`alter database ${databaseName} reset commit_siblings`);
}
await database.close();
const lost = [...portalRuns, ...limitRuns].reduce((sum, r) => sum + r.lost, 0) + hotLost;
if (lost !== 0) {
  console.error(`FAIL: ${lost} updates were lost`);
  process.exit(1);
}
