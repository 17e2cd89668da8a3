/**
 * Shade lots (ADR 0195): 20,000 SKUs with 3 lots and 1 incoming load each. Each run starts
 * a fresh database and portal (its own process on BENCH_PORT, default 7410) and times:
 *  - POST /api/stock/lots/upload, 60,000 rows into a catalogue without lots (target < 5 s), then the
 *    same file with every SKU's first lot changed;
 *  - POST /api/stock/incoming/upload, 20,000 rows (target < 3 s);
 *  - placing orders of 50 lot-allocated lines (target: median < 200 ms).
 * Beside each upload, the CPU the portal and PostgreSQL spent on it: on the shared 2-core machine the
 * wall time also counts waiting for a core, the CPU time does not. Then the median and the worst of
 * the runs, with the load average. BENCH_LOT_RUNS (default 3; 1 with BENCH_DATABASE_URL, which must
 * be an empty database), BENCH_LOT_SKUS, BENCH_LOT_ORDERS (orders per run, default 15).
 */
import { loadavg } from 'node:os';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { syntheticProducts, insertProducts } from './support/catalogue';
import { startChildServer, type ChildServer } from './support/child-server';
import { cpuTimes } from './support/cpu-split';
import { benchDatabase, type BenchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const SKUS = Number(process.env.BENCH_LOT_SKUS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 7410);
const ORDERS = Number(process.env.BENCH_LOT_ORDERS ?? 15);
const RUNS = Number(process.env.BENCH_LOT_RUNS ?? (process.env.BENCH_DATABASE_URL ? 1 : 3));
const LINES = 50;

interface Timed {
  seconds: number;
  portalCpu: number;
  postgresCpu: number;
}

interface RunFigures {
  lots: Timed;
  lotsAgain: Timed;
  incoming: Timed;
  /** Each order's placement, ms, sorted. */
  orders: number[];
  load: [number, number];
}

async function call(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Wall time and the CPU the portal and PostgreSQL spent while one upload ran. */
async function timedUpload(server: ChildServer, database: BenchDatabase, cookie: string, kind: 'lots' | 'incoming', csv: string): Promise<Timed> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
  const before = cpuTimes(server.pid, database.postmasterPid);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/stock/${kind}/upload`, { method: 'POST', headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()) }, body: form });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`${kind} upload failed: ${response.status} ${text.slice(0, 400)}`);
  const after = cpuTimes(server.pid, database.postmasterPid);
  return { seconds, portalCpu: (after.portal - before.portal) / 1000, postgresCpu: (after.postgres - before.postgres) / 1000 };
}

async function oneRun(): Promise<RunFigures> {
  const loadBefore = loadavg()[0]!;
  const database = await benchDatabase('lots');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
  try {
    const ids = syntheticProducts(SKUS).map((p) => p.id);
    await insertProducts(database.db, syntheticProducts(SKUS));
    const { cookie: admin } = await signedInCookie(database.db, server.url, 'admin');
    const lots = ['sku,lot,shade,caliber,warehouse,quantity', ...ids.flatMap((id) => [`${id},A${id},S1,C1,Main,5000`, `${id},B${id},S2,C1,Main,3000`, `${id},C${id},S3,C2,East,40`])].join('\n');
    const incoming = ['sku,quantity,eta,stage,lot,reference', ...ids.map((id) => `${id},120,2026-12-14,on_vessel,,CONT-${id % 97}`)].join('\n');
    const first = await timedUpload(server, database, admin, 'lots', lots);
    const again = await timedUpload(server, database, admin, 'lots', lots.replace(/,5000$/gm, ',4990'));
    const loads = await timedUpload(server, database, admin, 'incoming', incoming);

    const { cookie: dealer } = await signedInCookie(database.db, server.url, 'bold_customer');
    const orders: number[] = [];
    for (let n = 0; n < ORDERS; n += 1) {
      const carts = (await call(server.url, dealer, 'GET', '/api/carts')) as unknown as { id: number; isActive: boolean }[];
      const cart = carts.find((c) => c.isActive)!;
      const chosen = ids.slice(n * LINES, n * LINES + LINES);
      const added = await call(server.url, dealer, 'POST', `/api/carts/${cart.id}/bulk-items`, { items: chosen.map((productId) => ({ productId, quantity: 7 })) });
      if (added.count !== LINES) throw new Error(`bulk add put ${String(added.count)} of ${LINES} lines in the cart`);
      const started = performance.now();
      await call(server.url, dealer, 'POST', '/api/orders', { cartId: cart.id, items: chosen.map((productId) => ({ productId, quantity: 7 })) });
      orders.push(performance.now() - started);
    }
    return { lots: first, lotsAgain: again, incoming: loads, orders: orders.sort((a, b) => a - b), load: [loadBefore, loadavg()[0]!] };
  } finally {
    await server.stop();
    await database.close();
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (t: Timed) => `${formatNumber(t.seconds, 2)} s (CPU: portal ${formatNumber(t.portalCpu, 2)} s, PostgreSQL ${formatNumber(t.postgresCpu, 2)} s)`;

export async function run(): Promise<void> {
  console.log(`shade lots, ${formatNumber(SKUS)} SKUs x 3 lots + 1 incoming load, server in its own process, ${RUNS} run${RUNS === 1 ? '' : 's'} on fresh databases`);
  const runs: RunFigures[] = [];
  for (let n = 1; n <= RUNS; n += 1) {
    const figures = await oneRun();
    runs.push(figures);
    console.log(`run ${n} (load average ${formatNumber(figures.load[0], 2)} at the start, ${formatNumber(figures.load[1], 2)} at the end)`);
    console.log(`  lots file (${formatNumber(SKUS * 3)} rows), first upload: ${seconds(figures.lots)}`);
    console.log(`  lots file again, first lots changed:  ${seconds(figures.lotsAgain)}`);
    console.log(`  incoming file (${formatNumber(SKUS)} rows):          ${seconds(figures.incoming)}`);
    console.log(`  order with ${LINES} lot-allocated lines: median ${formatNumber(median(figures.orders), 1)} ms of ${figures.orders.length} (min ${formatNumber(figures.orders[0]!, 1)}, max ${formatNumber(figures.orders.at(-1)!, 1)})`);
  }
  const summary = (label: string, values: number[], unit: string, digits: number, target: string) =>
    console.log(`  ${label.padEnd(36)} median ${formatNumber(median(values), digits)} ${unit}, worst ${formatNumber(Math.max(...values), digits)} ${unit} (${target})`);
  const loads = runs.flatMap((r) => r.load);
  console.log(`${RUNS} run${RUNS === 1 ? '' : 's'}, load average ${formatNumber(Math.min(...loads), 2)}-${formatNumber(Math.max(...loads), 2)}:`);
  summary('lots file, first upload', runs.map((r) => r.lots.seconds), 's', 2, 'target < 5 s');
  summary('lots file again', runs.map((r) => r.lotsAgain.seconds), 's', 2, 'no target');
  summary('incoming file', runs.map((r) => r.incoming.seconds), 's', 2, 'target < 3 s');
  summary(`order of ${LINES} lot lines, each run's median`, runs.map((r) => median(r.orders)), 'ms', 1, 'target: median < 200 ms');
  console.log(`  every order: median ${formatNumber(median(runs.flatMap((r) => r.orders)), 1)} ms, slowest ${formatNumber(Math.max(...runs.flatMap((r) => r.orders)), 1)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
