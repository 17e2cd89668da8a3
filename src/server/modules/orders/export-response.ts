import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ordersCsv, ordersXlsx } from './export-file';
import type { ExportLine } from './repository';
import { contentDisposition } from '../../lib/downloads';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_ABORTED_LOG = 'order export failed mid-file: the download was aborted, not ended';

/**
 * The lines with the first one already read (docs/decisions/0205-query-parameters-are-checked-before-any-work.md):
 * a query that fails at once fails here, before any header, as an ordinary error answer.
 */
async function startedLines(lines: AsyncIterable<ExportLine>): Promise<AsyncIterable<ExportLine>> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    try {
      for (let next = first; !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // The download was abandoned: let the source finish (it records the export).
      await iterator.return?.();
    }
  })();
}

/**
 * One export answer, CSV or xlsx, for the admin's and the buyer's export alike. The file streams;
 * a failure after the headers went out is logged and the connection is cut (Fastify destroys the
 * response), so the browser shows a failed download instead of a file that looks complete.
 */
export async function sendExport(request: FastifyRequest, reply: FastifyReply, format: 'csv' | 'xlsx', lines: AsyncIterable<ExportLine>, name: string) {
  const started = await startedLines(lines);
  const day = new Date().toISOString().slice(0, 10);
  const body = format === 'xlsx' ? ordersXlsx(started) : Readable.from(ordersCsv(started));
  body.on('error', (error) => request.log.error({ err: error, format }, EXPORT_ABORTED_LOG));
  return reply
    .header('content-type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', `${name}-${day}.${format}`))
    .header('cache-control', 'no-store')
    .send(body);
}
