import { Transform, type TransformCallback } from 'node:stream';
import { HttpError } from '../http-error';
import { hasUtf16Bom, NOT_UTF8, SNIFF_BYTES, sniff, type Sniffed } from './content';

export function notCsv(sniffed: Sniffed): HttpError {
  const kind =
    sniffed === 'zip' ? 'an Excel workbook or another zip file' : sniffed === 'binary' ? 'a binary file' : `a ${sniffed.toUpperCase()} file`;
  return new HttpError(415, `This is ${kind}, not a CSV file. Save the sheet as "CSV UTF-8 (comma delimited)" and upload that file.`);
}

/**
 * The streamed form of the CSV rule: passes UTF-8 text through as strings and
 * refuses anything else while it streams: a known binary format by its magic
 * bytes (a PNG renamed .csv), NUL bytes, bytes that are not UTF-8, and more
 * than `maxBytes` in all (413 with `tooLarge`).
 */
export class CsvTextStream extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private total = 0;
  private sniffed = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: string,
  ) {
    super({ readableObjectMode: false, decodeStrings: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.total > this.maxBytes) return callback(new HttpError(413, this.tooLarge));
    if (this.sniffed) return this.pass(chunk, callback);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
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
        callback(new HttpError(400, NOT_UTF8));
      }
    };
    if (this.sniffed) finish();
    else this.sniffAndPass(finish);
  }

  private sniffAndPass(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.sniffed = true;
    if (hasUtf16Bom(head)) return callback(new HttpError(400, NOT_UTF8));
    sniff(head).then(
      (kind) => {
        if (kind === 'text') return this.pass(head, callback);
        callback(notCsv(kind));
      },
      (error: Error) => callback(error),
    );
  }

  private pass(chunk: Buffer, callback: TransformCallback): void {
    if (chunk.includes(0)) return callback(notCsv('binary'));
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      if (text) this.push(text);
      callback();
    } catch {
      callback(new HttpError(400, NOT_UTF8));
    }
  }
}
