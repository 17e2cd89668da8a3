import { errorBody } from '@common/contracts/common';
import {
  stockLevelsBody,
  stockLevelsResponse,
  stockUploadErrorBody,
  stockUploadQuery,
  stockUploadResponse,
} from '@common/contracts/stock';
import { confirmStockUploadBody, stockUploadIdParams, stockUploadPreviewResponse } from '@common/contracts/stock-uploads';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { contentDisposition } from '../../lib/downloads';
import { safeFileName } from '../../lib/safe-file-name';
import { receiveCsvBytes } from '../../lib/upload';
import type { StockService } from './service';
import { stockTemplateCsv } from './template';


/**
 * POST /api/stock/upload (edit_stock) and the template (download_template). The history,
 * its cancel and its file download are the imports module's routes (docs/decisions/0220).
 */
export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService; maxUploadMb: number }> = async (app, { stock, maxUploadMb }) => {
  const rules = {
    maxBytes: maxUploadMb * 1024 * 1024,
    accept: ['csv'] as const,
    messages: {
      noFile: 'Choose a CSV file to upload',
      tooLarge: stock.tooLarge().message, wrongType: 'Only CSV files (.csv) can be uploaded',
      wrongField: 'Send the CSV file in the form field "file"',
    },
    nameRule: /\.csv$/i,
  };

  app.post(
    '/api/stock/upload',
    {
      config: { access: { permission: 'edit_stock' }, scope: 'stock:write' },
      schema: {
        operationId: 'uploadStock', summary: 'Update stock from a CSV file', errorStatuses: [409],
        consumes: ['multipart/form-data'],
        querystring: stockUploadQuery,
        response: { 200: stockUploadResponse, 400: z.union([stockUploadErrorBody, errorBody]) },
      },
    },
    async (request, reply) => {
      // CSV only, sent as form data field "file"; the upload module checks size and content as it streams.
      // The whole file is read before the import takes a database connection (ADR 0170).
      const { filename, data } = await receiveCsvBytes(request, rules);
      const result = await stock.importCsv(actorOf(request), {
        data,
        filename: safeFileName(filename, 'csv', 'stock-upload'),
        mode: request.query.mode,
        removalToken: request.query.removalToken,
      });
      if (!result.ok) return reply.code(400).send(result.body);
      return result.response;
    },
  );

  // The browser's upload: a preview of every change, kept to confirm or cancel (ADR 0191, extending ADR 0130's
  // replace preview, whose fields the answer still carries). Nothing in the catalogue changes here.
  app.post(
    '/api/stock/upload/preview',
    {
      config: { access: { permission: 'edit_stock' }, scope: 'stock:write' },
      schema: {
        tags: ['Stock'],
        summary: 'Preview a stock CSV: new, changed (before and after), unchanged, missing and warnings; changes nothing',
        operationId: 'previewStockUpload',
        consumes: ['multipart/form-data'],
        response: { 200: stockUploadPreviewResponse, 400: z.union([stockUploadErrorBody, errorBody]) },
      },
    },
    async (request, reply) => {
      const { filename, data } = await receiveCsvBytes(request, rules);
      const result = await stock.previewUpload(actorOf(request), { data, filename: safeFileName(filename, 'csv', 'stock-upload') });
      if (!result.ok) return reply.code(400).send(result.body);
      return result.preview;
    },
  );

  app.post(
    '/api/stock/uploads/:id/confirm',
    {
      config: { access: { permission: 'edit_stock' }, scope: 'stock:write' },
      schema: {
        tags: ['Stock'],
        summary: 'Apply a previewed stock upload exactly as previewed (a lots or incoming upload: 409, see its own confirm)',
        operationId: 'confirmStockUpload',
        params: stockUploadIdParams,
        body: confirmStockUploadBody,
        response: { 200: stockUploadResponse, 400: z.union([stockUploadErrorBody, errorBody]), 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const result = await stock.confirmUpload(actorOf(request), request.params.id, request.body.mode);
      if (!result.ok) return reply.code(400).send(result.body);
      return result.response;
    },
  );

  // An ERP's push (docs/integrations.md): the same rules as the CSV's Stock Level column.
  app.patch(
    '/api/stock',
    {
      config: { access: { permission: 'edit_stock' }, scope: 'stock:write' },
      schema: {
        operationId: 'setStockLevels',
        tags: ['Stock'],
        summary: 'Set stock levels by SKU, all or nothing',
        body: stockLevelsBody,
        response: { 200: stockLevelsResponse },
      },
    },
    (request) => stock.setLevels(actorOf(request), request.body),
  );

  app.get('/api/stock/template', { config: { access: { permission: 'download_template' } }, schema: { operationId: 'getStockTemplate', summary: 'The stock CSV template', produces: ['text/csv'] } }, async (_request, reply) =>
    reply
      .header('Content-Disposition', contentDisposition('attachment', 'stock-template.csv'))
      .header('Cache-Control', 'no-cache')
      .type('text/csv; charset=utf-8')
      .send(stockTemplateCsv()),
  );
};
