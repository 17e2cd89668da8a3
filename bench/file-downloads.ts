/**
 * Stored files (docs/decisions/0030, 0031): how long a 24 MB upload and its
 * downloads take, and what a Range request costs at the start and at the end of
 * the file. The last rows repeat the end-of-file range with PostgreSQL's default
 * compressed storage, to show why file_blobs.data is stored EXTERNAL.
 *
 *   npx tsx bench/file-downloads.ts
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { ensureDatabase, startEmbeddedPostgres } from '../src/server/db/embedded';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/lib/password-hash';

const MB = 1024 * 1024;
const FILE_BYTES = 24 * MB;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(runs: number, work: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** A PDF-looking file whose body compresses well, like a text-heavy PDF without stream compression. */
function compressiblePdf(): Buffer {
  const line = Buffer.from('BT /F1 10 Tf 72 720 Td (Calacatta Luxe 12x24 White Polished porcelain tile) Tj ET\n');
  const body = Buffer.alloc(FILE_BYTES - 9);
  for (let offset = 0; offset < body.length; offset += line.length) line.copy(body, offset);
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), body]);
}

const dir = path.resolve('.tmp', `bench-files-${process.pid}`);
const server = await startEmbeddedPostgres(dir, { persistent: false });
try {
  await ensureDatabase(server.url('postgres'), 'bench');
  const database = openDatabase(server.url('bench'));
  await migrateDatabase(database.db);
  await database.db.insert(users).values({ username: 'bench-admin', passwordHash: await hashPassword('Bench123'), role: 'admin', isTemporaryPassword: false });
  const app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), sessionSecret: 'b'.repeat(48), logger: false });

  const headers = { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' };
  const login = await app.inject({ method: 'POST', url: '/api/login', headers, payload: { username: 'bench-admin', password: 'Bench123' } });
  let cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const role = await app.inject({ method: 'POST', url: '/api/session/role', headers: { ...headers, cookie }, payload: { role: 'admin' } });
  cookie = role.cookies.length > 0 ? role.cookies.map((c) => `${c.name}=${c.value}`).join('; ') : cookie;

  const pdf = compressiblePdf();
  const upload = async (name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)]), name);
    const response = await app.inject({ method: 'POST', url: '/api/files', headers: { 'x-request-timestamp': String(Date.now()), cookie }, payload: form });
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    return response.json().url as string;
  };
  const get = (url: string, range?: string) => async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie, ...(range ? { range } : {}) } });
    if (response.statusCode !== (range ? 206 : 200)) throw new Error(`download failed: ${response.statusCode}`);
  };

  const uploadStart = performance.now();
  const url = await upload('external.pdf');
  const uploadMs = performance.now() - uploadStart;
  const tail = `bytes=${FILE_BYTES - 64 * 1024}-`;
  const rows: [string, number][] = [
    ['upload 24 MB (stream, check, insert)', uploadMs],
    ['download 24 MB, median of 5', await timed(5, get(url))],
    ['range: first 64 KB, median of 30', await timed(30, get(url, 'bytes=0-65535'))],
    ['range: last 64 KB, median of 30', await timed(30, get(url, tail))],
  ];

  // The same file under PostgreSQL's default storage (compressed when it can be).
  await database.db.execute(sql`alter table file_blobs alter column data set storage extended`);
  const compressedUrl = await upload('extended.pdf');
  rows.push(['default EXTENDED storage: range, last 64 KB, median of 10', await timed(10, get(compressedUrl, tail))]);
  rows.push(['default EXTENDED storage: download 24 MB, median of 3', await timed(3, get(compressedUrl))]);

  console.log('\nStored files (24 MB compressible PDF, embedded PostgreSQL, app.inject)');
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(60)} ${ms.toFixed(1).padStart(8)} ms`);

  await app.close();
  await database.close();
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
