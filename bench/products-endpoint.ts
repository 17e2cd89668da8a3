/**
 * GET /api/products with 10,000 products at 50 connections: requests per
 * second and p99 latency of the portal, beside a bare node:http server sending the
 * same pre-compressed bytes with the same headers on the same machine. Both servers
 * run in their own processes; autocannon runs here. Requests carry a session cookie
 * and a browser's Accept-Encoding, so the portal pays for what a real request pays
 * for: the session read with its user in one statement (every request, batched per event-loop turn, ADR 0176),
 * the permission check and the version check (kept a second per server, ADR 0150). Target: at least 80%.
 */
import autocannon, { type Result } from 'autocannon';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import path from 'node:path';
import { insertProducts, syntheticProducts } from './support/catalogue';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const APP_PORT = Number(process.env.BENCH_PORT ?? 5320);
const BARE_PORT = APP_PORT + 1;
const ACCEPT_ENCODING = 'gzip, deflate, br';

function load(url: string, headers: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function line(label: string, result: Result): string {
  const ok = result.non2xx === 0 && result.errors === 0 ? '' : `  (${result.non2xx} non-2xx, ${result.errors} errors)`;
  return `  ${label.padEnd(34)} ${formatNumber(result.requests.average).padStart(7)} req/s   p99 ${formatNumber(result.latency.p99).padStart(4)} ms${ok}`;
}

export async function run(): Promise<void> {
  const database = await benchDatabase('products');
  const dir = path.resolve('.tmp', `bench-bytes-${process.pid}`);
  await mkdir(dir, { recursive: true });
  await insertProducts(database.db, syntheticProducts(PRODUCTS));
  const app = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(APP_PORT) });
  let bare: Awaited<ReturnType<typeof startChildServer>> | undefined;
  try {
    const { cookie } = await signedInCookie(database.db, app.url, 'bold_customer');
    const headers = { cookie, 'accept-encoding': ACCEPT_ENCODING };
    const first = await fetch(`${app.url}/api/products`, { headers });
    if (!first.ok) throw new Error(`products: ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    const encoding = first.headers.get('content-encoding') ?? 'identity';
    // fetch decodes the body; ask again without decoding to keep the exact bytes sent.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      get(`${app.url}/api/products`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      }).on('error', reject);
    });
    const bodyFile = path.join(dir, 'catalogue.bin');
    await writeFile(bodyFile, raw);
    const sameHeaders = {
      'content-type': first.headers.get('content-type')!,
      'content-encoding': encoding,
      etag: first.headers.get('etag')!,
      vary: 'Accept-Encoding',
      'cache-control': 'private, no-cache',
    };
    bare = await startChildServer({ BENCH_MODE: 'bare', PORT: String(BARE_PORT), BENCH_BODY_FILE: bodyFile, BENCH_HEADERS: JSON.stringify(sameHeaders) });

    const portal = await load(`${app.url}/api/products`, headers);
    const baseline = await load(`${bare.url}/api/products`, headers);
    const conditional = await load(`${app.url}/api/products`, { ...headers, 'if-none-match': sameHeaders.etag });
    // The floor of any signed-in call: session and user lookups with a tiny body.
    const user = await load(`${app.url}/api/user`, headers);

    console.log(
      `GET /api/products: ${formatNumber(PRODUCTS)} products, ${formatNumber(body.length / 1024)} KB JSON sent as ${formatNumber(raw.length / 1024)} KB ${encoding}; ${CONNECTIONS} connections, ${DURATION} s each`,
    );
    console.log(line('portal (session, access, version)', portal));
    console.log(line('bare node:http, same bytes', baseline));
    console.log(line('portal, If-None-Match (304)', conditional));
    console.log(line('portal GET /api/user (for scale)', user));
    console.log(
      `  ratio portal / bare: ${formatNumber((portal.requests.average / baseline.requests.average) * 100, 0)}% of the throughput (target at least 80%), p99 ${formatNumber(portal.latency.p99 / Math.max(1, baseline.latency.p99), 1)}x`,
    );
  } finally {
    await bare?.stop();
    await app.stop();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
