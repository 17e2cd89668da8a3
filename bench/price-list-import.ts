/**
 * Price list files (docs/decisions/0231-price-list-files-diff-and-version.md): a 50,000-row list
 * through the browser's path, POST /api/admin/price-lists/upload/preview (read, checked against the
 * lists and the catalogue, compared with the list's entries and kept) and
 * POST /api/admin/price-lists/uploads/{id}/confirm (the digest checked under the list's lock, only
 * the rows that differ written). Each run changes every price, so each confirm writes 50,000 rows;
 * then a file that changes one price: rows written, counted by their updated_at. Targets: preview
 * and confirm under 10 s each; a one-row change writes one row. Prints median and worst of RUNS
 * runs. The server runs in its own process on BENCH_PORT (default 7412).
 */
import { sql } from 'drizzle-orm';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { insertProducts, syntheticProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const ROWS = Number(process.env.BENCH_PRICE_ROWS ?? 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 7412);
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
  if (response.status !== 200 && response.status !== 201) throw new Error(`${path}: ${response.status} ${text.slice(0, 400)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const form = (csv: string) => {
  const data = new FormData();
  data.append('file', new Blob([csv], { type: 'text/csv' }), 'price-list.csv');
  return data;
};

const summary = (seconds: number[]) => {
  const sorted = [...seconds].sort((a, b) => a - b);
  return `median ${formatNumber(sorted[Math.floor(sorted.length / 2)]!, 2)} s, worst ${formatNumber(sorted.at(-1)!, 2)} s`;
};

export async function run(): Promise<void> {
  const database = await benchDatabase('price-list-import');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
  try {
    const ids = syntheticProducts(ROWS).map((p) => p.id);
    await insertProducts(database.db, syntheticProducts(ROWS));
    const { cookie } = await signedInCookie(database.db, server.url, 'admin');
    await post(server.url, cookie, '/api/admin/price-lists', { code: 'BENCH', name: 'Bench list' });
    const file = (cents: number, oneOff?: number) =>
      ['list,sku,price,min_quantity', ...ids.map((id, i) => `BENCH,${id},${((cents + (i % 500) + (i === oneOff ? 1 : 0)) / 100).toFixed(2)},1`)].join('\n');
    const upload = async (csv: string) => {
      const preview = await timed(() => post(server.url, cookie, '/api/admin/price-lists/upload/preview', form(csv)));
      const confirm = await timed(() => post(server.url, cookie, `/api/admin/price-lists/uploads/${String(preview.value.uploadId)}/confirm`, {}));
      return { preview: preview.seconds, confirm: confirm.seconds, counts: preview.value.counts as Record<string, number> };
    };

    await upload(file(1000));
    const full = { preview: [] as number[], confirm: [] as number[] };
    for (let n = 0; n < RUNS; n += 1) {
      // Every run moves every price, so each confirm writes every row.
      const run = await upload(file(2000 + n * 1000));
      full.preview.push(run.preview);
      full.confirm.push(run.confirm);
    }
    const last = 2000 + (RUNS - 1) * 1000;
    const one = { preview: [] as number[], confirm: [] as number[], written: [] as number[] };
    for (let n = 0; n < RUNS; n += 1) {
      const marker = (await database.db.execute<{ at: string }>(sql`SELECT clock_timestamp()::text AS at`)).rows[0]!.at;
      // Row 1234 alternates between its price and a cent more; every other row is as the list holds it.
      const run = await upload(file(last, n % 2 === 0 ? 1234 : undefined));
      one.preview.push(run.preview);
      one.confirm.push(run.confirm);
      const moved = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM price_list_entries WHERE updated_at > ${marker}::timestamptz`);
      one.written.push(moved.rows[0]!.n + run.counts.added! + run.counts.removed!);
    }
    console.log(`price list file previewed, then confirmed (docs/decisions/0231): ${formatNumber(ROWS)} rows, ${RUNS} runs, server in its own process`);
    console.log(`  every price changed: preview ${summary(full.preview)}; confirm ${summary(full.confirm)} (target < 10 s each)`);
    console.log(`  one price changed:   preview ${summary(one.preview)}; confirm ${summary(one.confirm)}; rows written per run: ${one.written.join(', ')} (target 1)`);
  } finally {
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
