import { actorOf } from '../../lib/actor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { contentDisposition, isFresh, requestedRange } from '../../lib/downloads';
import type { FileRow } from './repository';
import type { FilesService } from './service';

/**
 * Sends a stored file: its checked content type, the original name in
 * Content-Disposition (a download, or `inline` for the preview), nosniff, an
 * ETag from its SHA-256, and single byte ranges (206) so a PDF viewer can fetch
 * the pages it shows first. Bytes stream from PostgreSQL a slice at a time.
 * A file_downloaded activity is recorded once per download, not per range.
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, files: FilesService, file: FileRow, inline: boolean) {
  const etag = `"${file.sha256}"`;
  reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.originalName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', file.updatedAt.toUTCString())
    // Revalidate every time: a file may be deleted, and access is per user.
    .header('Cache-Control', 'private, no-cache');
  // An uploaded PDF may carry JavaScript: shown inline it runs sandboxed, in a unique origin
  // with no scripts, forms or popups; only our own pages may frame it (security review).
  if (inline) reply.header('Content-Security-Policy', "sandbox; frame-ancestors 'self'");

  if (isFresh(request, { etag, lastModified: file.updatedAt })) return reply.code(304).send();

  const range = requestedRange(request, file.size, etag);
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${file.size}`).send();
  }
  const { start, end } = range.kind === 'partial' ? range : { start: 0, end: file.size - 1 };
  if (range.kind === 'partial') reply.code(206).header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  reply.header('Content-Length', end - start + 1);

  if (request.method === 'HEAD') return reply.send();
  if (start === 0) await files.recordDownload(actorOf(request), file, inline);
  return reply.send(Readable.from(files.readBytes(file.id, start, end)));
}
