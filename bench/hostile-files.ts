/**
 * Hostile spreadsheets against the one reader (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 * For the worst file of each kind and every upload that reads spreadsheets (test/hostile-workbooks.ts, plus the largest honest lots workbook):
 *   - through the portal (its own process on BENCH_PORT, default 7412): the upload's wall time and
 *     answer, the server's peak RSS during it (sampled from /proc every 10 ms), and /api/health
 *     latency polled every 20 ms over HTTP meanwhile (median, p99, max);
 *   - the reader alone, started from this otherwise idle process: the reading child process's peak
 *     RSS, and this process's heap growth (the answer it holds).
 * BENCH_RUNS runs each (default 3): median and worst. The server runs from the TypeScript sources, so
 * each read also pays ~0.3 s of loading TypeScript in the reading process that the compiled server does not.
 * The server's peak RSS counts its reading process too: the memory a read costs the machine.
 */
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { readSpreadsheet } from '../src/server/lib/upload';
import { QUICK_ORDER_SHEET_LIMITS } from '../src/server/modules/carts';
import { LOTS_SHEET_LIMITS } from '../src/server/modules/lots';
import { MERCHANDISE_SHEET_LIMITS } from '../src/server/modules/merchandise';
import { USERS_SHEET_LIMITS } from '../src/server/modules/users';
import { hostileWorkbooks } from '../test/hostile-workbooks';
import { insertProducts, syntheticProducts } from './support/catalogue';
import { startChildServer, type ChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const PORT = Number(process.env.BENCH_PORT ?? 7412);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOTS_ROWS = 60_000;

const rssOf = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0; // the process has just ended
  }
};
/** The children of `pid` (the reading process, while a read runs). */
const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
/** A process and its children together. */
const treeRss = (pid: number) => rssOf(pid) + childrenOf(pid).reduce((sum, child) => sum + rssOf(child), 0);
const mb = (bytes: number) => `${formatNumber(bytes / 1024 / 1024)} MB`;
const ms = (value: number) => `${formatNumber(value)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const quantile = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

/** Samples `read` every 10 ms until stopped; the highest value. */
function peakOf(read: () => number) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}

function pollHealth(url: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      await (await fetch(`${url}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return latencies;
  };
}

async function upload(server: ChildServer, cookie: string, path: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'hostile.xlsx');
  const stopPeak = peakOf(() => treeRss(server.pid));
  const stopPoll = pollHealth(server.url);
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()) }, body: form });
  const body = await response.text();
  const seconds = (performance.now() - started) / 1000;
  const latencies = await stopPoll();
  const answer = response.status === 200 ? `200, ${formatNumber(body.length)} bytes` : `${response.status} ${(JSON.parse(body) as { message: string }).message.slice(0, 70)}`;
  return { seconds, rss: stopPeak(), latencies, answer };
}

async function honestLotsWorkbook(ids: number[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('lots');
  sheet.addRow(['sku', 'lot', 'shade', 'caliber', 'warehouse', 'quantity']);
  for (const id of ids) for (const lot of ['A', 'B', 'C']) sheet.addRow([id, `${lot}${id}`, 'S1', 'C1', 'Main', 40]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function run(): Promise<void> {
  const database = await benchDatabase('hostile-files');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
  try {
    const catalogue = syntheticProducts(LOTS_ROWS / 3);
    await insertProducts(database.db, catalogue);
    const dealer = (await signedInCookie(database.db, server.url, 'bold_customer')).cookie;
    const admin = (await signedInCookie(database.db, server.url, 'admin')).cookie;
    const pad = hostileWorkbooks('Order', 'SKU');
    const lots = hostileWorkbooks('lots', 'sku');
    const users = hostileWorkbooks('users', 'username');
    const merchandise = hostileWorkbooks('display', 'code');
    // The worst shapes of the other inputs: the far column (the most cells) and the huge shared string (the most text).
    const worst = (kind: string, path: string, files: Record<string, Buffer>, limits: typeof LOTS_SHEET_LIMITS) =>
      (['farColumn', 'hugeSharedString'] as const).map((shape) => ({ name: `${kind}, ${shape}`, who: admin, path, data: files[shape]!, limits }));
    const cases: { name: string; who: string; path: string; data: Buffer; limits: typeof LOTS_SHEET_LIMITS }[] = [
      ...Object.entries(pad).map(([name, data]) => ({ name: `quick order, ${name}`, who: dealer, path: '/api/quick-order/file', data, limits: QUICK_ORDER_SHEET_LIMITS })),
      { name: 'lots, farColumn', who: admin, path: '/api/stock/lots/upload/preview', data: lots.farColumn!, limits: LOTS_SHEET_LIMITS },
      { name: 'lots, hugeSharedString', who: admin, path: '/api/stock/lots/upload/preview', data: lots.hugeSharedString!, limits: LOTS_SHEET_LIMITS },
      ...worst('incoming', '/api/stock/incoming/upload/preview', lots, LOTS_SHEET_LIMITS),
      ...worst('users import', '/api/users/import', users, USERS_SHEET_LIMITS),
      ...worst('merchandise', '/api/admin/merchandise/upload', merchandise, MERCHANDISE_SHEET_LIMITS),
      { name: `lots, honest ${formatNumber(LOTS_ROWS)} rows`, who: admin, path: '/api/stock/lots/upload/preview', data: await honestLotsWorkbook(catalogue.map((p) => p.id)), limits: LOTS_SHEET_LIMITS },
    ];
    const idle = rssOf(server.pid);
    console.log(`hostile spreadsheets (ADR 0201): ${RUNS} runs each, server in its own process (idle RSS ${mb(idle)}); median / worst`);
    for (const c of cases) {
      const runs = [];
      const worker = [];
      for (let n = 0; n < RUNS; n += 1) {
        runs.push(await upload(server, c.who, c.path, c.data));
        worker.push(await readerAlone(c.data, c.limits, server.pid));
      }
      const times = runs.map((r) => r.seconds);
      const rss = runs.map((r) => r.rss);
      const all = runs.flatMap((r) => r.latencies);
      console.log(`  ${c.name} (${formatNumber(c.data.length / 1024, 1)} KB): ${runs[0]!.answer}`);
      console.log(`    time ${formatNumber(median(times), 2)} / ${formatNumber(Math.max(...times), 2)} s; server peak RSS ${mb(median(rss))} / ${mb(Math.max(...rss))}`);
      console.log(
        `    reading process peak RSS ${mb(median(worker.map((w) => w.rss)))} / ${mb(Math.max(...worker.map((w) => w.rss)))}, main-thread heap growth ${mb(Math.max(...worker.map((w) => w.heap)))}; ` +
          `/api/health median ${ms(median(all))}, p99 ${ms(quantile(all, 0.99))}, max ${ms(Math.max(...all))} (${all.length} polls)`,
      );
    }
  } finally {
    await server.stop();
    await database.close();
  }
}

/** The reader started from this otherwise idle process: the peak RSS of its child, and this process's heap growth. */
async function readerAlone(data: Buffer, limits: typeof LOTS_SHEET_LIMITS, serverPid: number) {
  const before = { rss: 0, heap: process.memoryUsage().heapUsed };
  const readers = () => childrenOf(process.pid).filter((pid) => pid !== serverPid);
  const stopRss = peakOf(() => readers().reduce((sum, child) => sum + rssOf(child), 0));
  const stopHeap = peakOf(() => process.memoryUsage().heapUsed);
  await readSpreadsheet({ kind: 'xlsx', data }, { pick: { sheet: 'first' }, limits, unreadable: 'unreadable', owner: 'bench' }).catch(() => undefined);
  return { rss: stopRss() - before.rss, heap: stopHeap() - before.heap };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
