import { parentPort, workerData } from 'node:worker_threads';
import type { SheetJob } from './sheet-limits';
import { parseSheets } from './sheet-parse';

/**
 * The reading worker's entry: one job in workerData, one answer back, then the
 * thread ends. Started by sheet-pool.ts with a heap cap and a deadline
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
parentPort?.postMessage(await parseSheets(workerData as SheetJob));
