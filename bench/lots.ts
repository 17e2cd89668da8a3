/**
 * Shade lots (issue 27): 20,000 SKUs with 3 lots and 1 incoming load each. Prints the wall time of
 * POST /api/stock/lots/upload (60,000 rows; target < 5 s), POST /api/stock/incoming/upload (20,000
 * rows; target < 3 s) and the median of placing an order with 50 lot-allocated lines (target
 * < 200 ms). The server runs in its own process on BENCH_PORT (default 7410).
 */
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { syntheticProducts, insertProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const SKUS = Number(process.env.BENCH_LOT_SKUS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 7410);
const ORDERS = Number(process.env.BENCH_LOT_ORDERS ?? 15);
const LINES = 50;

async function uploadCsv(url: string, cookie: string, kind: 'lots' | 'incoming', csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
  const started = performance.now();
  const response = await fetch(`${url}/api/stock/${kind}/upload`, { method: 'POST', headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()) }, body: form });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${kind} upload failed: ${response.status} ${text.slice(0, 400)}`);
  return (performance.now() - started) / 1000;
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

export async function run(): Promise<void> {
  const database = await benchDatabase('lots');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
  try {
    const ids = syntheticProducts(SKUS).map((p) => p.id);
    await insertProducts(database.db, syntheticProducts(SKUS));
    const { cookie: admin } = await signedInCookie(database.db, server.url, 'admin');
    const lots = ['sku,lot,shade,caliber,warehouse,quantity', ...ids.flatMap((id) => [`${id},A${id},S1,C1,Main,5000`, `${id},B${id},S2,C1,Main,3000`, `${id},C${id},S3,C2,East,40`])].join('\n');
    const incoming = ['sku,quantity,eta,stage,lot,reference', ...ids.map((id) => `${id},120,2026-12-14,on_vessel,,CONT-${id % 97}`)].join('\n');
    const lotsSeconds = await uploadCsv(server.url, admin, 'lots', lots);
    const lotsAgain = await uploadCsv(server.url, admin, 'lots', lots.replace(/,5000$/gm, ',4990'));
    const incomingSeconds = await uploadCsv(server.url, admin, 'incoming', incoming);

    const { cookie: dealer } = await signedInCookie(database.db, server.url, 'bold_customer');
    const timings: number[] = [];
    for (let n = 0; n < ORDERS; n += 1) {
      const carts = (await call(server.url, dealer, 'GET', '/api/carts')) as unknown as { id: number; isActive: boolean }[];
      const cart = carts.find((c) => c.isActive)!;
      const chosen = ids.slice(n * LINES, n * LINES + LINES);
      for (const productId of chosen) await call(server.url, dealer, 'POST', `/api/carts/${cart.id}/items`, { productId, quantity: 7 });
      const started = performance.now();
      await call(server.url, dealer, 'POST', '/api/orders', { cartId: cart.id, items: chosen.map((productId) => ({ productId, quantity: 7 })) });
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(`shade lots, ${formatNumber(SKUS)} SKUs x 3 lots + 1 incoming load, server in its own process`);
    console.log(`  lots file (${formatNumber(SKUS * 3)} rows), first upload: ${formatNumber(lotsSeconds, 2)} s (target < 5 s)`);
    console.log(`  lots file again, every lot changed:     ${formatNumber(lotsAgain, 2)} s`);
    console.log(`  incoming file (${formatNumber(SKUS)} rows):          ${formatNumber(incomingSeconds, 2)} s (target < 3 s)`);
    console.log(`  order with ${LINES} lot-allocated lines, median of ${ORDERS}: ${formatNumber(timings[Math.floor(timings.length / 2)]!, 1)} ms (min ${formatNumber(timings[0]!, 1)}, max ${formatNumber(timings.at(-1)!, 1)}; target < 200 ms)`);
  } finally {
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
