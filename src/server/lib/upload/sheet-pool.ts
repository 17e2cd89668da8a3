import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FairQueue } from './fair-queue';
import { SHEET_LIMIT_MESSAGES as M, type SheetAnswer, type SheetJob, type SheetLimits } from './sheet-limits';

/**
 * Runs each spreadsheet read in its own child process, so parsing never holds the
 * event loop and nothing a file does to the reader can reach the portal: the child
 * has an old-generation heap cap (--max-old-space-size) and a wall clock after which
 * it is killed; either ends as a 413 with its sentence, and the portal goes on. A
 * process rather than a worker thread: terminating a thread while zlib is opening a
 * part aborts the whole process in Node 20 ("close before init"), seen in CI. At most
 * one read per core but one (the last core stays with the event loop); waiting reads
 * are started fairly by owner (fair-queue.ts)
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export const MAX_PARALLEL_READS = Math.max(1, availableParallelism() - 1);

/** The young generation stays small; the heap cap is the read's own. */
const SEMI_SPACE_MB = 8;
/** What V8 prints when a heap cap is reached; only the end of the child's stderr is kept. */
const OUT_OF_HEAP = /heap out of memory|Reached heap limit/;
const STDERR_KEPT = 4096;

const queue = new FairQueue(MAX_PARALLEL_READS);

/** Reads `job` in a child process once a slot is free; `owner` is whoever asked (a user id), for fairness. */
export function readInWorker(job: SheetJob, limits: Pick<SheetLimits, 'maxHeapMb' | 'timeoutMs'>, owner: string): Promise<SheetAnswer> {
  return queue.run(owner, () => runReader(job, limits));
}

/**
 * exceljs's streaming reader parks a sheet that comes before the shared strings (Excel's order) in
 * a temporary file, and removes it only when it reads to the end. Each read gets its own directory
 * (the child's TMPDIR), removed once the child has exited, whatever ended it.
 */
async function runReader(job: SheetJob, limits: Pick<SheetLimits, 'maxHeapMb' | 'timeoutMs'>): Promise<SheetAnswer> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-sheet-'));
  const child = startReader(limits.maxHeapMb, dir);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answer = await new Promise<SheetAnswer>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, status: 413, message: M.time(limits.timeoutMs) }), limits.timeoutMs);
    const settle = (value: SheetAnswer) => {
      clearTimeout(timer);
      resolve(value);
    };
    child.once('message', (value) => settle(value as SheetAnswer));
    child.once('error', () => settle({ ok: false, unreadable: true }));
    // stderr is read to its end before 'close' fires, so the heap message is there to see.
    child.once('close', () =>
      settle(OUT_OF_HEAP.test(stderr) ? { ok: false, status: 413, message: M.memory(limits.maxHeapMb) } : { ok: false, unreadable: true }),
    );
    child.send(job, (error) => error && settle({ ok: false, unreadable: true }));
  });
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  void exited.then(() => rm(dir, { recursive: true, force: true })).catch(() => undefined);
  return answer;
}

/**
 * The compiled server has dist/server/sheet-worker.js beside main.js (scripts/build-server.mjs);
 * from the TypeScript sources (tests, `npm run dev`, benches) the child loads the .ts entry
 * through tsx's loader. Its environment is the portal's but for TMPDIR; its output is dropped
 * but for stderr's end (the heap message).
 */
function startReader(heapMb: number, tempDir: string): ChildProcess {
  const compiled = !import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(compiled ? './sheet-worker.js' : './sheet-worker.ts', import.meta.url));
  return fork(entry, {
    execArgv: [...(compiled ? [] : ['--import', 'tsx']), `--max-old-space-size=${heapMb}`, `--max-semi-space-size=${SEMI_SPACE_MB}`],
    env: { ...process.env, TMPDIR: tempDir },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}
