import { create as createDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { parse as parseRangeHeader } from 'range-parser';

/**
 * The HTTP parts every download shares, each from a maintained library
 * (docs/decisions/0217-http-and-file-helpers-from-libraries.md): the file name
 * (content-disposition), the conditional request (fresh) and the byte range (range-parser).
 */

/**
 * Content-Disposition for a file name (RFC 6266). A name that is not plain ASCII
 * gets its exact form in `filename*` (RFC 8187) and a readable ASCII fallback in
 * `filename` ("Cerámica.pdf" -> "Ceramica.pdf" rather than the library's "Cer?mica.pdf").
 * The library quotes and escapes, so no quote or line break in a name can break the header.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').trim() || 'download';
  return createDisposition(fileName, { type, fallback });
}

/** What identifies the version a response would send. */
export interface Validators {
  etag: string;
  lastModified?: Date;
}

/**
 * True when the client's copy is current (If-None-Match, else If-Modified-Since; weak
 * comparison), so the answer is a 304. A request with Cache-Control: no-cache is never fresh.
 */
export function isFresh(request: FastifyRequest, { etag, lastModified }: Validators): boolean {
  return fresh(request.headers, { etag, 'last-modified': lastModified?.toUTCString() });
}

export type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * The byte range to send of a resource of `size` bytes. Only one range is served:
 * several ranges, other units and malformed headers get the whole resource, which
 * RFC 9110 allows. A range that starts past the end is unsatisfiable (416). With
 * If-Range, a client whose copy is stale gets the whole new resource, not a piece.
 */
export function requestedRange(request: FastifyRequest, size: number, etag: string): RangeResult {
  const header = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (!header || (ifRange && ifRange !== etag)) return { kind: 'full' };
  const parsed = parseRangeHeader(size, header);
  if (parsed.code === 2) return { kind: 'unsatisfiable' };
  if (parsed.code !== 0 || parsed.type !== 'bytes' || parsed.ranges.length !== 1) return { kind: 'full' };
  const [range] = parsed.ranges;
  return range ? { kind: 'partial', start: range.start, end: range.end } : { kind: 'full' };
}
