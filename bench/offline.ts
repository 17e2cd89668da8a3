/**
 * Field mode (docs/decisions/0227, 0228) in Chromium, a salesperson with 50,000 SKUs
 * (BENCH_OFFLINE_PRODUCTS to change):
 * - /stock's first rows offline, from the device (target 500 ms), from navigation start, and when the
 *   whole catalogue is read from IndexedDB and searchable (the result count loses "First 120 of");
 * - the full first download on a throttled 4G profile (1.6 Mbit/s down, 150 ms RTT): bytes and time
 *   until the catalogue is saved on the device;
 * - a day's delta sync with 2,000 changed SKUs on the same profile (targets 2 MB and 5 s): bytes
 *   of GET /api/products/changes and time until the device's copy is up to date.
 * The server runs in its own process on the production build.
 * BENCH_OFFLINE_BREAKDOWN=1 also prints each offline load as JSON: navigation and paint timings, every
 * resource (start-end, ms), performance marks, long tasks, and navigator.onLine at its start and end
 * (docs/performance.md, "The offline start").
 */
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { products } from '../src/server/db/schema';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { insertProducts, syntheticProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const PRODUCTS = Number(process.env.BENCH_OFFLINE_PRODUCTS ?? 50_000);
const CHANGED = 2_000;
const PORT = Number(process.env.BENCH_PORT ?? 6650);
const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);
const CLIENT_DIR = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Chrome DevTools' network conditions: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
const FOUR_G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

// Its start builds the 50,000-SKU catalogue before it says ready: more than the default minute on a busy machine.
process.env.BENCH_SERVER_START_MS ??= '300000';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const PROBE = `
  window.__bench = { firstRow: null, wholeCatalogue: null };
  window.__longtasks = [];
  window.__onLineAtStart = navigator.onLine;
  try { new PerformanceObserver((l) => window.__longtasks.push(...l.getEntries())).observe({ type: 'longtask', buffered: true }); } catch {}
  new MutationObserver((_, observer) => {
    if (window.__bench.firstRow === null && document.querySelector('table tbody tr[aria-rowindex]')) {
      window.__bench.firstRow = -1;
      requestAnimationFrame(() => { window.__bench.firstRow = performance.now(); });
    }
    // The result count without "First 120 of": every SKU read from the device and searchable (docs/decisions/0234).
    const count = document.querySelector('p[data-applied-search]');
    if (window.__bench.wholeCatalogue === null && count && !count.textContent.startsWith('First')) {
      window.__bench.wholeCatalogue = -1;
      requestAnimationFrame(() => { window.__bench.wholeCatalogue = performance.now(); });
    }
    if (window.__bench.firstRow > 0 && window.__bench.wholeCatalogue > 0) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** One offline load, for BENCH_OFFLINE_BREAKDOWN (a string: tsx's helpers do not exist in the page). */
const BREAKDOWN = `(() => {
  const r = Math.round;
  const nav = performance.getEntriesByType('navigation')[0];
  return JSON.stringify({
    nav: { workerStart: r(nav.workerStart), responseStart: r(nav.responseStart), responseEnd: r(nav.responseEnd), domInteractive: r(nav.domInteractive), dcl: r(nav.domContentLoadedEventEnd), load: r(nav.loadEventEnd) },
    paint: performance.getEntriesByType('paint').map((e) => e.name + '@' + r(e.startTime)),
    marks: performance.getEntriesByType('mark').map((e) => e.name + '@' + r(e.startTime)),
    res: performance.getEntriesByType('resource').map((t) => t.name.split('/').pop().slice(0, 28) + ' ' + r(t.startTime) + '-' + r(t.responseEnd)),
    longtasks: window.__longtasks.map((e) => r(e.startTime) + '+' + r(e.duration)),
    firstRow: r(window.__bench.firstRow), onLine: [window.__onLineAtStart, navigator.onLine],
  });
})()`;

/** The device's sync point (field-catalogue.ts), or null. */
function syncPoint(page: Page): Promise<{ asOf: number; until: string } | null> {
  return page.evaluate(
    () =>
      new Promise<{ asOf: number; until: string } | null>((resolve) => {
        const open = indexedDB.open('bold-field');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve(null);
          const read = db.transaction('kv').objectStore('kv').get('catalogue-sync');
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { value?: { asOf: number; until: string } } | undefined)?.value ?? null);
          };
        };
        open.onerror = () => resolve(null);
      }),
  );
}

async function waitForSync(page: Page, after: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const point = await syncPoint(page);
    if (point && point.asOf > after) return point.asOf;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the catalogue was not saved on the device');
}

/** When the page asked for the first /api/products request of this load (ms since the epoch), and how long it took. */
function catalogueRequest(page: Page, pattern: string): Promise<{ startedAt: number; ms: number } | null> {
  return page.evaluate((source) => {
    const entry = performance.getEntriesByType('resource').find((e) => new RegExp(source).test(e.name)) as PerformanceResourceTiming | undefined;
    return entry ? { startedAt: performance.timeOrigin + entry.startTime, ms: entry.responseEnd - entry.startTime } : null;
  }, pattern);
}

/** Bytes on the wire (headers and compressed body) of the /api/products requests, counted by DevTools. */
interface WireCounter {
  bytes(): number;
  reset(): void;
}

async function throttle(context: BrowserContext, page: Page): Promise<WireCounter> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  const catalogueIds = new Set<string>();
  let total = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (/\/api\/products(\/|\?|$)/.test(event.request.url)) catalogueIds.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (catalogueIds.has(event.requestId)) total += event.encodedDataLength;
  });
  return { bytes: () => total, reset: () => (total = 0) };
}

export async function run(): Promise<void> {
  await buildClientIfStale();
  const database = await benchDatabase('offline');
  await insertProducts(database.db, syntheticProducts(PRODUCTS));
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), CLIENT_DIR });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { cookie } = await signedInCookie(database.db, server.url, 'salesperson', 'bench-field-rep');
    const [name, value] = cookie.split('=') as [string, string];
    const loadBefore = os.loadavg()[0]!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, baseURL: server.url });
    await context.addCookies([{ name, value, url: server.url }]);
    await context.addInitScript(PROBE);
    const page = await context.newPage();

    // The full first download on 4G: /field reads the catalogue with no copy on the device yet.
    const wire = await throttle(context, page);
    await page.goto('/field');
    const fullSaved = await waitForSync(page, 0);
    const fullRequest = await catalogueRequest(page, '/api/products/changes$');
    const fullBytes = wire.bytes();
    const fullMs = fullRequest ? fullSaved - fullRequest.startedAt : NaN;

    // /stock's first rows offline, from IndexedDB (the service worker serves the shell).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await context.setOffline(true);
    const firstRows: number[] = [];
    const wholeCatalogue: number[] = [];
    type Probe = { __bench: { firstRow: number | null; wholeCatalogue: number | null } };
    for (let i = 0; i < RUNS; i++) {
      await page.goto('/stock');
      await page.waitForFunction(() => ((window as unknown as Probe).__bench.wholeCatalogue ?? 0) > 0 && ((window as unknown as Probe).__bench.firstRow ?? 0) > 0, undefined, {
        timeout: 60_000,
      });
      const probe = await page.evaluate(() => (window as unknown as Probe).__bench);
      if (process.env.BENCH_OFFLINE_BREAKDOWN) console.log(await page.evaluate(BREAKDOWN));
      firstRows.push(probe.firstRow!);
      wholeCatalogue.push(probe.wholeCatalogue!);
    }
    await context.setOffline(false);

    // A day's changes: 2,000 SKUs' stock levels, then a 4G visit to /field brings the copy up to date.
    const ids = syntheticProducts(PRODUCTS)
      .filter((_, i) => i % Math.floor(PRODUCTS / CHANGED) === 0)
      .slice(0, CHANGED)
      .map((p) => p.id!);
    await database.db.update(products).set({ stockStatus: 'in_stock', stockCount: sql`(floor(random() * 900) + 1)::int` }).where(inArray(products.id, ids));
    const before = (await syncPoint(page))!.asOf;
    wire.reset();
    await page.goto('/field');
    const deltaSaved = await waitForSync(page, before);
    const deltaRequest = await catalogueRequest(page, '/api/products/changes\\?since=');
    const deltaBytes = wire.bytes();
    const deltaMs = deltaRequest ? deltaSaved - deltaRequest.startedAt : NaN;

    const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`;
    console.log(`field mode in Chromium: ${formatNumber(PRODUCTS)} products, a salesperson; ${load}`);
    console.log(
      `  /stock first rows offline (IndexedDB): median ${formatNumber(median(firstRows))} ms, worst ${formatNumber(Math.max(...firstRows))} ms (${firstRows.map((v) => formatNumber(v)).join(', ')}); target 500 ms`,
    );
    console.log(
      `  /stock whole catalogue searchable offline: median ${formatNumber(median(wholeCatalogue))} ms, worst ${formatNumber(Math.max(...wholeCatalogue))} ms (${wholeCatalogue.map((v) => formatNumber(v)).join(', ')})`,
    );
    console.log(`  full first download on 4G:            ${formatNumber(fullBytes / 1024)} KB on the wire, ${formatNumber(fullMs)} ms from the first request to saved on the device`);
    console.log(
      `  delta sync, ${formatNumber(CHANGED)} changed SKUs, 4G:   ${formatNumber(deltaBytes / 1024)} KB on the wire, ${formatNumber(deltaRequest?.ms ?? NaN)} ms the request, ${formatNumber(deltaMs)} ms from the request to saved; targets 2 MB and 5 s`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
