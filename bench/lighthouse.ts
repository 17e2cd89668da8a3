/**
 * Lighthouse on the first visit a salesperson on a phone meets: /auth signed
 * out, /dashboard and /stock signed in, in two cases:
 *   - `new`: a portal started without demo data (an empty catalogue, no announcements), and a
 *     salesperson the admin created through the API (a temporary password, changed by the
 *     salesperson through POST /api/user/password before the runs);
 *   - `demo`: the demo catalogue (about 3,000 tiles, two announcements) and the demo salesperson.
 * Builds the client when stale, starts the production server in its own process on a fresh
 * embedded PostgreSQL per case and runs Lighthouse 12 (default mobile emulation, simulated
 * throttling) in a fresh headless Chromium per run. For each page: the median and the worst of
 * BENCH_LIGHTHOUSE_RUNS runs (default 5) of performance, TBT, LCP, CLS and FCP, the console errors,
 * and the long tasks over 50 ms with their script (Lighthouse's `long-tasks`) and the scripts'
 * main-thread time (`bootup-time`) of the median run.
 *
 * Targets, in both cases: performance median >= 0.95 and worst >= 0.90 on every page,
 * TBT median <= 200 ms on /dashboard and /stock, CLS 0, no console error; accessibility 1.0.
 * Lighthouse's simulated TBT grows with the CPU the machine has left: on a loaded machine the scores
 * are pessimistic, so the load average is printed beside them.
 *
 * BENCH_LIGHTHOUSE_CASES=new|demo and BENCH_LIGHTHOUSE_PAGES=/dashboard (comma-separated) narrow a
 * run; BENCH_LIGHTHOUSE_SAVE=dir keeps each report (JSON) to read what a score is made of;
 * BENCH_LIGHTHOUSE_CLIENT_DIR serves another build (the code before a change) for paired runs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { buildClientIfStale } from '../scripts/build-if-stale.mjs';
import { bootstrapEmptyDatabase } from '../src/server/db/bootstrap';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber } from './support/session';

const PORT = Number(process.env.BENCH_PORT ?? 5334);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The built client the server serves. BENCH_LIGHTHOUSE_CLIENT_DIR=/copy/of/dist/client serves another
 * build (a copy of main's), so a change is measured against the code before it in the same minutes:
 * on a shared machine only such paired runs compare (ADR 0197).
 */
const CLIENT_DIR = process.env.BENCH_LIGHTHOUSE_CLIENT_DIR ?? path.resolve('dist/client');
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ADMIN = { username: 'bench-admin', password: 'BenchAdmin123' };
const NEW_SALESPERSON = { username: 'bench-newhire', temporary: 'Temporary123', changed: 'Changed456' };

interface Page {
  path: string;
  signedIn: boolean;
  /** The blocking-time target applies to the signed-in pages. */
  tbtTarget: boolean;
}
const PAGES: Page[] = [
  { path: '/auth', signedIn: false, tbtTarget: false },
  { path: '/dashboard', signedIn: true, tbtTarget: true },
  { path: '/stock', signedIn: true, tbtTarget: true },
];

interface Account {
  username: string;
  password: string;
}

interface Case {
  name: 'new' | 'demo';
  label: string;
  demoData: boolean;
  /** Makes the salesperson the runs sign in as, on the running server. */
  account(url: string, demoAccounts: { username: string; password: string; role: string; temporary: boolean }[]): Promise<Account>;
}

const CASES: Case[] = [
  {
    name: 'new',
    label: 'new salesperson (created by the admin, temporary password changed), empty catalogue (DEMO_DATA=false)',
    demoData: false,
    account: createSalespersonThroughTheApi,
  },
  {
    name: 'demo',
    label: 'demo salesperson, demo catalogue',
    demoData: true,
    async account(_url, demoAccounts) {
      const sales = demoAccounts.find((a) => a.role === 'salesperson' && !a.temporary);
      if (!sales) throw new Error('no demo salesperson');
      return sales;
    },
  },
];

/** A small client for the API with one session cookie. */
function apiSession(url: string) {
  let cookie = '';
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, route: string, body?: unknown): Promise<unknown> {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(Date.now()), ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      const setCookie = response.headers.getSetCookie()[0];
      if (setCookie) cookie = setCookie.split(';')[0]!;
      return response.json();
    },
  };
}

/** As on a real portal: the admin creates the salesperson, who signs in with the temporary password and changes it. */
async function createSalespersonThroughTheApi(url: string): Promise<Account> {
  const admin = apiSession(url);
  await admin.call('POST', '/api/login', ADMIN);
  await admin.call('POST', '/api/session/role', { role: 'admin' });
  await admin.call('POST', '/api/users', {
    username: NEW_SALESPERSON.username,
    password: NEW_SALESPERSON.temporary,
    role: 'salesperson',
    firstName: 'Nora',
    lastName: 'Newhire',
    email: 'nora.newhire@example.com',
  });
  const salesperson = apiSession(url);
  const first = (await salesperson.call('POST', '/api/login', { username: NEW_SALESPERSON.username, password: NEW_SALESPERSON.temporary })) as {
    isTemporaryPassword: boolean;
  };
  if (!first.isTemporaryPassword) throw new Error('a new user should start with a temporary password');
  await salesperson.call('POST', '/api/user/password', { currentPassword: NEW_SALESPERSON.temporary, newPassword: NEW_SALESPERSON.changed });
  return { username: NEW_SALESPERSON.username, password: NEW_SALESPERSON.changed };
}

async function signIn(url: string, account: Account): Promise<string> {
  const session = apiSession(url);
  await session.call('POST', '/api/login', account);
  return session.cookie;
}

interface Row {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  javascriptBytes: number;
  accessibility: number;
  bestPractices: number;
  consoleErrors: string[];
  longTasks: { url: string; startTime: number; duration: number }[];
  bootup: { url: string; total: number; scripting: number }[];
  finalUrl: string;
  lhr: Result;
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function items<T>(lhr: Result, audit: string): T[] {
  return ((lhr.audits[audit]?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
}

function rowOf(lhr: Result): Row {
  const scripts = items<{ resourceType: string; transferSize: number }>(lhr, 'resource-summary');
  return {
    performance: lhr.categories.performance?.score ?? 0,
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    javascriptBytes: scripts.find((s) => s.resourceType === 'script')?.transferSize ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    bestPractices: lhr.categories['best-practices']?.score ?? 0,
    consoleErrors: items<{ description?: string; source?: string }>(lhr, 'errors-in-console').map((e) => `${e.source}: ${e.description}`),
    longTasks: items<{ url: string; startTime: number; duration: number }>(lhr, 'long-tasks').filter((t) => t.duration > 50),
    bootup: items<{ url: string; total: number; scripting: number }>(lhr, 'bootup-time'),
    finalUrl: lhr.finalDisplayedUrl,
    lhr,
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

/**
 * One Lighthouse run; a run Lighthouse itself could not record (NO_NAVSTART, NO_FCP on a starved
 * machine) is run again, up to twice, and said so: it is not a score of the page.
 */
async function auditWithRetry(url: string, cookie: () => Promise<string | undefined>, label: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, await cookie(), label);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (${new URL(url).pathname}: ${(error as Error).message.split('\n')[0]}; run again)`);
    }
  }
}

async function audit(url: string, cookie: string | undefined, label: string): Promise<Result> {
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
    const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
    if (saveDir) {
      await mkdir(saveDir, { recursive: true });
      await writeFile(path.join(saveDir, `${label}-${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The script's file name (a chunk's hash included), or what Lighthouse calls it. */
function scriptName(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' ? parsed.host : parsed.pathname.split('/').pop()!;
  } catch {
    return url;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const seconds = (ms: number) => `${formatNumber(ms / 1000, 1)} s`;

interface Verdict {
  page: string;
  problems: string[];
}

function judge(page: Page, rows: Row[]): Verdict {
  const problems: string[] = [];
  const perf = rows.map((r) => r.performance);
  if (median(perf) < 0.95) problems.push(`performance median ${formatNumber(median(perf), 2)} < 0.95`);
  if (Math.min(...perf) < 0.9) problems.push(`performance worst ${formatNumber(Math.min(...perf), 2)} < 0.90`);
  const tbt = median(rows.map((r) => r.tbt));
  if (page.tbtTarget && tbt > 200) problems.push(`TBT median ${formatNumber(tbt)} ms > 200`);
  const cls = Math.max(...rows.map((r) => r.cls));
  if (cls >= 0.0005) problems.push(`CLS ${formatNumber(cls, 3)}`);
  const errors = rows.reduce((n, r) => n + r.consoleErrors.length, 0);
  if (errors > 0) problems.push(`${errors} console error(s)`);
  if (Math.min(...rows.map((r) => r.accessibility)) < 1) problems.push('accessibility < 1');
  const wrongPage = rows.find((r) => !new URL(r.finalUrl).pathname.endsWith(page.path));
  if (wrongPage) problems.push(`ended on ${wrongPage.finalUrl}`);
  return { page: page.path, problems };
}

function report(page: Page, rows: Row[]): void {
  const by = (pick: (r: Row) => number, worst: 'min' | 'max') => {
    const values = rows.map(pick);
    return { median: median(values), worst: worst === 'min' ? Math.min(...values) : Math.max(...values) };
  };
  const perf = by((r) => r.performance, 'min');
  const tbt = by((r) => r.tbt, 'max');
  const lcp = by((r) => r.lcp, 'max');
  const fcp = by((r) => r.fcp, 'max');
  const cls = by((r) => r.cls, 'max');
  const errors = [...new Set(rows.flatMap((r) => r.consoleErrors))];
  console.log(
    `| ${page.path} | ${formatNumber(perf.median, 2)} | ${formatNumber(perf.worst, 2)} | ${formatNumber(tbt.median)} ms | ${formatNumber(tbt.worst)} ms | ${seconds(lcp.median)} | ${seconds(lcp.worst)} | ${seconds(fcp.median)} | ${formatNumber(cls.worst, 3)} | ${formatNumber(median(rows.map((r) => r.javascriptBytes)) / 1024)} KiB | ${formatNumber(Math.min(...rows.map((r) => r.accessibility)), 2)} | ${formatNumber(Math.min(...rows.map((r) => r.bestPractices)), 2)} | ${errors.length} | ${rows.map((r) => formatNumber(r.performance, 2)).join(' ')} |`,
  );
}

function details(page: Page, rows: Row[]): void {
  // The run whose score is the median: its long tasks and scripts say where a typical load's time goes.
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  const typical = sorted[Math.floor(sorted.length / 2)]!;
  const worst = sorted[0]!;
  const tasks = (row: Row) =>
    row.longTasks.length === 0 ? 'none' : row.longTasks.map((t) => `${formatNumber(t.duration)} ms ${scriptName(t.url)} @${seconds(t.startTime)}`).join(', ');
  console.log(`  ${page.path} long tasks > 50 ms, median run: ${tasks(typical)}`);
  if (worst !== typical) console.log(`  ${page.path} long tasks > 50 ms, worst run: ${tasks(worst)}`);
  const bootup = typical.bootup
    .slice(0, 4)
    .map((b) => `${scriptName(b.url)} ${formatNumber(b.total)} ms (script ${formatNumber(b.scripting)})`)
    .join(', ');
  console.log(`  ${page.path} main-thread time by script (bootup-time), median run: ${bootup || 'none'}`);
  const errors = [...new Set(rows.flatMap((r) => r.consoleErrors))];
  for (const error of errors) console.log(`  ${page.path} console error: ${error}`);
  const missed = [...new Set(rows.flatMap((r) => [...failures(r.lhr, 'accessibility'), ...failures(r.lhr, 'best-practices')]))];
  if (missed.length > 0) console.log(`  ${page.path} not passed (accessibility, best practices): ${missed.join(', ')}`);
}

async function runCase(benchCase: Case, pages: Page[]): Promise<Verdict[]> {
  const database = await benchDatabase(`lighthouse-${benchCase.name}`);
  const boot = await bootstrapEmptyDatabase(database.db, { demoData: benchCase.demoData, adminUsername: ADMIN.username, adminPassword: ADMIN.password });
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT), CLIENT_DIR });
  try {
    const account = await benchCase.account(server.url, boot.demoAccounts);
    console.log(`\n${benchCase.label}: "${account.username}", ${RUNS} run(s) per page, load average ${loadavg().map((l) => formatNumber(l, 1)).join(' ')}`);
    console.log('| page | perf median | perf worst | TBT median | TBT worst | LCP median | LCP worst | FCP median | CLS worst | JS | accessibility | best practices | console errors | runs |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    const results: { page: Page; rows: Row[] }[] = [];
    for (const page of pages) {
      const rows: Row[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Each run signs in afresh: Lighthouse clears storage, and the cookie rides as a header.
        const cookie = async () => (page.signedIn ? signIn(server.url, account) : undefined);
        rows.push(rowOf(await auditWithRetry(`${server.url}${page.path}`, cookie, benchCase.name)));
      }
      report(page, rows);
      results.push({ page, rows });
    }
    for (const { page, rows } of results) details(page, rows);
    console.log(`load average after: ${loadavg().map((l) => formatNumber(l, 1)).join(' ')}`);
    return results.map(({ page, rows }) => judge(page, rows));
  } finally {
    await server.stop();
    await database.close();
  }
}

function selected<T>(all: T[], variable: string, key: (item: T) => string): T[] {
  const wanted = process.env[variable]?.split(',').filter(Boolean);
  return wanted ? all.filter((item) => wanted.includes(key(item))) : all;
}

export async function run(): Promise<void> {
  await buildClientIfStale();
  const cases = selected(CASES, 'BENCH_LIGHTHOUSE_CASES', (c) => c.name);
  const pages = selected(PAGES, 'BENCH_LIGHTHOUSE_PAGES', (p) => p.path);
  console.log(`Lighthouse 12, default mobile emulation (simulated 4x CPU slowdown, slow 4G), ${RUNS} runs per page and case, client ${CLIENT_DIR}`);
  const verdicts: { name: string; verdict: Verdict }[] = [];
  for (const benchCase of cases) {
    for (const verdict of await runCase(benchCase, pages)) verdicts.push({ name: benchCase.name, verdict });
  }
  const missed = verdicts.filter((v) => v.verdict.problems.length > 0);
  console.log('\ntargets: performance median >= 0.95 and worst >= 0.90, TBT median <= 200 ms (/dashboard, /stock), CLS 0, no console error, accessibility 1.0');
  for (const { name, verdict } of missed) console.log(`  NOT MET ${name} ${verdict.page}: ${verdict.problems.join('; ')}`);
  console.log(missed.length === 0 ? '  met' : `  ${missed.length} of ${verdicts.length} page(s) not met`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
