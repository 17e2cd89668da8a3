import { CsvError, parse } from 'csv-parse';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One row longer than this is a broken file (an unclosed quote swallowing the rest), not data. */
const MAX_RECORD_BYTES = 256 * 1024;

export interface CsvRecord {
  /** The row number a spreadsheet shows: the header is 1, blank rows count. */
  row: number;
  cells: string[];
}

/** A malformed CSV (unclosed quote and the like) at a row: the file cannot be read past it. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** Records per delivery: the consumer works through a batch synchronously and awaits once per batch. */
const DELIVERY_BATCH = 500;

/** Groups parsed records into arrays, so a 50,000-row file is 100 awaits, not 50,000. */
class RecordBatcher extends Transform {
  private batch: CsvRecord[] = [];

  constructor() {
    super({ objectMode: true });
  }

  override _transform(chunk: { record: string[]; info: { records: number; empty_lines: number } }, _e: BufferEncoding, callback: TransformCallback): void {
    this.batch.push({ row: chunk.info.records + chunk.info.empty_lines, cells: chunk.record });
    if (this.batch.length >= DELIVERY_BATCH) {
      this.push(this.batch);
      this.batch = [];
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.batch.length > 0) this.push(this.batch);
    callback();
  }
}

/**
 * Streams the records of an uploaded CSV to `onRecords` in batches, with
 * backpressure: the next batch is parsed only when `onRecords` has finished.
 * `text` is the checked text of the upload module (receiveCsvText), which fails
 * with an HttpError when the file is too large or not CSV text; a broken CSV
 * throws CsvSyntaxError.
 */
export async function readCsvRecords(text: Readable, onRecords: (records: CsvRecord[]) => Promise<void> | void): Promise<void> {
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    // 12"x24" in an unquoted cell is a size, not a broken quote.
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  try {
    await pipeline(text, parser, new RecordBatcher(), async (batches: AsyncIterable<CsvRecord[]>) => {
      for await (const batch of batches) await onRecords(batch);
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const context = error as CsvError & { records?: number; empty_lines?: number };
      const row = (context.records ?? 0) + (context.empty_lines ?? 0) + 1;
      throw new CsvSyntaxError(row, describeCsvError(error));
    }
    throw error;
  }
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted cell starts here and is never closed; the file cannot be read past this row';
    case 'CSV_MAX_RECORD_SIZE':
      return 'The row is far too long (an unclosed quote?); the file cannot be read past this row';
    default:
      return `The row is not valid CSV (${error.message.split(':')[0]}); the file cannot be read past this row`;
  }
}
