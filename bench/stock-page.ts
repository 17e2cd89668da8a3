/**
 * The stock screen in Chromium with 20,000 products (50,000 with BENCH_PAGE_PRODUCTS=50000):
 * - time to first rows: from navigation start to the first table row on screen;
 * - keystroke to filtered rows painted: for each key typed into the search, from
 *   the keydown to the frame after the table shows the new result.
 * The server runs in its own process on the production build.
 */
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { insertProducts, syntheticProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const PRODUCTS = Number(process.env.BENCH_PAGE_PRODUCTS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 5330);
const QUERY = process.env.BENCH_QUERY ?? '12x24 matte';
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
/** A directory: each load's Chromium trace (timeline and JavaScript samples) is written there, for chrome://tracing or DevTools. */
const TRACE_DIR = process.env.BENCH_TRACE;
/** Another build's client (e.g. a copy of main's dist/client) served instead of this one, for before/after runs in the same minutes. */
const CLIENT_DIR = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client');
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'toplevel'];
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Installed before the app loads: notes when the first row appears, and times each keystroke to its painted result. */
const PROBE = `
  window.__bench = { firstRow: null, keys: [] };
  new MutationObserver((_, observer) => {
    if (document.querySelector('table tbody tr[aria-rowindex]')) {
      requestAnimationFrame(() => { window.__bench.firstRow = performance.now(); });
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('keydown', (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'search') return;
    const started = performance.now();
    const input = event.target;
    const entry = { key: event.key, ms: null };
    window.__bench.keys.push(entry);
    // The rows answer the box once the result's data-applied-search equals what the box holds after this key.
    const applied = () => document.querySelector('[data-applied-search]')?.getAttribute('data-applied-search');
    const check = () => {
      if (entry.ms !== null) return;
      if (applied() === input.value) {
        observer.disconnect();
        requestAnimationFrame(() => { entry.ms = performance.now() - started; });
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-applied-search'] });
    // The input event follows keydown; check after it too.
    input.addEventListener('input', () => queueMicrotask(check), { once: true });
  }, true);
`;

export async function run(): Promise<void> {
  await buildClientIfStale();
  const database = await benchDatabase('page');
  await insertProducts(database.db, syntheticProducts(PRODUCTS));
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), CLIENT_DIR });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { cookie } = await signedInCookie(database.db, server.url, 'bold_customer');
    const [name, value] = cookie.split('=') as [string, string];
    const firstRows: number[] = [];
    const keys: number[] = [];
    const catalogueTimes: { start: number; end: number; bytes: number }[] = [];
    const loadBefore = os.loadavg()[0]!;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      await context.addCookies([{ name, value, url: server.url }]);
      await context.addInitScript(PROBE);
      const page = await context.newPage();
      if (TRACE_DIR) await browser.startTracing(page, { path: path.join(TRACE_DIR, `stock-${PRODUCTS}-${run + 1}.json`), categories: TRACE_CATEGORIES });
      await page.goto(`${server.url}/stock`);
      await page.waitForFunction(() => (window as unknown as { __bench: { firstRow: number | null } }).__bench.firstRow !== null, undefined, { timeout: 60_000 });
      firstRows.push(await page.evaluate(() => (window as unknown as { __bench: { firstRow: number } }).__bench.firstRow));
      const products = await page.evaluate(() => {
        // The page reads the catalogue as columns (ADR 0188); GET /api/products before that.
        const entry = performance.getEntriesByType('resource').find((e) => /\/api\/products(\/columns)?$/.test(e.name)) as PerformanceResourceTiming | undefined;
        return entry ? { start: entry.requestStart, end: entry.responseEnd, bytes: entry.encodedBodySize } : null;
      });
      if (products) catalogueTimes.push(products);
      const search = page.getByLabel('Search', { exact: true });
      await search.click();
      await search.pressSequentially(QUERY, { delay: 120 });
      await page.waitForFunction((n) => {
        const keys = (window as unknown as { __bench: { keys: { ms: number | null }[] } }).__bench.keys;
        return keys.length === n && keys.every((k) => k.ms !== null);
      }, QUERY.length, { timeout: 30_000 });
      const timings = await page.evaluate(() => (window as unknown as { __bench: { keys: { ms: number }[] } }).__bench.keys.map((k) => k.ms));
      keys.push(...timings);
      if (TRACE_DIR) await browser.stopTracing();
      await context.close();
    }
    // The VM is shared: a figure means little without how busy it was (performance.md).
    const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`;
    console.log(`stock page in Chromium: ${formatNumber(PRODUCTS)} products, ${RUNS} loads, typing "${QUERY}" each time; ${load}`);
    if (process.env.BENCH_CLIENT_DIR) console.log(`  client: ${CLIENT_DIR}`);
    console.log(
      `  time to first rows:                 median ${formatNumber(median(firstRows))} ms, worst ${formatNumber(Math.max(...firstRows))} ms (${firstRows.map((v) => formatNumber(v)).join(', ')})`,
    );
    const last = catalogueTimes[catalogueTimes.length - 1];
    if (last) {
      console.log(
        `  of which the catalogue:             requested at ${formatNumber(median(catalogueTimes.map((t) => t.start)))} ms, received by ${formatNumber(median(catalogueTimes.map((t) => t.end)))} ms (${formatNumber(last.bytes / 1024)} KB compressed)`,
      );
    }
    console.log(`  keystroke to filtered rows painted: median ${formatNumber(median(keys))} ms, max ${formatNumber(Math.max(...keys))} ms over ${keys.length} keys`);
    const perRun = Array.from({ length: RUNS }, (_, run) => keys.slice(run * QUERY.length, (run + 1) * QUERY.length));
    console.log(`  per load (median / max):            ${perRun.map((run) => `${formatNumber(median(run))} / ${formatNumber(Math.max(...run))}`).join(', ')} ms`);
  } finally {
    await browser.close();
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
