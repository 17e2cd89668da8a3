import { spawnSync } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts, syntheticProducts } from '../bench/support/catalogue';
import { startChildServer, type ChildServer } from '../bench/support/child-server';
import { benchDatabase, type BenchDatabase } from '../bench/support/database';
import { signedInCookie } from '../bench/support/session';
import { closedDays, incomingLoads, merchandise, orders, productLots, products } from '../src/server/db/schema';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { CHROMIUM_PATH } from './support/browser';

/**
 * Field mode (docs/decisions/0227, 0228) in Chromium with `context.setOffline`. The journey runs its
 * own server on its own database (bench/support), so it can delete a product while the rep is offline
 * and serve a second build for the update prompt without touching the other journeys' server.
 */
const PORT = Number(process.env.FIELD_E2E_PORT ?? 6601);
const CLIENT_DIR = path.resolve('dist/client');
const NEXT_CLIENT_DIR = path.resolve('.tmp', `field-e2e-next-${process.pid}`);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Products 10006, 10014, ... hold 480 boxes in the synthetic catalogue (bench/support/catalogue.ts). */
const ORDERED = [10006, 10014, 10022, 10030, 10038];
const REMOVED = 10046;
/** Added from /stock offline (the rest from /field); the second has lots and a load to show offline. */
const FROM_STOCK = ORDERED.slice(0, 2);
const WITH_LOTS = ORDERED[1]!;

/** A weekday about two weeks ahead, for a closed day the field date picker must show offline. */
function weekdayAhead(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

let database: BenchDatabase;
let server: ChildServer;
let browser: Browser;
let baseURL: string;
const errors: string[] = [];

async function startServer(clientDir: string) {
  const env = { BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), CLIENT_DIR: clientDir };
  // A start can pass the helper's default minute on a machine shared by several engineers.
  process.env.BENCH_SERVER_START_MS ??= '180000';
  server = await startChildServer(env);
}

beforeAll(async () => {
  await buildClientIfStale();
  database = await benchDatabase('field-e2e');
  await insertProducts(database.db, syntheticProducts(300));
  await startServer(CLIENT_DIR);
  baseURL = server.url;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.close();
  await rm(NEXT_CLIENT_DIR, { recursive: true, force: true });
  // Uncaught errors fail the journey; failed loads while offline are what offline means.
  expect(errors).toEqual([]);
});

async function repContext(username: string, viewport = { width: 1280, height: 860 }): Promise<BrowserContext> {
  const { cookie } = await signedInCookie(database.db, baseURL, 'salesperson', username);
  const [name, value] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ baseURL, viewport });
  await context.addCookies([{ name, value, url: baseURL }]);
  return context;
}

function watch(page: Page): Page {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch|404|409/.test(text)) return;
    errors.push(text);
  });
  return page;
}

/** The build id index.html carries (vite.config.ts, docs/decisions/0239). */
function buildIdOf(html: string): string {
  const id = /<meta name="portal-build" content="([^"]+)"/.exec(html)?.[1];
  expect(id, 'index.html names its build').toBeTruthy();
  return id!;
}

/** The entry script index.html loads. */
function entryOf(html: string): string {
  return /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1]!;
}

/** A production build of the client with its own build id into `outDir`, as `npm run build` makes one. */
function buildClient(outDir: string, buildId: string): void {
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', PORTAL_BUILD_ID: buildId },
  });
  expect(result.status, 'the second build').toBe(0);
}

/** A value of field mode's IndexedDB store, or null. */
function deviceValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (k) =>
      new Promise((resolve) => {
        void indexedDB.databases().then((list) => {
          if (!list.some((d) => d.name === 'bold-field')) return resolve(null);
          const open = indexedDB.open('bold-field');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('kv')) {
              db.close();
              return resolve(null);
            }
            const read = db.transaction('kv').objectStore('kv').get(k);
            read.onsuccess = () => {
              db.close();
              resolve((read.result as { value?: unknown } | undefined)?.value ?? null);
            };
          };
          open.onerror = () => resolve(null);
        });
      }),
    key,
  );
}

async function until(check: () => Promise<unknown>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ordersOf = async (username: string) => {
  const rows = await database.db.select().from(orders).where(eq(orders.username, username));
  return rows;
};

describe('field mode', () => {
  it('works offline after one online visit: stock search, a sample order queued and sent once, a removed product to review, sign-out clears', async () => {
    const username = 'field-rep';
    const context = await repContext(username);
    const page = watch(await context.newPage());
    // Lots, a load and a closed day the rep must see offline (docs/decisions/0234).
    await database.db.insert(productLots).values({ productId: WITH_LOTS, lot: 'FIELD-LOT-A', shade: 'S7', warehouse: 'Main', quantity: 480 });
    await database.db.insert(incomingLoads).values({ productId: WITH_LOTS, quantity: 96, eta: weekdayAhead(20), stage: 'on_vessel' });
    await database.db.insert(closedDays).values({ day: weekdayAhead(12), name: 'Field stocktake' }).onConflictDoNothing();
    await database.db.insert(merchandise).values({ type: 'display', code: 'FIELD-DS', name: 'Field Tower Display', category: 'Towers' }).onConflictDoNothing();

    // One online visit: the service worker installs, the catalogue and the sample order's answers are kept.
    await page.goto('/stock');
    await page.locator('table tbody tr').first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await until(() => deviceValue(page, 'catalogue-sync'), 'the catalogue saved on the device');
    await page.goto('/field');
    await page.getByTestId('field-requested-date').getByText('Selected:').waitFor({ timeout: 15_000 });
    await until(() => deviceValue(page, 'query:["/api/orders/requested-dates"]'), 'the requested dates saved');
    await until(() => deviceValue(page, 'query:["/api/carts"]'), 'the sample order saved');
    await until(() => deviceValue(page, 'availability'), 'the lots and loads saved');
    await page.goto('/additional-merchandise');
    await page.getByText('Field Tower Display').waitFor();
    await until(() => deviceValue(page, 'query:["/api/merchandise/displays"]'), 'the displays saved');

    // Offline: /stock opens from the service worker and IndexedDB and finds a tile by search.
    await context.setOffline(true);
    await database.db.delete(products).where(eq(products.id, REMOVED));
    await page.goto('/stock');
    await page.getByText(/Offline: stock as of \d\d:\d\d/).waitFor();
    const [first] = syntheticProducts(300).filter((p) => p.id === ORDERED[0]);
    await page.getByRole('searchbox').first().fill(first!.name);
    await page.getByRole('cell', { name: String(ORDERED[0]) }).first().waitFor();

    // Two lines added from /stock offline: queued with the "waiting to send" mark; lots and loads shown from the device.
    for (const id of FROM_STOCK) {
      await page.getByRole('searchbox').first().fill(String(id));
      await page.getByRole('button', { name: String(id), exact: true }).click();
      const detail = page.locator('td[id*="detail"]');
      if (id === WITH_LOTS) {
        await detail.getByText('FIELD-LOT-A', { exact: true }).waitFor();
        await detail.getByText(/96 boxes arriving/).first().waitFor();
      }
      await detail.getByRole('button', { name: 'Add to Sample Order' }).click();
      await detail.getByText('Added: waiting to send').waitFor();
      await page.getByRole('button', { name: String(id), exact: true }).click();
    }

    // A display's quantity changed offline: queued too (docs/decisions/0234).
    await page.goto('/additional-merchandise');
    await page.getByRole('button', { name: 'Increase Quantity of Field Tower Display' }).click();
    await page.getByText('Added to cart').waitFor();

    // /cart's own buttons offline (docs/decisions/0239): the lines added from /stock are there, marked
    // waiting; a quantity stepped and then typed, and a removal undone, each queued in order.
    const nameOf = (id: number) => syntheticProducts(300).find((p) => p.id === id)!.name;
    const [stockA, stockB] = [{ name: nameOf(FROM_STOCK[0]!) }, { name: nameOf(FROM_STOCK[1]!) }];
    await page.goto('/cart');
    await page.getByText(/Offline: stock as of/).waitFor();
    const quantityOf = (name: string) => page.getByLabel(`Quantity of ${name}`, { exact: true });
    for (const p of [stockA, stockB]) await quantityOf(p.name).waitFor();
    expect(await page.getByText('Waiting to send', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: `Increase Quantity of ${stockA.name}` }).click();
    await expect.poll(() => quantityOf(stockA.name).inputValue()).toBe('2');
    await quantityOf(stockA.name).fill('3');
    await quantityOf(stockA.name).press('Enter');
    await expect.poll(() => quantityOf(stockA.name).inputValue()).toBe('3');
    await page.getByRole('button', { name: `Remove ${stockB.name}` }).click();
    await quantityOf(stockB.name).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await quantityOf(stockB.name).waitFor();
    // Kept on the device: the cart opened again offline shows the same, still waiting.
    await page.reload();
    await page.getByText('2 lines changed on this device are waiting to send', { exact: false }).waitFor();
    await expect.poll(() => quantityOf(stockA.name).inputValue()).toBe('3');
    expect(await quantityOf(stockB.name).inputValue()).toBe('1');
    expect(await ordersOf(username)).toHaveLength(0);

    // Three more lines and the removed product added, and the sample order placed, all offline.
    await page.goto('/field');
    await page.getByText(/Offline: stock as of/).waitFor();
    const lines = page.getByRole('list', { name: 'Sample order lines' });
    for (const id of FROM_STOCK) await lines.getByText(String(id)).waitFor();
    // The closed day kept on the device is named beside the greyed calendar.
    await page.getByText(/Warehouse closed: .*Field stocktake/).waitFor();
    for (const id of [...ORDERED.filter((o) => !FROM_STOCK.includes(o)), REMOVED]) {
      await page.getByLabel('Find a product').fill(String(id));
      await page.getByRole('list', { name: 'Matching products' }).getByRole('button').first().click();
      await page.getByRole('list', { name: 'Sample order lines' }).getByText(String(id)).waitFor();
    }
    expect(await page.getByRole('list', { name: 'Sample order lines' }).getByText('Waiting to send').count()).toBe(6);
    await page.getByRole('button', { name: 'Place sample order' }).click();
    await page.getByText('Sample order placed on this device').waitFor();
    expect(await ordersOf(username)).toHaveLength(0);

    // Back online: the lines go in order; the removed product comes back for review and holds the order.
    const orderPosts: { headers: Record<string, string>; body: string }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/orders')) orderPosts.push({ headers: request.headers(), body: request.postData() ?? '' });
    });
    await context.setOffline(false);
    const review = page.getByRole('list', { name: 'Changes to review' });
    await review.getByText(String(REMOVED)).or(review.getByText(/Add 1 ×/)).first().waitFor({ timeout: 20_000 });
    expect(await ordersOf(username)).toHaveLength(0);
    await review.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText(/Sample Order #1 sent/).waitFor({ timeout: 20_000 });

    const placed = await ordersOf(username);
    expect(placed).toHaveLength(1);
    const placedLines = await page.request.get(`/api/orders/${placed[0]!.id}`);
    const order = (await placedLines.json()) as { items: { productId: number; quantity: number }[]; merchandise: { code: string; quantity: number }[] };
    // The quantity typed on /cart offline (3) went in after the add it changed.
    expect(order.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(ORDERED.map((id) => [id, id === FROM_STOCK[0] ? 3 : 1]).sort());
    expect(order.merchandise.map((m) => [m.code, m.quantity])).toEqual([['FIELD-DS', 1]]);

    // Replayed five more times (the same key and body, as after a lost answer): nothing new.
    expect(orderPosts).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      const again = await page.request.post('/api/orders', {
        headers: { 'content-type': 'application/json', 'idempotency-key': orderPosts[0]!.headers['idempotency-key']!, 'x-request-timestamp': String(Date.now()) },
        data: orderPosts[0]!.body,
      });
      expect(again.status(), await again.text()).toBeLessThan(300);
    }
    // And the app opened again five times (each opening replays what waits): nothing new.
    for (let i = 0; i < 5; i++) await page.reload();
    expect(await ordersOf(username)).toHaveLength(1);

    // Signing out removes everything kept on the device.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/auth');
    await until(async () => (await page.evaluate(() => indexedDB.databases())).every((d) => d.name !== 'bold-field'), 'the device data removed');
    expect(await page.evaluate(() => localStorage.getItem('bold-field-user'))).toBeNull();
    await context.close();
  }, 180_000);

  it("counts the adds and removals waiting on the device in the header's cart badge, on a phone", async () => {
    // Products that hold 480 boxes (bench/support/catalogue.ts), none used by the journey above.
    const ids = [10054, 10062, 10070, 10078, 10086];
    const context = await repContext('field-rep-badge', { width: 390, height: 844 });
    const page = watch(await context.newPage());
    const badge = page.getByTestId('frame-cart-count');
    await page.goto('/field');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await until(() => deviceValue(page, 'catalogue-sync'), 'the catalogue saved on the device');
    await until(() => deviceValue(page, 'query:["/api/carts"]'), 'the sample order saved');
    expect(await badge.textContent()).toBe('0');

    // Offline: five products added on /field, each waiting on the device; the server still has none.
    await context.setOffline(true);
    await page.goto('/field');
    await page.getByText(/Offline: stock as of/).waitFor();
    const lines = page.getByRole('list', { name: 'Sample order lines' });
    for (const id of ids) {
      await page.getByLabel('Find a product').fill(String(id));
      await page.getByRole('list', { name: 'Matching products' }).getByRole('button').first().click();
      await lines.getByText(String(id)).waitFor();
    }
    await expect.poll(() => badge.textContent()).toBe('5');
    // For a look at the header (not compared): a phone, then a desktop.
    await page.screenshot({ path: path.resolve('.tmp', 'field-badge-390.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.resolve('.tmp', 'field-badge-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });

    // A removal waits too, and the count survives the portal opened again offline (from the device).
    const name = syntheticProducts(100).find((p) => p.id === ids[4])!.name;
    await lines.getByRole('button', { name: `Remove ${name}` }).click();
    await expect.poll(() => badge.textContent()).toBe('4');
    await page.goto('/stock');
    await page.getByText(/Offline: stock as of/).waitFor();
    await expect.poll(() => badge.textContent()).toBe('4');

    // Back online the writes go; the badge then counts the server's four lines, not eight.
    await context.setOffline(false);
    await until(async () => (await page.request.get('/api/carts').then((r) => r.json()) as { items: unknown[] }[])[0]?.items.length === 4, 'the four lines on the server');
    await page.reload();
    await expect.poll(() => badge.textContent()).toBe('4');
    await context.close();
  }, 120_000);

  it('opens from the device within seconds when the page request hangs (a signal that carries no data)', async () => {
    const context = await repContext('field-rep-hang');
    const page = watch(await context.newPage());
    await page.goto('/stock');
    await page.locator('table tbody tr').first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await until(() => deviceValue(page, 'catalogue-sync'), 'the catalogue saved on the device');

    // The portal's address now takes the connection and never answers, as a phone's weak signal does.
    await server.stop();
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(PORT, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      await page.goto('/stock', { timeout: 30_000 });
      await page.getByText(/Offline: stock as of \d\d:\d\d/).waitFor({ timeout: 10_000 });
      await page.locator('table tbody tr').first().waitFor();
      // The worker's 5 s deadline (docs/decisions/0246), not the browser's own minutes.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await startServer(CLIENT_DIR);
      await context.close();
    }
  }, 120_000);

  it('offers a new build with one tap that reloads every open tab into it, with no blank screen', async () => {
    // A real second build (docs/decisions/0239): the same sources with another build id, so the entry
    // chunk, the chunks that import it, index.html, the precache manifest and sw.js all change.
    const first = buildIdOf(await readFile(path.join(CLIENT_DIR, 'index.html'), 'utf8'));
    const next = `${first}-next`;
    buildClient(NEXT_CLIENT_DIR, next);
    const firstEntry = entryOf(await readFile(path.join(CLIENT_DIR, 'index.html'), 'utf8'));
    const nextEntry = entryOf(await readFile(path.join(NEXT_CLIENT_DIR, 'index.html'), 'utf8'));
    expect(nextEntry).not.toBe(firstEntry);

    const context = await repContext('field-rep-update');
    const missing: string[] = [];
    const tabs = [watch(await context.newPage()), watch(await context.newPage())];
    for (const tab of tabs) tab.on('response', (r) => r.status() === 404 && new URL(r.url()).pathname.startsWith('/assets/') && missing.push(r.url()));
    await tabs[0]!.goto('/stock');
    await tabs[1]!.goto('/field');
    for (const tab of tabs) {
      await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      expect(await tab.evaluate(() => document.documentElement.dataset.build)).toBe(first);
    }

    await server.stop();
    await startServer(NEXT_CLIENT_DIR);
    // The old build's entry is gone from the server: only the old worker's precache still has it.
    expect((await tabs[0]!.request.get(firstEntry)).status()).toBe(404);

    await tabs[0]!.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    // Every open tab is offered the new version, and one tap reloads them all.
    for (const tab of tabs) await tab.getByText('A new version of the portal is ready.').waitFor({ timeout: 60_000 });
    await tabs[0]!.getByRole('button', { name: 'Reload' }).click();
    for (const tab of tabs) {
      await expect.poll(() => tab.evaluate(() => document.querySelector('meta[name="portal-build"]')?.getAttribute('content') ?? null), { timeout: 30_000 }).toBe(next);
      await expect.poll(() => tab.evaluate(() => document.documentElement.dataset.build ?? null), { timeout: 30_000 }).toBe(next);
    }
    // No blank screen: each tab paints its page on the new build, and no asset was asked for in vain.
    await tabs[0]!.locator('table tbody tr').first().waitFor();
    await tabs[1]!.getByText(`Version ${next}`).waitFor();
    await tabs[1]!.getByRole('heading', { name: 'Sample order', exact: true }).waitFor();
    expect(await tabs[1]!.getByText('A new version of the portal is ready.').count()).toBe(0);
    expect(missing).toEqual([]);
    await context.close();
  }, 600_000);
});
