import type { SheetJob } from './sheet-limits';
import { parseSheets } from './sheet-parse';

/**
 * The reading child process's entry: one job by IPC, one answer back, then the
 * process ends. Started by sheet-pool.ts with a heap cap and a deadline
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
process.once('message', (job: SheetJob) => {
  void parseSheets(job).then((answer) => process.send?.(answer, () => process.exit(0)));
});
