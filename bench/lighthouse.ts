/**
 * Lighthouse on the pages a field salesperson opens on a phone (issue 15): /auth
 * signed out, /dashboard and /stock signed in as a salesperson. Builds the client
 * when stale, starts the production server in its own process on a fresh embedded
 * PostgreSQL with the demo data (products, announcements), and runs Lighthouse
 * (default mobile emulation with simulated throttling) in headless Chromium.
 * Prints performance, FCP, LCP, TBT, CLS, transferred bytes, accessibility and best
 * practices per page, the median of BENCH_LIGHTHOUSE_RUNS runs (default 3) by
 * performance score.
 *
 * Targets: performance >= 0.95, accessibility 1.0, best practices >= 0.93.
 * Lighthouse's simulated TBT grows with the CPU the machine has left: on a loaded
 * machine the scores are pessimistic.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { bootstrapEmptyDatabase } from '../src/server/db/bootstrap';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber } from './support/session';

const PORT = Number(process.env.BENCH_PORT ?? 5334);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGES: { path: string; label: string; signedIn: boolean }[] = [
  { path: '/auth', label: '/auth', signedIn: false },
  { path: '/dashboard', label: '/dashboard (salesperson)', signedIn: true },
  { path: '/stock', label: '/stock (salesperson)', signedIn: true },
];

interface Row {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  accessibility: number;
  bestPractices: number;
  javascriptBytes: number;
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(Date.now()) },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login ${username}: ${login.status} ${await login.text()}`);
  return (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function rowOf(lhr: Result): Row {
  const scripts = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return {
    performance: lhr.categories.performance?.score ?? 0,
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    bytes: numeric(lhr, 'total-byte-weight'),
    accessibility: lhr.categories.accessibility?.score ?? 0,
    bestPractices: lhr.categories['best-practices']?.score ?? 0,
    javascriptBytes: scripts.find((s) => s.resourceType === 'script')?.transferSize ?? 0,
  };
}

/** Failed audits of a category (score below 1 and not informative), to say what costs the points. */
function failures(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit!.id);
}

async function audit(url: string, cookie: string | undefined): Promise<Result> {
  // A fresh browser per run: no cache, no service state carried over.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    // BENCH_LIGHTHOUSE_SAVE=dir keeps each report (JSON) to read what a score is made of.
    const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
    if (saveDir) {
      await mkdir(saveDir, { recursive: true });
      await writeFile(path.join(saveDir, `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

export async function run(): Promise<void> {
  await buildClientIfStale();
  const database = await benchDatabase('lighthouse');
  const boot = await bootstrapEmptyDatabase(database.db, { demoData: true });
  const sales = boot.demoAccounts.find((a) => a.role === 'salesperson' && !a.temporary);
  if (!sales) throw new Error('no demo salesperson');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), CLIENT_DIR: path.resolve('dist/client') });
  let failed = false;
  try {
    console.log(`Lighthouse ${RUNS} run(s) per page, mobile emulation, median by performance; demo data, salesperson "${sales.username}"`);
    console.log('| page | performance | FCP | LCP | TBT | CLS | bytes | JS | accessibility | best practices |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const page of PAGES) {
      const results: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Each run signs in afresh: Lighthouse clears storage, and the cookie rides as a header.
        const cookie = page.signedIn ? await signIn(server.url, sales.username, sales.password) : undefined;
        results.push(await audit(`${server.url}${page.path}`, cookie));
      }
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)]!;
      const row = rowOf(lhr);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(page.path)) console.log(`  (ended on ${lhr.finalDisplayedUrl})`);
      console.log(
        `| ${page.label} | ${formatNumber(row.performance, 2)} | ${formatNumber(row.fcp / 1000, 1)} s | ${formatNumber(row.lcp / 1000, 1)} s | ${formatNumber(row.tbt)} ms | ${formatNumber(row.cls, 3)} | ${formatNumber(row.bytes / 1024)} KiB | ${formatNumber(row.javascriptBytes / 1024)} KiB | ${formatNumber(row.accessibility, 2)} | ${formatNumber(row.bestPractices, 2)} |`,
      );
      const missed = [...failures(lhr, 'accessibility'), ...failures(lhr, 'best-practices')];
      if (missed.length > 0) console.log(`  not passed: ${missed.join(', ')}`);
      if (row.performance < 0.95 || row.accessibility < 1 || row.bestPractices < 0.93) failed = true;
    }
    console.log(`targets: performance >= 0.95, accessibility 1.00, best practices >= 0.93 -> ${failed ? 'NOT MET' : 'met'}`);
  } finally {
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
