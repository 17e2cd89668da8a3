import { errorBody } from '@common/contracts/common';
import { cancelStockUploadResponse, stockUploadHistoryQuery, stockUploadHistoryResponse, stockUploadIdParams } from '@common/contracts/stock-uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { contentDisposition } from '../../lib/downloads';
import { servedUploadFile, XLSX_TYPE } from './served-file';
import type { ImportsService } from './service';

/**
 * The upload history's calls, for every listed kind (docs/decisions/0220). Each kind's upload,
 * preview and confirm stay with its module's routes; their paths are unchanged.
 */
export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  const write = { access: { permission: 'edit_stock' as const }, scope: 'stock:write' as const };

  app.post(
    '/api/stock/uploads/:id/cancel',
    {
      config: write,
      schema: {
        tags: ['Stock'],
        summary: 'Cancel a previewed upload (stock, lots, incoming or users); nothing changes',
        operationId: 'cancelStockUpload',
        params: stockUploadIdParams,
        response: { 200: cancelStockUploadResponse, 404: errorBody, 409: errorBody },
      },
    },
    (request) => imports.cancel(actorOf(request), request.params.id),
  );

  app.get(
    '/api/stock/uploads',
    {
      config: write,
      schema: {
        tags: ['Stock'],
        summary: 'The upload history of the stock, lots, incoming and users files (or of one kind): who, when, counts',
        operationId: 'listStockUploads',
        querystring: stockUploadHistoryQuery,
        response: { 200: stockUploadHistoryResponse },
      },
    },
    async (request) => ({ uploads: await imports.history(request.query.kind, actorOf(request)) }),
  );

  app.get(
    '/api/stock/uploads/:id/file',
    {
      config: write,
      schema: {
        tags: ['Stock'],
        summary: 'Download the file of one upload (CSV, or an xlsx kept before ADR 0204), formula cells neutralised',
        operationId: 'downloadStockUploadFile',
        params: stockUploadIdParams,
        produces: ['text/csv', XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const file = servedUploadFile(await imports.file(request.params.id, actorOf(request)));
      // Always an attachment under a safe name, never sniffed into HTML (docs/decisions/0204).
      return reply
        .header('Content-Disposition', contentDisposition('attachment', file.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .type(file.type)
        .send(file.body);
    },
  );
};
