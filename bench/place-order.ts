/**
 * Place Order to the confirmation page (docs/decisions/0209), in Chromium as a dealer meets
 * it: a 50-line PO with lots on (30 one-lot lines, 10 mixed, 10 SKUs without lots) is opened on
 * /cart, and each run times the press of Place Order to the confirmation page showing the order's
 * lines with their lots: POST /api/orders, what the client waits for after it, and the page's own
 * requests (GET /api/orders/{id}). Target: median under 1 s.
 *
 * The server runs in its own process on the production build, on a fresh database with
 * BENCH_PLACE_PRODUCTS synthetic products (20,000). BENCH_PLACE_RUNS runs (15); each run's PO is
 * made through the API first (not timed) on SKUs whose lots are set for it. Prints the median, p90
 * and worst, the POST's own time, when the confirmation route was entered, and when each API
 * request between the press and the page ended (the page's own resource timing, median each).
 */
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
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
  window.__bench = { pressed: null, ready: null, navigated: null };
  const push = history.pushState.bind(history);
  history.pushState = (...args) => {
    if (String(args[2]).endsWith('/placed') && window.__bench.navigated === null) window.__bench.navigated = performance.now();
    return push(...args);
  };
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
    const totals: number[] = [];
    const posts: number[] = [];
    const navigations: number[] = [];
    /** Each API request's end, ms after the press. */
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
      await place.click();
      await page.waitForFunction(() => (window as unknown as { __bench: { ready: number | null } }).__bench.ready! > 0, undefined, { timeout: 30_000 });
      // The page's own clock: each API request's end after the press (resource timing), the move to the confirmation route, the ready frame.
      const figures = await page.evaluate(() => {
        const b = (window as unknown as { __bench: { pressed: number; ready: number; navigated: number | null } }).__bench;
        const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.startTime >= b.pressed && new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => ({ name: `${e.initiatorType === 'fetch' ? '' : `${e.initiatorType} `}${new URL(e.name).pathname.replace(/\/\d+/g, '/{id}')}`, start: e.startTime - b.pressed, end: e.responseEnd - b.pressed }));
        return { total: b.ready - b.pressed, navigated: (b.navigated ?? Number.NaN) - b.pressed, requests };
      });
      totals.push(figures.total);
      navigations.push(figures.navigated);
      for (const r of figures.requests) {
        const name = r.name === '/api/orders' ? 'POST /api/orders' : r.name;
        byRequest.set(name, [...(byRequest.get(name) ?? []), r.end]);
        if (name === 'POST /api/orders') posts.push(r.end - r.start);
      }
      console.log(
        `  run ${String(n + 1).padStart(2)}: ${formatNumber(figures.total)} ms (${figures.requests.map((r) => `${r.name} ${formatNumber(r.start)}-${formatNumber(r.end)}`).join(', ')}; route at ${formatNumber(figures.navigated)})`,
      );
    }
    const loadAfter = os.loadavg()[0]!;
    console.log(`\nPlace Order to the confirmation page, ${ONE_LOT + MIXED + PLAIN}-line PO (${ONE_LOT} one-lot, ${MIXED} mixed, ${PLAIN} without lots), ${formatNumber(PRODUCTS)} products, ${RUNS} runs, load average ${formatNumber(loadBefore, 2)} -> ${formatNumber(loadAfter, 2)}:`);
    console.log(`  press to page ready: median ${formatNumber(median(totals))} ms, p90 ${formatNumber(percentile(totals, 90))} ms, worst ${formatNumber(Math.max(...totals))} ms (target: median < 1,000 ms)`);
    console.log(`  POST /api/orders:    median ${formatNumber(median(posts))} ms, p90 ${formatNumber(percentile(posts, 90))} ms, worst ${formatNumber(Math.max(...posts))} ms`);
    console.log(`  the confirmation route entered: median ${formatNumber(median(navigations))} ms after the press`);
    console.log('  API requests between the press and the page (count over all runs; median ms after the press when each ended):');
    for (const [request, ends] of [...byRequest].sort((a, b) => median(a[1]) - median(b[1]))) console.log(`    ${request.padEnd(34)} ${String(ends.length).padStart(3)} x, ended at ${formatNumber(median(ends))} ms`);
  } finally {
    await browser.close();
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
