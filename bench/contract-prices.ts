/**
 * Contract prices at scale (docs/decisions/0232): 50,000 SKUs, 300 companies with a 1,000-entry
 * contract list each, 10 group lists of 50,000 entries (every company in a group). Prints, over several
 * runs (median and worst):
 * - GET /api/products for a contract dealer beside bare node:http serving the same bytes (target >= 0.9),
 *   the base catalogue (a dealer without a company) beside it, and the same with the session cache off;
 * - GET /api/products/prices for that dealer: cold (built) and cached (throughput), and the 304;
 * - pricing a 100-line PO with `priceLines` (p95 target < 50 ms);
 * - /stock to its first rows for that dealer in headless Chromium (target 1 s).
 * Servers run in their own processes (bench/support/serve.ts); autocannon and the browser run here.
 * BENCH_RUNS (3), BENCH_DURATION (5 s), BENCH_CONNECTIONS (50), BENCH_SKIP_PAGE=1 leaves the browser out.
 */
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { todayIn } from '../src/common/domain/business-days';
import { priceLines } from '../src/server/modules/price-list';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { insertProducts, syntheticProducts } from './support/catalogue';
import { startChildServer, type ChildServer } from './support/child-server';
import { benchDatabase, type BenchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const SKUS = Number(process.env.BENCH_SKUS ?? 50_000);
const COMPANIES = 300;
const CONTRACT_ENTRIES = 1_000;
const GROUPS = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 5340);
const ACCEPT_ENCODING = 'gzip, deflate, br';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

function load(url: string, headers: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Requests per second over RUNS runs: median and worst. */
async function runs(url: string, headers: Record<string, string>): Promise<{ rps: number[]; p99: number[]; bad: number }> {
  const rps: number[] = [];
  const p99: number[] = [];
  let bad = 0;
  for (let i = 0; i < RUNS; i++) {
    const result = await load(url, headers);
    rps.push(result.requests.average);
    p99.push(result.latency.p99);
    bad += result.non2xx + result.errors;
  }
  return { rps, p99, bad };
}

function line(label: string, figures: { rps: number[]; p99: number[]; bad: number }): string {
  const bad = figures.bad === 0 ? '' : `  (${figures.bad} non-2xx or errors)`;
  return `  ${label.padEnd(46)} median ${formatNumber(median(figures.rps)).padStart(6)} req/s, worst ${formatNumber(Math.min(...figures.rps)).padStart(6)}; p99 median ${formatNumber(median(figures.p99))} ms${bad}`;
}

/** The catalogue and price lists of the scale, written with set-based SQL (a few seconds). */
async function seed(database: BenchDatabase): Promise<void> {
  const rows = syntheticProducts(SKUS);
  await insertProducts(database.db, rows);
  await database.db.execute(sql`
    INSERT INTO price_lists (code, name) SELECT 'GROUP-' || g, 'Group ' || g FROM generate_series(1, ${GROUPS}) g`);
  await database.db.execute(sql`
    INSERT INTO price_list_entries (price_list_id, product_id, min_quantity, price)
    SELECT l.id, p.id, 1, round(coalesce(p.price, 100) * (0.95 - l.id * 0.005), 2)
    FROM price_lists l CROSS JOIN products p WHERE l.code LIKE 'GROUP-%'`);
  // A pallet break on every tenth SKU of each group list.
  await database.db.execute(sql`
    INSERT INTO price_list_entries (price_list_id, product_id, min_quantity, price)
    SELECT l.id, p.id, 100, round(coalesce(p.price, 100) * 0.8, 2)
    FROM price_lists l CROSS JOIN products p WHERE l.code LIKE 'GROUP-%' AND p.id % 10 = 0`);
  await database.db.execute(sql`
    INSERT INTO price_list_assignments (price_list_id, price_group, priority)
    SELECT id, 'group' || substr(code, 7), 0 FROM price_lists WHERE code LIKE 'GROUP-%'`);
  await database.db.execute(sql`
    INSERT INTO companies (name, price_group) SELECT 'Dealer ' || c, 'group' || (c % ${GROUPS} + 1) FROM generate_series(1, ${COMPANIES}) c`);
  await database.db.execute(sql`
    INSERT INTO price_lists (code, name) SELECT 'CONTRACT-' || c, 'Contract ' || c FROM generate_series(1, ${COMPANIES}) c`);
  await database.db.execute(sql`
    INSERT INTO price_list_entries (price_list_id, product_id, min_quantity, price)
    SELECT l.id, 10000 + ((c * 137 + k * 50) % ${SKUS}), 1, round(10 + ((c * 7 + k) % 500) / 9.0, 2)
    FROM generate_series(1, ${COMPANIES}) c
    JOIN price_lists l ON l.code = 'CONTRACT-' || c
    CROSS JOIN generate_series(0, ${CONTRACT_ENTRIES - 1}) k`);
  await database.db.execute(sql`
    INSERT INTO price_list_assignments (price_list_id, company_id, priority)
    SELECT l.id, co.id, 10 FROM companies co JOIN price_lists l ON l.code = 'CONTRACT-' || substr(co.name, 8)`);
  await database.db.execute(sql`ANALYZE`);
}

/** A signed-in dealer of company `companyId` (null: a dealer without a company, the base catalogue). */
async function dealer(database: BenchDatabase, server: ChildServer, companyId: number | null, name: string): Promise<string> {
  const { cookie } = await signedInCookie(database.db, server.url, 'bold_customer', name);
  if (companyId !== null) await database.db.execute(sql`UPDATE users SET company_id = ${companyId}, company_role = 'buyer' WHERE username = ${name}`);
  return cookie;
}

function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ body: Buffer.concat(chunks), headers: response.headers as Record<string, string> }));
    }).on('error', reject);
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Same probe as bench/stock-page.ts: the first table row on screen. */
const PROBE = `
  window.__bench = { firstRow: null };
  new MutationObserver((_, observer) => {
    if (document.querySelector('table tbody tr[aria-rowindex]')) {
      requestAnimationFrame(() => { window.__bench.firstRow = performance.now(); });
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function firstRows(server: ChildServer, cookie: string): Promise<{ times: number[]; overlay: number[]; catalogue: number[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const [name, value] = cookie.split('=') as [string, string];
  const times: number[] = [];
  const overlay: number[] = [];
  const catalogue: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      await context.addCookies([{ name, value, url: server.url }]);
      await context.addInitScript(PROBE);
      const page = await context.newPage();
      await page.goto(`${server.url}/stock`);
      await page.waitForFunction(() => (window as unknown as { __bench: { firstRow: number | null } }).__bench.firstRow !== null, undefined, { timeout: 60_000 });
      times.push(await page.evaluate(() => (window as unknown as { __bench: { firstRow: number } }).__bench.firstRow));
      // No named functions inside: tsx's helpers do not exist in the page.
      const ends = await page.evaluate(() =>
        [/\/api\/products\/prices$/, /\/api\/products\/columns$/].map(
          (pattern) => (performance.getEntriesByType('resource').find((e) => pattern.test(e.name)) as PerformanceResourceTiming | undefined)?.responseEnd ?? -1,
        ),
      );
      overlay.push(ends[0] ?? -1);
      catalogue.push(ends[1] ?? -1);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { times, overlay, catalogue };
}

export async function run(): Promise<void> {
  if (!process.env.BENCH_SKIP_PAGE) await buildClientIfStale();
  const database = await benchDatabase('contract-prices');
  const dir = path.resolve('.tmp', `bench-contract-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const servers: ChildServer[] = [];
  try {
    const seeding = await timed(() => seed(database));
    const app = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), ...(process.env.BENCH_SKIP_PAGE ? {} : { CLIENT_DIR: path.resolve('dist/client') }) });
    servers.push(app);
    const contract = await dealer(database, app, 1, 'bench-contract-dealer');
    const plain = await dealer(database, app, null, 'bench-base-dealer');
    const contractHeaders = { cookie: contract, 'accept-encoding': ACCEPT_ENCODING };
    const plainHeaders = { cookie: plain, 'accept-encoding': ACCEPT_ENCODING };

    // The same bytes from bare node:http.
    const catalogue = await rawGet(`${app.url}/api/products`, contractHeaders);
    const bodyFile = path.join(dir, 'catalogue.bin');
    await writeFile(bodyFile, catalogue.body);
    const sameHeaders = {
      'content-type': catalogue.headers['content-type']!,
      'content-encoding': catalogue.headers['content-encoding'] ?? 'identity',
      etag: catalogue.headers.etag!,
      vary: 'Accept-Encoding',
      'cache-control': 'private, no-cache',
    };
    const bare = await startChildServer({ BENCH_MODE: 'bare', PORT: String(PORT + 1), BENCH_BODY_FILE: bodyFile, BENCH_HEADERS: JSON.stringify(sameHeaders) });
    servers.push(bare);
    const uncached = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT + 2), BENCH_SESSION_CACHE: 'off' });
    servers.push(uncached);
    // A warm-up run each, so the first measured run is not the JIT's.
    await load(`${app.url}/api/products`, contractHeaders);
    await load(`${uncached.url}/api/products`, contractHeaders);

    const loadBefore = os.loadavg()[0]!;
    const portal = await runs(`${app.url}/api/products`, contractHeaders);
    const baseline = await runs(`${bare.url}/api/products`, contractHeaders);
    const base = await runs(`${app.url}/api/products`, plainHeaders);
    const noCache = await runs(`${uncached.url}/api/products`, contractHeaders);

    // The overlay: cold (each company's first ask builds it), then cached.
    const cold: number[] = [];
    for (let companyId = 2; companyId < 2 + Math.max(3, RUNS); companyId++) {
      const cookie = await dealer(database, app, companyId, `bench-dealer-${companyId}`);
      cold.push(await timed(() => rawGet(`${app.url}/api/products/prices`, { cookie, 'accept-encoding': ACCEPT_ENCODING })));
    }
    const overlayAnswer = await rawGet(`${app.url}/api/products/prices`, contractHeaders);
    const overlayIdentity = await fetch(`${app.url}/api/products/prices`, { headers: { cookie: contract } }).then((r) => r.arrayBuffer());
    const warm = await runs(`${app.url}/api/products/prices`, contractHeaders);
    const notModified = await runs(`${app.url}/api/products/prices`, { ...contractHeaders, 'if-none-match': overlayAnswer.headers.etag! });

    // Pricing a 100-line PO (what the cart and the order call), on this process's own pool.
    const skus = await database.db.execute<{ id: number; price: string | null }>(sql`SELECT id, price FROM products ORDER BY id`);
    const today = todayIn();
    const pricing: number[] = [];
    for (let i = 0; i < 200; i++) {
      const lines = Array.from({ length: 100 }, (_, n) => {
        const product = skus.rows[(i * 7919 + n * 499) % skus.rows.length]!;
        return { productId: product.id, quantity: 1 + ((i + n) % 150), basePrice: product.price };
      });
      pricing.push(await timed(() => priceLines(database.db, 1 + (i % COMPANIES), lines, today)));
    }

    const loadAverage = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`;

    console.log(
      `contract prices: ${formatNumber(SKUS)} SKUs, ${COMPANIES} companies x ${formatNumber(CONTRACT_ENTRIES)} contract entries, ${GROUPS} group lists x ${formatNumber(SKUS)} (+ a 100+ break on every tenth); seeded in ${formatNumber(seeding / 1000, 1)} s; ${RUNS} runs of ${DURATION} s at ${CONNECTIONS} connections; ${loadAverage}`,
    );
    console.log(`GET /api/products (${formatNumber(catalogue.body.length / 1024)} KB ${sameHeaders['content-encoding']}):`);
    console.log(line('contract dealer (session cache on)', portal));
    console.log(line('bare node:http, same bytes', baseline));
    console.log(line('base catalogue: dealer without a company', base));
    console.log(line('contract dealer, session cache off (ADR 0176)', noCache));
    console.log(
      `  ratio contract dealer / bare: median ${formatNumber(median(portal.rps) / median(baseline.rps), 2)}, worst run ${formatNumber(Math.min(...portal.rps) / Math.max(...baseline.rps), 2)} (target >= 0.9); without the session cache ${formatNumber(median(noCache.rps) / median(baseline.rps), 2)}`,
    );
    console.log(
      `GET /api/products/prices for company 1 (${formatNumber(overlayIdentity.byteLength / 1024)} KB JSON, ${formatNumber(overlayAnswer.body.length / 1024)} KB ${overlayAnswer.headers['content-encoding'] ?? 'identity'}):`,
    );
    console.log(`  cold (built), one request:                     median ${formatNumber(median(cold))} ms, worst ${formatNumber(Math.max(...cold))} ms`);
    console.log(line('cached', warm));
    console.log(line('cached, If-None-Match (304s count as non-2xx)', notModified));
    console.log(`priceLines, 100-line PO, 200 POs: median ${formatNumber(median(pricing), 1)} ms, p95 ${formatNumber(percentile(pricing, 0.95), 1)} ms, worst ${formatNumber(Math.max(...pricing), 1)} ms (target p95 < 50 ms)`);
    // Printed last, after the server figures above (a browser failure keeps them).
    if (!process.env.BENCH_SKIP_PAGE) {
      // The same page for a dealer without a company (no overlay), alternated with the contract dealer's loads.
      const page = await firstRows(app, contract);
      const basePage = await firstRows(app, plain);
      console.log(
        `/stock for the contract dealer in Chromium, to first rows: median ${formatNumber(median(page.times))} ms, worst ${formatNumber(Math.max(...page.times))} ms (target 1,000); overlay received by ${formatNumber(median(page.overlay))} ms, catalogue by ${formatNumber(median(page.catalogue))} ms`,
      );
      console.log(
        `/stock for a dealer without a company, same run:          median ${formatNumber(median(basePage.times))} ms, worst ${formatNumber(Math.max(...basePage.times))} ms; catalogue by ${formatNumber(median(basePage.catalogue))} ms`,
      );
    }
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
