/**
 * Stock CSV import of 50,000 rows: wall time of POST /api/stock/upload
 * and the server process's peak RSS (VmHWM). The server runs in its own process;
 * the CSV is written to disk first and streamed to it as a browser would send it.
 */
import { stringify } from 'csv-stringify/sync';
import { createReadStream, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { STOCK_CSV_COLUMNS } from '../src/common/contracts/stock';
import { syntheticProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 5310);
const MB = 1024 * 1024;

/** The catalogue as a stock CSV; `shift` changes every stock level so a second upload updates each row. */
async function writeCsv(file: string, rows: number, shift = 0): Promise<void> {
  const records = syntheticProducts(rows).map((p, i) => ({
    ...p,
    price: p.price ?? 'CALL',
    pricePerSqft: p.pricePerSqft ?? 'CALL',
    stockLevel: shift && /^\d+$/.test(p.stockLevel ?? '') ? String(Number(p.stockLevel) + shift + (i % 3)) : p.stockLevel,
  }));
  await writeFile(file, stringify(records, { header: true, columns: [...STOCK_CSV_COLUMNS] }));
}

async function upload(url: string, cookie: string, file: string) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stock.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) yield chunk as Buffer;
    yield tail;
  }
  const started = performance.now();
  const response = await fetch(`${url}/api/stock/upload`, {
    method: 'POST',
    headers: {
      cookie,
      [TIMESTAMP_HEADER]: String(Date.now()),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + statSync(file).size + tail.length),
    },
    // undici streams an async iterable as the request body.
    body: body() as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit);
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${JSON.stringify(json).slice(0, 400)}`);
  return { json, seconds: (performance.now() - started) / 1000 };
}

export async function run(): Promise<void> {
  const dir = path.resolve('.tmp', `bench-csv-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'stock.csv');
  const database = await benchDatabase('import');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
  try {
    const { cookie } = await signedInCookie(database.db, server.url, 'admin');
    const idle = server.peakRss();
    await writeCsv(file, ROWS);
    const sizeMb = statSync(file).size / MB;
    const created = await upload(server.url, cookie, file);
    const afterCreate = server.peakRss();
    await writeCsv(file, ROWS, 7);
    const updated = await upload(server.url, cookie, file);
    const afterUpdate = server.peakRss();

    console.log(`stock import, ${formatNumber(ROWS)} rows (${formatNumber(sizeMb, 1)} MB CSV), server in its own process`);
    console.log(`  into an empty catalogue: ${formatNumber(created.seconds, 2)} s  (${created.json.created} created)`);
    console.log(`  updating every row:      ${formatNumber(updated.seconds, 2)} s  (${updated.json.updated} updated)`);
    console.log(`  server peak RSS:         ${formatNumber(afterUpdate / MB)} MB (idle after start ${formatNumber(idle / MB)} MB, after the first import ${formatNumber(afterCreate / MB)} MB)`);
  } finally {
    await server.stop();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
