import { FILE_MESSAGES } from '@common/domain/file-rules';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { HttpError } from '../http-error';
import { claimUpload } from '../../plugins/idempotency';
import { isUtf8Text, NOT_UTF8, SNIFF_BYTES, sniff, type Sniffed, type UploadKind } from './content';
import { CsvTextStream, notCsv } from './csv-text-stream';
import { inspectXlsx, type XlsxLimits } from './xlsx-guard';

/**
 * The one way a file gets into the portal (stock CSV, merchandise workbook,
 * user import, files): the size limit is enforced while the bytes stream in,
 * the type is decided by content (magic bytes; CSV must be UTF-8 text), and
 * every .xlsx passes the zip guard before a parser inflates it.
 */
export interface UploadRules {
  /** Most bytes the file may have; more is a 413 with `messages.tooLarge`, noticed while streaming. */
  maxBytes: number;
  /** The kinds this input takes. */
  accept: readonly UploadKind[];
  messages: {
    noFile: string;
    tooLarge: string;
    /** The content is none of the accepted kinds. */
    wrongType: string;
    /** A zip that is not a workbook, or a workbook the guard refuses as malformed. */
    notWorkbook?: string;
    /** The content is an accepted kind but not the one the file name promises. */
    contentMismatch?: string;
    empty?: string;
    /** The file came in another form field than "file". */
    wrongField?: string;
  };
  /** The kind a file name promises, if any; the content must then be that kind (`contentMismatch`). */
  kindFromName?: (filename: string) => UploadKind | undefined;
  /** A name that promises no accepted kind is refused (`wrongType`) before a byte is kept (the files area). */
  requireKnownName?: boolean;
  /** Bounds for the zip guard; the default suits a sheet of a few thousand rows. */
  xlsxLimits?: XlsxLimits;
}

export interface ReceivedFile {
  filename: string;
  kind: UploadKind;
  data: Buffer;
  sha256: string;
}

/**
 * A workbook the portal reads (docs/decisions/0201-one-spreadsheet-reader-off-the-event-loop.md): a
 * 100,000-row lots sheet is about 20 MB of XML; real styles are kilobytes, real shared strings a few MB.
 */
export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  maxEntries: 200,
  maxUncompressedBytes: 40 * 1024 * 1024,
  maxRatio: 200,
  maxPartBytes: { worksheet: 32 * 1024 * 1024, sharedStrings: 16 * 1024 * 1024, styles: 4 * 1024 * 1024 },
  maxSharedStrings: 500_000,
  maxSheets: 50,
};
/** Room for the multipart boundaries and headers around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/** A browser states the size up front: an oversized upload is refused before a byte is read. */
function refuseDeclaredSize(request: FastifyRequest, rules: UploadRules): void {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as a multipart form upload in the field "file"');
  if (Number(request.headers['content-length'] ?? 0) > rules.maxBytes + ENVELOPE_BYTES) throw new HttpError(413, rules.messages.tooLarge);
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discard, so the browser gets our answer rather than a reset connection
  }
}

/** The kind these bytes are, if it is one of the accepted ones; otherwise the refusal. */
async function kindOf(sniffed: Sniffed, data: Buffer, rules: UploadRules): Promise<UploadKind | HttpError> {
  const m = rules.messages;
  if (sniffed === 'zip') {
    if (!rules.accept.includes('xlsx')) return new HttpError(415, m.wrongType);
    const check = await inspectXlsx(data, rules.xlsxLimits ?? DEFAULT_XLSX_LIMITS);
    if (check.ok) return 'xlsx';
    if (check.reason === 'too_large') return new HttpError(413, m.tooLarge);
    if (check.reason === 'part_too_large') return new HttpError(413, check.message);
    return new HttpError(415, m.notWorkbook ?? m.wrongType);
  }
  if (sniffed === 'text') {
    if (!rules.accept.includes('csv')) return new HttpError(415, m.wrongType);
    return isUtf8Text(data) ? 'csv' : new HttpError(400, NOT_UTF8);
  }
  if (sniffed !== 'binary' && rules.accept.includes(sniffed)) return sniffed;
  return new HttpError(415, m.wrongType);
}

/**
 * Reads a multipart upload with one file in the field "file" and any text
 * fields, keeping the file in memory (at most `maxBytes`: PostgreSQL needs the
 * whole bytea value, exceljs the whole workbook). A refused file is read to its
 * end and thrown away. `file` is undefined when none was sent.
 */
export async function receiveFile(request: FastifyRequest, rules: UploadRules): Promise<{ file: ReceivedFile | undefined; fields: Record<string, string> }> {
  refuseDeclaredSize(request, rules);
  let received: { file: ReceivedFile | undefined; fields: Record<string, string> };
  try {
    received = await readParts(request, rules);
  } catch (error) {
    throw asTooLarge(error, rules);
  }
  // An Idempotency-Key is claimed on what was sent, read in full, before anything is written (ADR 0182).
  const { file, fields } = received;
  await claimUpload(request, JSON.stringify({ file: file && { filename: file.filename, sha256: file.sha256 }, fields }));
  return received;
}

/** @fastify/multipart's own size error, answered with this input's sentence. */
function asTooLarge(error: unknown, rules: UploadRules): unknown {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? new HttpError(413, rules.messages.tooLarge) : error;
}

async function readParts(request: FastifyRequest, rules: UploadRules): Promise<{ file: ReceivedFile | undefined; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let problem: HttpError | null = null;

  for await (const part of request.parts({ limits: { fileSize: rules.maxBytes + 1 } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || file || problem) {
      problem ??= part.fieldname === 'file' ? new HttpError(400, FILE_MESSAGES.oneFileOnly) : null;
      await drain(part.file);
      continue;
    }
    const outcome = await readOne(part, rules);
    if (outcome instanceof HttpError) problem = outcome;
    else file = outcome;
  }
  if (problem) throw problem;
  return { file, fields };
}

/** Like receiveFile for inputs that take nothing but the file: a missing file is a 400. */
export async function receiveOnlyFile(request: FastifyRequest, rules: UploadRules): Promise<ReceivedFile> {
  const { file } = await receiveFile(request, rules);
  if (!file) throw new HttpError(400, rules.messages.noFile);
  return file;
}

async function readOne(part: MultipartFile, rules: UploadRules): Promise<ReceivedFile | HttpError> {
  const filename = part.filename;
  const promised = rules.kindFromName ? rules.kindFromName(filename) : undefined;
  let problem: HttpError | null = rules.requireKnownName && !promised ? new HttpError(415, rules.messages.wrongType) : null;
  const chunks: Buffer[] = [];
  const hash = createHash('sha256');
  let size = 0;
  let sniffed: Sniffed | null = null;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (problem) continue; // drain
    size += chunk.length;
    if (size > rules.maxBytes) {
      problem = new HttpError(413, rules.messages.tooLarge);
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
    hash.update(chunk);
    // The type is known from the first 4 KB: a refused file is not kept while the rest arrives.
    if (!sniffed && size >= SNIFF_BYTES) {
      sniffed = await sniff(Buffer.concat(chunks));
      problem = earlyRefusal(sniffed, promised, rules);
      if (problem) chunks.length = 0;
    }
  }
  if (problem) return problem;
  if (part.file.truncated) return new HttpError(413, rules.messages.tooLarge);
  if (size === 0) return new HttpError(400, rules.messages.empty ?? 'The file is empty');
  const data = Buffer.concat(chunks, size);
  sniffed ??= await sniff(data);
  const early = earlyRefusal(sniffed, promised, rules);
  if (early) return early;
  const kind = await kindOf(sniffed, data, rules);
  if (kind instanceof HttpError) return kind;
  return { filename, kind, data, sha256: hash.digest('hex') };
}

/** What the first bytes already rule out: a kind not accepted, or not the kind the name promises. */
function earlyRefusal(sniffed: Sniffed, promised: UploadKind | undefined, rules: UploadRules): HttpError | null {
  const m = rules.messages;
  const candidate: UploadKind | null = sniffed === 'zip' ? 'xlsx' : sniffed === 'text' ? 'csv' : sniffed === 'binary' ? null : sniffed;
  if (!candidate || !rules.accept.includes(candidate)) return new HttpError(415, m.wrongType);
  if (promised && promised !== candidate) return new HttpError(415, m.contentMismatch ?? m.wrongType);
  return null;
}

/**
 * Opens a CSV upload as a stream of checked UTF-8 text, for inputs too large to
 * hold (the stock file): the size limit and the content rule are applied as the
 * bytes pass, and the stream fails with the HttpError when one is broken.
 */
export async function openCsvStream(request: FastifyRequest, rules: UploadRules & { nameRule?: RegExp; nameMessage?: string }): Promise<{ filename: string; text: Readable }> {
  refuseDeclaredSize(request, rules);
  const part = await request.file({ limits: { fileSize: rules.maxBytes + 1 } });
  if (!part) throw new HttpError(400, rules.messages.noFile);
  if (part.fieldname !== 'file') {
    await drain(part.file);
    throw new HttpError(400, rules.messages.wrongField ?? 'Send the file in the form field "file"');
  }
  if (rules.nameRule && !rules.nameRule.test(part.filename)) {
    await drain(part.file);
    throw new HttpError(415, rules.nameMessage ?? rules.messages.wrongType);
  }
  const text = new CsvTextStream(rules.maxBytes, rules.messages.tooLarge);
  part.file.on('error', (error) => text.destroy(asTooLarge(error, rules) as Error));
  // The caller may set up (a transaction) before it reads; an early refusal waits in the
  // stream's errored state and reaches the caller's pipeline then, not as an unhandled event.
  text.on('error', () => {});
  part.file.pipe(text);
  return { filename: part.filename, text };
}

/**
 * openCsvStream read to its end before the caller goes on: the checked text (at most
 * `maxBytes`) as a stream again. The caller takes its database connection only once
 * the whole file is here, so a slow client holds none while its bytes trickle in
 * (ADR 0170). Every refusal (size, type, encoding) is thrown here, as the stream would have.
 */
export async function receiveCsvText(request: FastifyRequest, rules: Parameters<typeof openCsvStream>[1]): Promise<{ filename: string; text: Readable }> {
  const { filename, data } = await receiveCsvBytes(request, rules);
  return { filename, text: Readable.from([data], { objectMode: false }) };
}

/** receiveCsvText's checked text as bytes, for a caller that keeps the file too (the stock upload history, ADR 0191). */
export async function receiveCsvBytes(request: FastifyRequest, rules: Parameters<typeof openCsvStream>[1]): Promise<{ filename: string; data: Buffer }> {
  const { filename, text } = await openCsvStream(request, rules);
  const chunks: Buffer[] = [];
  const hash = createHash('sha256');
  for await (const chunk of text as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    hash.update(chunk);
  }
  await claimUpload(request, JSON.stringify({ file: { filename, sha256: hash.digest('hex') } }));
  return { filename, data: Buffer.concat(chunks) };
}

export { notCsv };
