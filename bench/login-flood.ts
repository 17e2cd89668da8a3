/**
 * A real user's login while wrong passwords flood in. Before the fix a normal login took
 * 0.95 s alone and 10.2 s while 30 unknown-user logins were in flight: every attempt cost a scrypt
 * and nothing bounded how many ran at once. Target: the login during the flood within 2x of alone.
 *
 * The real user has signed in from this address before (as someone who uses the portal daily).
 * Each flood is 30 concurrent wrong passwords for 30 other accounts from the same address, and the
 * throttle rows except known addresses are cleared before each, so every flood passes the
 * per-account and per-address limits and meets only the hashing cap: the worst case for the cap.
 * The real login starts 50 ms after the flood, when it is in flight.
 *
 * Two servers, one after the other: the portal as configured (the cap), then the same with
 * LOGIN_HASH_CONCURRENCY=16 (no effective cap) for reference.
 *   BENCH_RUNS   logins measured alone and during a flood, per server (default 5)
 *   BENCH_PORT   first port (default 5500; the reference server uses the next one)
 */
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { TIMESTAMP_HEADER } from '../src/common/contracts/common';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/lib/password-hash';
import { startChildServer } from './support/child-server';
import { benchDatabase } from './support/database';
import { formatNumber } from './support/session';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 5500);
const FLOOD = 30;
const TARGET = 2;

async function login(url: string, username: string, password: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(Date.now()) },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const worst = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${formatNumber(value)} ms`;

const database = await benchDatabase('login-flood');
const password = `Real-${randomBytes(6).toString('hex')}`;
const real = 'bench-real-user';
await database.db.insert(users).values({ username: real, passwordHash: await hashPassword(password), role: 'salesperson', isTemporaryPassword: false });
const floodHash = await hashPassword(`Flood-${randomBytes(6).toString('hex')}`);
await database.db.insert(users).values(Array.from({ length: FLOOD }, (_, i) => ({ username: `bench-flood-${i}`, passwordHash: floodHash, role: 'salesperson' as const, isTemporaryPassword: false })));

async function measure(label: string, port: number, env: Record<string, string>) {
  const server = await startChildServer({ BENCH_MODE: 'app', DATABASE_URL: database.url, PORT: String(port), ...env });
  try {
    // A user of the portal: this address is known to the account from here on.
    const first = await login(server.url, real, password);
    if (first.status !== 200) throw new Error(`real login: ${first.status}`);
    const alone: number[] = [];
    const during: number[] = [];
    const outcomes = { judged: 0, busy: 0, other: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      const quiet = await login(server.url, real, password);
      if (quiet.status !== 200) throw new Error(`alone: ${quiet.status}`);
      alone.push(quiet.ms);
      await database.db.execute(sql`delete from rate_limits where key not like 'login-known:%'`);
      const flood = Array.from({ length: FLOOD }, (_, i) => login(server.url, `bench-flood-${i}`, 'Wrong-password-1'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const mine = await login(server.url, real, password);
      for (const answer of await Promise.all(flood)) {
        if (answer.status === 401) outcomes.judged += 1;
        else if (answer.status === 429) outcomes.busy += 1;
        else outcomes.other += 1;
      }
      if (mine.status !== 200) throw new Error(`during the flood the real user got ${mine.status}`);
      during.push(mine.ms);
    }
    const ratio = median(during) / median(alone);
    console.log(
      `| ${label} | ${alone.map(ms).join(', ')} | ${ms(median(alone))} / ${ms(worst(alone))} | ${during.map(ms).join(', ')} | ` +
        `${ms(median(during))} / ${ms(worst(during))} | ${formatNumber(ratio, 2)}x | ${outcomes.judged} judged, ${outcomes.busy} told to retry${outcomes.other ? `, ${outcomes.other} other` : ''} |`,
    );
    return ratio;
  } finally {
    await server.stop();
  }
}

let failed = false;
try {
  // The load average says how much of the machine others were using (a shared two-core machine here).
  const load = loadavg().map((l) => formatNumber(l, 1)).join(' ');
  console.log(`Login alone and during a flood of ${FLOOD} wrong passwords; ${RUNS} runs each; ${availableParallelism()} cores, load ${load}; target within ${TARGET}x`);
  console.log('| server | alone (each) | alone median / worst | during flood (each) | during median / worst | ratio of medians | flood answers |');
  console.log('|---|---|---|---|---|---|---|');
  const capped = await measure('portal (default cap)', PORT, {});
  await measure('reference: LOGIN_HASH_CONCURRENCY=16', PORT + 1, { LOGIN_HASH_CONCURRENCY: '16' });
  failed = capped > TARGET;
  console.log(failed ? `FAILED: the capped login took ${formatNumber(capped, 2)}x its time alone` : `OK: within ${TARGET}x`);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
