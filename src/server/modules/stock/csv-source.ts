import { CsvError, parse } from 'csv-parse';
import { fileTypeFromBuffer } from 'file-type';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../lib/http-error';

/** Enough bytes for file-type to recognise any format it knows. */
const SNIFF_BYTES = 4100;
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

function notCsv(kind: string): HttpError {
  return new HttpError(415, `This is ${kind}, not a CSV file. Save the sheet as "CSV UTF-8 (comma delimited)" and upload that file.`);
}

/**
 * Passes UTF-8 text through and refuses anything else: a known binary format by its
 * magic bytes (a PNG renamed .csv), NUL bytes, or bytes that are not UTF-8.
 */
class TextGuard extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private sniffed = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor() {
    super({ readableObjectMode: false, decodeStrings: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.sniffed) {
      this.pass(chunk, callback);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) {
      callback();
      return;
    }
    this.sniffAndPass(callback);
  }

  override _flush(callback: TransformCallback): void {
    const finish = (error?: Error | null) => {
      if (error) return callback(error);
      try {
        const rest = this.decoder.decode();
        if (rest) this.push(rest);
        callback();
      } catch {
        callback(notUtf8());
      }
    };
    if (this.sniffed) finish();
    else this.sniffAndPass(finish);
  }

  private sniffAndPass(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.sniffed = true;
    fileTypeFromBuffer(head).then(
      (type) => {
        if (type) return callback(notCsv(type.ext === 'xlsx' || type.ext === 'xls' ? 'an Excel workbook' : `a ${type.ext.toUpperCase()} file`));
        if (head[0] === 0xff && head[1] === 0xfe) return callback(notUtf8());
        this.pass(head, callback);
      },
      (error: Error) => callback(error),
    );
  }

  private pass(chunk: Buffer, callback: TransformCallback): void {
    if (chunk.includes(0)) return callback(notCsv('a binary file'));
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      if (text) this.push(text);
      callback();
    } catch {
      callback(notUtf8());
    }
  }
}

function notUtf8(): HttpError {
  return new HttpError(400, 'The file is not UTF-8 text. In Excel choose Save As, "CSV UTF-8 (comma delimited)", and upload that file.');
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
 * `signal` stops reading at once (the upload went over the size limit).
 * Throws HttpError for files that are not CSV text and CsvSyntaxError for a
 * broken CSV.
 */
export async function readCsvRecords(
  source: Readable,
  onRecords: (records: CsvRecord[]) => Promise<void> | void,
  signal?: AbortSignal,
): Promise<void> {
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
    await pipeline(
      source,
      new TextGuard(),
      parser,
      new RecordBatcher(),
      async (batches: AsyncIterable<CsvRecord[]>) => {
        for await (const batch of batches) await onRecords(batch);
      },
      { signal },
    );
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
