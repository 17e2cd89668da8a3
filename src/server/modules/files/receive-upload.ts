import { cleanFileName, expectedUploadType, FILE_MESSAGES, tooLargeMessage, type UploadMimeType } from '@common/domain/file-rules';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { createHash } from 'node:crypto';
import { HttpError } from '../../lib/http-error';

/** file-type's own advice: 4100 bytes are enough to recognise every type it knows. */
const SNIFF_BYTES = 4100;

export interface ReceivedFile {
  originalName: string;
  type: UploadMimeType;
  data: Buffer;
  sha256: string;
}

export interface ReceivedUpload {
  file: ReceivedFile | undefined;
  /** The text fields, as sent (validated by the caller). */
  fields: Record<string, string>;
}

/** Why the bytes are refused, or null when they really are the type the extension promises. */
async function contentProblem(head: Buffer, expected: UploadMimeType): Promise<HttpError | null> {
  const detected = await fileTypeFromBuffer(head);
  // An animated PNG is still a PNG.
  const mime = detected?.mime === 'image/apng' ? 'image/png' : detected?.mime;
  if (mime === expected) return null;
  const allowed = mime === 'application/pdf' || mime === 'image/png' || mime === 'image/jpeg';
  return new HttpError(415, allowed ? FILE_MESSAGES.contentMismatch : FILE_MESSAGES.wrongType);
}

/**
 * Reads a multipart upload (spec §7 POST /api/files: file, name, folderId) as it streams in.
 * The extension is checked before any byte is kept and the content by its magic bytes
 * as soon as the first 4 KB arrive. A refused file is still read to its end (and thrown
 * away) so the browser gets our answer instead of a reset connection; @fastify/multipart
 * stops counting at MAX_UPLOAD_MB, so that is bounded too.
 *
 * An accepted file is gathered into one Buffer of at most MAX_UPLOAD_MB: PostgreSQL
 * needs the whole bytea value in the INSERT anyway (docs/decisions/0030).
 */
export async function receiveUpload(request: FastifyRequest, maxMegabytes: number): Promise<ReceivedUpload> {
  try {
    return await readParts(request, maxMegabytes);
  } catch (error) {
    // @fastify/multipart reports the size limit once the stream ends; answer with the limit in the message.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(maxMegabytes));
    throw error;
  }
}

async function readParts(request: FastifyRequest, maxMegabytes: number): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let problem: HttpError | null = null;

  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || file || problem) {
      problem ??= part.fieldname === 'file' ? new HttpError(400, FILE_MESSAGES.oneFileOnly) : null;
      part.file.resume();
      continue;
    }

    const originalName = cleanFileName(part.filename);
    const expected = expectedUploadType(originalName);
    if (!expected) problem = new HttpError(415, FILE_MESSAGES.wrongType);

    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let sniffed = false;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (problem) continue; // drain
      chunks.push(chunk);
      hash.update(chunk);
      size += chunk.length;
      if (!sniffed && size >= SNIFF_BYTES && expected) {
        sniffed = true;
        problem = await contentProblem(Buffer.concat(chunks), expected);
        if (problem) chunks.length = 0;
      }
    }
    if (problem) continue;
    if (part.file.truncated) {
      problem = new HttpError(413, tooLargeMessage(maxMegabytes));
      continue;
    }
    if (size === 0) {
      problem = new HttpError(400, FILE_MESSAGES.empty);
      continue;
    }
    const data = Buffer.concat(chunks, size);
    if (!sniffed && expected) problem = await contentProblem(data, expected);
    if (!problem && expected) file = { originalName, type: expected, data, sha256: hash.digest('hex') };
  }

  if (problem) throw problem;
  return { file, fields };
}
