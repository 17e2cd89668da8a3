/**
 * Place Order to the confirmation page (issue 35, docs/decisions/0209), in Chromium as a dealer meets
 * it: a 50-line PO with lots on (30 one-lot lines, 10 mixed, 10 SKUs without lots) is opened on
 * /cart, and each run times the press of Place Order to the confirmation page showing the order's
 * lines with their lots: POST /api/orders, what the client waits for after it, and the page's own
 * requests (GET /api/orders/{id}). Target: median under 1 s.
 *
 * The server runs in its own process on the production build, on a fresh database with
 * BENCH_PLACE_PRODUCTS synthetic products (20,000). BENCH_PLACE_RUNS runs (15); each run's PO is
 * made through the API first (not timed) on SKUs whose lots are set for it. Prints the median, p90
 * and worst, the POST's own time, and the requests between the press and the page (median each).
 */
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { insertProducts, syntheticProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const PRODUCTS = Number(process.env.BENCH_PLACE_PRODUCTS ?? 20_000);
const RUNS = Number(process.env.BENCH_PLACE_RUNS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 7420);
const CLIENT_DIR = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ONE_LOT = 30;
const MIXED = 10;
const PLAIN = 10;

/** Installed before the app loads: the press of Place Order, and the first frame showing the placed order's lines. */
const PROBE = `
  window.__bench = { pressed: null, ready: null };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.trim() === 'Place Order') window.__bench.pressed = performance.now();
  }, true);
  new MutationObserver(() => {
    const b = window.__bench;
    if (b.pressed === null || b.ready !== null) return;
    const heading = [...document.querySelectorAll('h2')].some((h) => /^Order #\\d+ was placed$/.test(h.textContent.trim()));
    const rows = document.querySelectorAll('table tbody tr').length;
    if (heading && rows >= ${ONE_LOT + MIXED + PLAIN}) {
      b.ready = -1;
      requestAnimationFrame(() => { b.ready = performance.now(); });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function call<T>(url: string, cookie: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Requests the page made between the press and the ready frame: "GET /api/orders/{id}" and its duration. */
function recordRequests(page: Page) {
  let log: { name: string; started: number; ms: number | null }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    log.push({ name: `${request.method()} ${url.pathname.replace(/\/\d+/g, '/{id}')}`, started: performance.now(), ms: null });
  });
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    const name = `${request.method()} ${url.pathname.replace(/\/\d+/g, '/{id}')}`;
    const entry = log.find((e) => e.name === name && e.ms === null);
    if (entry) entry.ms = performance.now() - entry.started;
  });
  return {
    reset: () => (log = []),
    taken: () => log.map((e) => ({ name: e.name, ms: e.ms ?? Number.NaN })),
  };
}

export async function run(): Promise<void> {
  await buildClientIfStale();
  const database = await benchDatabase('place-order');
  const catalogue = syntheticProducts(PRODUCTS);
  await insertProducts(database.db, catalogue);
  // Boxed, priced SKUs; those without lots keep a counted level (1,250).
  const boxed = catalogue.filter((p) => p.soldBy === 'Box' && p.price !== null);
  const plain = boxed.filter((p) => p.stockLevel === '1250');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), CLIENT_DIR });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const loadBefore = os.loadavg()[0]!;
  try {
    const { cookie: admin } = await signedInCookie(database.db, server.url, 'admin');
    const { cookie: dealer } = await signedInCookie(database.db, server.url, 'bold_customer');
    const [name, value] = dealer.split('=') as [string, string];
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.addCookies([{ name, value, url: server.url }]);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const requests = recordRequests(page);
    const totals: number[] = [];
    const posts: number[] = [];
    const byRequest = new Map<string, number[]>();

    for (let n = 0; n < RUNS; n += 1) {
      // This run's SKUs: 40 with three lots each (set now), 10 without lots.
      const withLots = boxed.filter((p) => p.stockLevel !== '1250').slice(n * (ONE_LOT + MIXED), (n + 1) * (ONE_LOT + MIXED));
      const without = plain.slice(n * PLAIN, (n + 1) * PLAIN);
      await call(server.url, admin, 'PUT', '/api/stock/lots', {
        items: withLots.map((p, i) => ({ sku: p.id, lots: [{ lot: `A${p.id}`, shade: 'S1', quantity: 600 }, { lot: `B${p.id}`, shade: 'S2', quantity: 400 }, { lot: `C${p.id}`, quantity: 100 + i }] })),
      });
      const cart = await call<{ id: number }>(server.url, dealer, 'POST', '/api/carts', { name: `Bench PO ${n + 1}` });
      // One-lot lines fit one lot (the smallest that holds them); mixed lines span two lots.
      const items = [
        ...withLots.slice(0, ONE_LOT).map((p) => ({ productId: p.id, quantity: 150 })),
        ...withLots.slice(ONE_LOT).map((p) => ({ productId: p.id, quantity: 750 })),
        ...without.map((p) => ({ productId: p.id, quantity: 6 })),
      ];
      const added = await call<{ count: number }>(server.url, dealer, 'POST', `/api/carts/${cart.id}/bulk-items`, { items });
      if (added.count !== items.length) throw new Error(`bulk add put ${added.count} of ${items.length} lines in the PO`);
      for (const p of withLots.slice(ONE_LOT)) await call(server.url, dealer, 'PUT', `/api/carts/${cart.id}/lots/${p.id}`, { oneLot: false });

      await page.goto(`${server.url}/cart`);
      await page.getByTestId('planned-split').nth(ONE_LOT + MIXED - 1).waitFor({ timeout: 30_000 });
      const place = page.getByRole('button', { name: 'Place Order' });
      if ((await place.getAttribute('aria-disabled')) === 'true') throw new Error('Place Order is disabled: a line has a lot conflict');
      // Pickup: no ship-to or date needed.
      await page.getByLabel('Pickup', { exact: true }).click();
      requests.reset();
      await place.click();
      await page.waitForFunction(() => (window as unknown as { __bench: { ready: number | null } }).__bench.ready! > 0, undefined, { timeout: 30_000 });
      const { pressed, ready } = await page.evaluate(() => (window as unknown as { __bench: { pressed: number; ready: number } }).__bench);
      await page.evaluate(() => Object.assign((window as unknown as { __bench: object }).__bench, { pressed: null, ready: null }));
      totals.push(ready - pressed);
      for (const r of requests.taken()) {
        byRequest.set(r.name, [...(byRequest.get(r.name) ?? []), r.ms]);
        if (r.name === 'POST /api/orders') posts.push(r.ms);
      }
      console.log(`  run ${String(n + 1).padStart(2)}: ${formatNumber(ready - pressed, 0)} ms (POST /api/orders ${formatNumber(posts.at(-1) ?? Number.NaN, 0)} ms; ${requests.taken().length} API requests)`);
    }
    const loadAfter = os.loadavg()[0]!;
    console.log(`\nPlace Order to the confirmation page, ${ONE_LOT + MIXED + PLAIN}-line PO (${ONE_LOT} one-lot, ${MIXED} mixed, ${PLAIN} without lots), ${formatNumber(PRODUCTS)} products, ${RUNS} runs, load average ${formatNumber(loadBefore, 2)} -> ${formatNumber(loadAfter, 2)}:`);
    console.log(`  press to page ready: median ${formatNumber(median(totals))} ms, p90 ${formatNumber(percentile(totals, 90))} ms, worst ${formatNumber(Math.max(...totals))} ms (target: median < 1,000 ms)`);
    console.log(`  POST /api/orders:    median ${formatNumber(median(posts))} ms, p90 ${formatNumber(percentile(posts, 90))} ms, worst ${formatNumber(Math.max(...posts))} ms`);
    console.log('  requests between the press and the page (count over all runs, median ms):');
    for (const [request, times] of [...byRequest].sort((a, b) => median(b[1]) - median(a[1]))) console.log(`    ${request.padEnd(34)} ${String(times.length).padStart(3)} x, median ${formatNumber(median(times))} ms`);
  } finally {
    await browser.close();
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
