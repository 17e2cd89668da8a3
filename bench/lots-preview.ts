/**
 * The admin's lots and incoming files (ADR 0196): 20,000 SKUs with 3 lots each, then the browser's
 * path for a file changing every lot: POST /api/stock/lots/upload/preview (60,000 rows read,
 * compared with the lots in the database and kept) and POST /api/stock/lots/uploads/{id}/confirm
 * (the file read again, the digest checked under the locks, the lots replaced). The same for a
 * 20,000-row incoming file. Prints each step's wall time over RUNS runs (median and worst); the
 * replacement itself is bench/lots.ts's (lots < 5 s, incoming < 3 s). The server runs in
 * its own process on BENCH_PORT (default 7411).
 */
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { syntheticProducts, insertProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const SKUS = Number(process.env.BENCH_LOT_SKUS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 7411);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

async function post(url: string, cookie: string, path: string, body: FormData | object): Promise<Record<string, unknown>> {
  const json = !(body instanceof FormData);
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 400)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const form = (kind: string, csv: string) => {
  const data = new FormData();
  data.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
  return data;
};

const summary = (seconds: number[]) => {
  const sorted = [...seconds].sort((a, b) => a - b);
  return `median ${formatNumber(sorted[Math.floor(sorted.length / 2)]!, 2)} s, worst ${formatNumber(sorted.at(-1)!, 2)} s`;
};

export async function run(): Promise<void> {
  const database = await benchDatabase('lots-preview');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
  try {
    const ids = syntheticProducts(SKUS).map((p) => p.id);
    await insertProducts(database.db, syntheticProducts(SKUS));
    const { cookie } = await signedInCookie(database.db, server.url, 'admin');
    const lotsFile = (big: number) =>
      ['sku,lot,shade,caliber,warehouse,quantity', ...ids.flatMap((id) => [`${id},A${id},S1,C1,Main,${big}`, `${id},B${id},S2,C1,Main,3000`, `${id},C${id},S3,C2,East,40`])].join('\n');
    const incomingFile = (day: number) => ['sku,quantity,eta,stage,lot,reference', ...ids.map((id) => `${id},120,2026-12-${String(day).padStart(2, '0')},on_vessel,,CONT-${id}`)].join('\n');
    await post(server.url, cookie, '/api/stock/lots/upload', form('lots', lotsFile(5000)));
    await post(server.url, cookie, '/api/stock/incoming/upload', form('incoming', incomingFile(1)));

    const steps = { lotsPreview: [] as number[], lotsConfirm: [] as number[], incomingPreview: [] as number[], incomingConfirm: [] as number[] };
    for (let n = 0; n < RUNS; n += 1) {
      // Every run changes every SKU's first lot (and every load's ETA), so each confirm replaces them all.
      const lots = await timed(() => post(server.url, cookie, '/api/stock/lots/upload/preview', form('lots', lotsFile(4000 + n))));
      steps.lotsPreview.push(lots.seconds);
      steps.lotsConfirm.push((await timed(() => post(server.url, cookie, `/api/stock/lots/uploads/${String(lots.value.uploadId)}/confirm`, {}))).seconds);
      const incoming = await timed(() => post(server.url, cookie, '/api/stock/incoming/upload/preview', form('incoming', incomingFile(10 + n))));
      steps.incomingPreview.push(incoming.seconds);
      steps.incomingConfirm.push((await timed(() => post(server.url, cookie, `/api/stock/incoming/uploads/${String(incoming.value.uploadId)}/confirm`, {}))).seconds);
    }
    console.log(`lots and incoming files previewed, then confirmed (ADR 0196): ${formatNumber(SKUS)} SKUs, ${RUNS} runs, server in its own process`);
    console.log(`  lots file (${formatNumber(SKUS * 3)} rows, every SKU changed): preview ${summary(steps.lotsPreview)}; confirm ${summary(steps.lotsConfirm)}`);
    console.log(`  incoming file (${formatNumber(SKUS)} rows, every ETA moved):     preview ${summary(steps.incomingPreview)}; confirm ${summary(steps.incomingConfirm)}`);
  } finally {
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
