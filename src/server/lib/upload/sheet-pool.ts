import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue';
import { SHEET_LIMIT_MESSAGES as M, type SheetAnswer, type SheetJob, type SheetLimits } from './sheet-limits';

/**
 * Runs each spreadsheet read in its own worker thread, so parsing never holds the
 * event loop: the thread has an old-generation heap cap (resourceLimits) and a wall
 * clock after which it is terminated; either ends as a 413 with its sentence, and
 * the process goes on. At most one thread per core but one reads at a time (the
 * last core stays with the event loop); waiting reads are started fairly by owner
 * (fair-queue.ts) (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export const MAX_PARALLEL_READS = Math.max(1, availableParallelism() - 1);

/** The young generation and stack stay small; the heap cap is the read's own. */
const YOUNG_GENERATION_MB = 16;
const STACK_MB = 4;

const queue = new FairQueue(MAX_PARALLEL_READS);

/** Reads `job` in a worker once a slot is free; `owner` is whoever asked (a user id), for fairness. */
export function readInWorker(job: SheetJob, limits: Pick<SheetLimits, 'maxHeapMb' | 'timeoutMs'>, owner: string): Promise<SheetAnswer> {
  return queue.run(owner, () => runWorker(job, limits));
}

/**
 * exceljs's streaming reader parks a sheet that comes before the shared strings (Excel's order) in
 * a temporary file, and removes it only when it reads to the end. Each read gets its own directory
 * (the worker's TMPDIR), removed once the thread has ended, whatever ended it.
 */
async function runWorker(job: SheetJob, limits: Pick<SheetLimits, 'maxHeapMb' | 'timeoutMs'>): Promise<SheetAnswer> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-sheet-'));
  const worker = startWorker(job, limits.maxHeapMb, dir);
  const answer = await new Promise<SheetAnswer>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, status: 413, message: M.time(limits.timeoutMs) }), limits.timeoutMs);
    const settle = (value: SheetAnswer) => {
      clearTimeout(timer);
      resolve(value);
    };
    worker.once('message', (value: SheetAnswer) => settle(value));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { ok: false, status: 413, message: M.memory(limits.maxHeapMb) } : { ok: false, unreadable: true }),
    );
    worker.once('exit', () => settle({ ok: false, unreadable: true }));
  });
  void worker
    .terminate()
    .catch(() => undefined)
    .then(() => rm(dir, { recursive: true, force: true }))
    .catch(() => undefined);
  return answer;
}

/**
 * The compiled server has dist/server/sheet-worker.js beside main.js (scripts/build-server.mjs);
 * from the TypeScript sources (tests, `npm run dev`, benches) the worker loads its .ts
 * entry through tsx's API, as `--import tsx` does not reach worker threads on Node 20.
 */
function startWorker(job: SheetJob, heapMb: number, tempDir: string): Worker {
  const options = {
    workerData: job,
    env: { ...process.env, TMPDIR: tempDir },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, stackSizeMb: STACK_MB },
    stdout: false,
    stderr: false,
  };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./sheet-worker.js', import.meta.url), options);
  const entry = new URL('./sheet-worker.ts', import.meta.url).href;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return new Worker(boot, { ...options, eval: true });
}
