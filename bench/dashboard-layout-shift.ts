/**
 * The salesperson dashboard's cumulative layout shift (the announcement
 * carousel arriving after the page used to push the tiles down, CLS 0.267).
 * Loads /dashboard in Chromium at desktop and phone size with the two demo
 * announcements and sums the layout-shift entries not caused by input, as the
 * browser's CLS does. The server runs in its own process on the production build.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { demoAnnouncements } from '../src/server/db/demo-data/announcements';
import { announcements, users } from '../src/server/db/schema';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const PORT = Number(process.env.BENCH_PORT ?? 5332);
const RUNS = Number(process.env.BENCH_CLS_RUNS ?? 3);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWPORTS = { 'desktop 1280x860': { width: 1280, height: 860 }, 'phone 390x844': { width: 390, height: 844 } };

const PROBE = `
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

export async function run(): Promise<void> {
  await buildClientIfStale();
  const database = await benchDatabase('cls');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), CLIENT_DIR: path.resolve('dist/client') });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { cookie } = await signedInCookie(database.db, server.url, 'salesperson');
    const [author] = await database.db.select({ id: users.id }).from(users).limit(1);
    await database.db.insert(announcements).values(demoAnnouncements(author!.id, new Date()));
    const [name, value] = cookie.split('=') as [string, string];
    console.log(`dashboard layout shift in Chromium: salesperson, 2 announcements, ${RUNS} loads per size`);
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const scores: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport });
        await context.addCookies([{ name, value, url: server.url }]);
        await context.addInitScript(PROBE);
        const page = await context.newPage();
        await page.goto(`${server.url}/dashboard`);
        await page.getByRole('region', { name: 'Announcements' }).waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1000);
        scores.push(await page.evaluate(() => (window as unknown as { __cls: number }).__cls));
        await context.close();
      }
      console.log(`  ${label.padEnd(18)} CLS max ${formatNumber(Math.max(...scores), 3)} (${scores.map((s) => formatNumber(s, 3)).join(', ')})`);
    }
  } finally {
    await browser.close();
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
