import { errorBody } from '@common/contracts/common';
import { stockUploadErrorBody, stockUploadQuery, stockUploadResponse } from '@common/contracts/stock';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { actorOf } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { StockService } from './service';
import { stockTemplateCsv } from './template';

/** Reads what is left of a part we refuse, so the request finishes cleanly. */
async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discard
  }
}

/** Spec §7 POST /api/stock/upload (edit_stock) and the template (download_template). */
export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService; maxUploadMb: number }> = async (app, { stock, maxUploadMb }) => {
  // Room for the multipart boundaries and headers around the file itself.
  const maxRequestBytes = maxUploadMb * 1024 * 1024 + 64 * 1024;

  app.post(
    '/api/stock/upload',
    {
      config: { access: { permission: 'edit_stock' } },
      schema: {
        querystring: stockUploadQuery,
        response: { 200: stockUploadResponse, 400: z.union([stockUploadErrorBody, errorBody]) },
      },
    },
    async (request, reply) => {
      // Spec §5: CSV only, sent as form data field "file".
      if (!request.isMultipart()) throw new HttpError(415, 'Send the CSV file as a multipart form upload in the field "file"');
      // A browser states the size up front: an oversized file is refused before a byte of it is read.
      if (Number(request.headers['content-length'] ?? 0) > maxRequestBytes) throw stock.tooLarge();
      const part = await request.file();
      if (!part) throw new HttpError(400, 'Choose a CSV file to upload');
      if (part.fieldname !== 'file') {
        await drain(part.file);
        throw new HttpError(400, 'Send the CSV file in the form field "file"');
      }
      if (!/\.csv$/i.test(part.filename)) {
        await drain(part.file);
        throw new HttpError(415, 'Only CSV files (.csv) can be uploaded');
      }
      const result = await stock.importCsv(actorOf(request), {
        file: part.file,
        filename: part.filename.slice(0, 200),
        mode: request.query.mode,
      });
      if (!result.ok) return reply.code(400).send(result.body);
      return result.response;
    },
  );

  app.get('/api/stock/template', { config: { access: { permission: 'download_template' } } }, async (_request, reply) =>
    reply
      .header('Content-Disposition', 'attachment; filename="stock-template.csv"')
      .header('Cache-Control', 'no-cache')
      .type('text/csv; charset=utf-8')
      .send(stockTemplateCsv()),
  );
};
