/**
 * Why the hashing gate is not p-limit (docs/decisions/0222-one-limiter-library.md): a known user's
 * password check while 30 wrong-password checks are queued, through HashGate (2 slots + 2 reserved
 * for known addresses, known first) and through p-limit (2 slots, first come first served, the
 * library's whole model). Real scrypt, in process, no HTTP or database.
 *   BENCH_RUNS  rounds (default 5)
 */
import pLimit from 'p-limit';
import { loadavg } from 'node:os';
import { HashGate } from '../src/server/modules/auth';
import { hashPassword, verifyPassword } from '../src/server/lib/password-hash';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FLOOD = 30;
const stored = await hashPassword('Right-password-1');
const check = () => verifyPassword('Wrong-password-1', stored);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work().catch(() => undefined);
  return performance.now() - started;
}

const results: Record<string, number[]> = { alone: [], gate: [], 'p-limit': [] };
console.log(`load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (let run = 0; run < RUNS; run += 1) {
  results.alone!.push(await timed(check));
  const gate = new HashGate({ concurrency: 2, reserved: 2, maxWaiting: 64, maxWaitMs: 60_000 });
  const gateFlood = Array.from({ length: FLOOD }, () => gate.run(false, check));
  results.gate!.push(await timed(() => gate.run(true, check)));
  await Promise.allSettled(gateFlood);
  const limit = pLimit(2);
  const limitFlood = Array.from({ length: FLOOD }, () => limit(check));
  results['p-limit']!.push(await timed(() => limit(check)));
  await Promise.allSettled(limitFlood);
}
for (const [name, values] of Object.entries(results)) {
  console.log(`${name}: median ${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`);
}
