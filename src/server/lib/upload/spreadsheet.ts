import { HttpError } from '../http-error';
import type { ReceivedFile } from './receive';
import { readInWorker } from './sheet-pool';
import type { SheetContent, SheetLimits, SheetPick } from './sheet-limits';

export type { SheetContent, SheetLimits, SheetPick, SheetRecord } from './sheet-limits';
export { MAX_PARALLEL_READS } from './sheet-pool';

/** Not a workbook (or CSV) the parser can read: a 400 with the input's own sentence. */
export class UnreadableSheet extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export interface ReadSpreadsheetOptions {
  /** Which sheets of a workbook (a CSV is its one sheet). */
  pick: SheetPick;
  limits: SheetLimits;
  /** The sentence for a file the parser cannot read. */
  unreadable: string;
  /** Whoever uploads (a user id): reads wait their turn round-robin by owner. */
  owner: string;
  /** CSV: accept a quote inside an unquoted field (the lots reader's rule); 256 KB per record unless told. */
  csv?: { relaxQuotes?: boolean; maxRecordBytes?: number };
}

/**
 * The one way the portal reads a spreadsheet upload (a CSV, or sheets of an .xlsx
 * that passed the zip guard): off the event loop, in a worker with a heap cap and a
 * deadline, reading only the non-empty rows and the first `maxColumns` columns, with
 * every limit checked as it reads. A limit passed is an HttpError (413, or 400 for a
 * cell too long) whose sentence names it; an unreadable file is an UnreadableSheet
 * (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md).
 */
export async function readSpreadsheet(file: Pick<ReceivedFile, 'kind' | 'data'>, options: ReadSpreadsheetOptions): Promise<SheetContent[]> {
  if (file.kind !== 'csv' && file.kind !== 'xlsx') throw new UnreadableSheet(options.unreadable);
  const { maxHeapMb, timeoutMs, ...limits } = options.limits;
  const csv = { relaxQuotes: options.csv?.relaxQuotes ?? false, maxRecordBytes: options.csv?.maxRecordBytes ?? 256 * 1024 };
  const answer = await readInWorker({ kind: file.kind, data: file.data, pick: options.pick, limits, csv }, { maxHeapMb, timeoutMs }, options.owner);
  if (answer.ok) return answer.sheets;
  if ('unreadable' in answer) throw new UnreadableSheet(options.unreadable);
  throw new HttpError(answer.status, answer.message);
}
