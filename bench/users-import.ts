/**
 * Bulk user import of 500 users (46 s before, target under 10 s): wall time of
 * POST /api/users/import with progress (NDJSON), the server in its own process, every row
 * with an email so each also queues its welcome email; then 500 more through the screen's
 * preview and confirm (docs/decisions/0225). Then the users table at 10,000
 * users (ADR 0133): GET /api/users for a few sorts, filters and a search.
 * `npm run bench -- users` runs it.
 */
import { sql } from 'drizzle-orm';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { users } from '../src/server/db/schema';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber, signedInCookie } from './support/session';

const USERS = Number(process.env.BENCH_IMPORT_USERS ?? 500);
const TABLE_USERS = 10_000;
const PORT = Number(process.env.BENCH_PORT ?? 5312);

function csv(count: number, prefix = 'bench-import'): string {
  const lines = ['username,password,role,firstName,lastName,email,company'];
  for (let i = 0; i < count; i += 1) lines.push(`${prefix}-${i},Welcome${i % 10}A,salesperson,Pat,Number${i},pat.${prefix}.${i}@example.com,Bench Tiles`);
  return lines.join('\n');
}

/** Posts the file with progress lines (the direct call, or the screen's preview) and reads them to the last line. */
async function importUsers(url: string, cookie: string, file: string, path = '/api/users/import') {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'users.csv');
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()), accept: 'application/x-ndjson' },
    body: form,
  });
  if (response.status !== 200) throw new Error(`import failed: ${response.status} ${(await response.text()).slice(0, 400)}`);
  let firstProgress = 0;
  let progressLines = 0;
  let last: { type: string; result?: { created: number }; preview?: { uploadId: number; counts: { created: number } }; message?: string } | undefined;
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      last = JSON.parse(line) as typeof last;
      if (last?.type === 'progress') {
        progressLines += 1;
        firstProgress ||= performance.now() - started;
      }
    }
  }
  if (last?.type !== 'result' && last?.type !== 'preview') throw new Error(`import ended with ${JSON.stringify(last)}`);
  const created = last.result?.created ?? last.preview!.counts.created;
  return { seconds: (performance.now() - started) / 1000, firstProgressMs: firstProgress, progressLines, created, uploadId: last.preview?.uploadId };
}

/** The screen's Confirm of a previewed users file (docs/decisions/0225): the accounts' one transaction. */
async function confirmImport(url: string, cookie: string, uploadId: number) {
  const started = performance.now();
  const response = await fetch(`${url}/api/users/imports/${uploadId}/confirm`, {
    method: 'POST',
    headers: { cookie, [TIMESTAMP_HEADER]: String(Date.now()), 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json()) as { created?: number; message?: string };
  if (response.status !== 200) throw new Error(`confirm failed: ${response.status} ${JSON.stringify(body)}`);
  return { seconds: (performance.now() - started) / 1000, created: body.created ?? 0 };
}

async function timeGet(url: string, cookie: string, query: string, runs = 5): Promise<{ ms: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await fetch(`${url}/api/users?${query}`, { headers: { cookie } });
    const body = (await response.json()) as { total: number };
    if (response.status !== 200) throw new Error(`GET /api/users?${query}: ${response.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - started);
    total = body.total;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, total };
}

export async function run(): Promise<void> {
  const database = await benchDatabase('users');
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(PORT) });
  try {
    const { cookie } = await signedInCookie(database.db, server.url, 'admin');
    const imported = await importUsers(server.url, cookie, csv(USERS));
    console.log(`users import, ${formatNumber(USERS)} users with emails, server in its own process`);
    console.log(`  import time:        ${formatNumber(imported.seconds, 2)} s  (${imported.created} created; target < 10 s)`);
    console.log(`  first progress at:  ${formatNumber(imported.firstProgressMs)} ms, ${imported.progressLines} progress lines`);

    // The screen's way (docs/decisions/0225): the preview hashes with progress, Confirm inserts.
    const previewed = await importUsers(server.url, cookie, csv(USERS, 'bench-screen'), '/api/users/import/preview');
    const confirmed = await confirmImport(server.url, cookie, previewed.uploadId!);
    console.log(`users import through the screen, ${formatNumber(USERS)} users with emails`);
    console.log(`  preview:            ${formatNumber(previewed.seconds, 2)} s  (${previewed.created} to create, first progress at ${formatNumber(previewed.firstProgressMs)} ms)`);
    console.log(`  confirm:            ${formatNumber(confirmed.seconds, 2)} s  (${confirmed.created} created in one transaction)`);

    // Fill the table to 10,000 with cheap rows (no hashing: the list never reads the hash).
    const [{ n } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    await database.db.execute(sql`
      insert into users (username, password_hash, role, first_name, last_name, email, is_temporary_password, created_at, last_login_at)
      select 'bench-user-' || g, 'x', (array['admin','salesperson','bold_customer'])[1 + g % 3], 'First' || g, 'Last' || g,
             'user' || g || '@example.com', g % 7 = 0, now() - g * interval '1 minute',
             case when g % 2 = 0 then now() - g * interval '1 hour' end
      from generate_series(1, ${TABLE_USERS - n}) g`);
    console.log(`users table at ${formatNumber(TABLE_USERS)} users, GET /api/users (median of 5, over HTTP)`);
    for (const [label, query] of [
      ['first page, by username', 'sort=username'],
      ['by last login, newest', 'sort=lastLogin&dir=desc'],
      ['by name, page 200 of 25', 'sort=name&page=200'],
      ['role + temporary filter', 'role=bold_customer&temporaryPassword=true&sort=created&dir=desc'],
      ['search "user77"', 'search=user77'],
    ] as const) {
      const timed = await timeGet(server.url, cookie, query);
      console.log(`  ${label.padEnd(26)} ${formatNumber(timed.ms, 1).padStart(6)} ms  (total ${formatNumber(timed.total)})`);
    }
  } finally {
    await server.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
