import { errorBody } from '@common/contracts/common';
import {
  stockLevelsBody,
  stockLevelsResponse,
  stockReplacePreviewResponse,
  stockUploadErrorBody,
  stockUploadQuery,
  stockUploadResponse,
} from '@common/contracts/stock';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { receiveCsvText } from '../../lib/upload';
import type { StockService } from './service';
import { stockTemplateCsv } from './template';

/** Spec §7 POST /api/stock/upload (edit_stock) and the template (download_template). */
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
        consumes: ['multipart/form-data'],
        querystring: stockUploadQuery,
        response: { 200: stockUploadResponse, 400: z.union([stockUploadErrorBody, errorBody]) },
      },
    },
    async (request, reply) => {
      // Spec §5: CSV only, sent as form data field "file"; the upload module checks size and content as it streams.
      // The whole file is read before the import takes a database connection (ADR 0170).
      const { filename, text } = await receiveCsvText(request, rules);
      const result = await stock.importCsv(actorOf(request), {
        text,
        filename: filename.slice(0, 200),
        mode: request.query.mode,
        removalToken: request.query.removalToken,
      });
      if (!result.ok) return reply.code(400).send(result.body);
      return result.response;
    },
  );

  // "Remove products that are not in the file": what mode=replace would remove, changing nothing (docs/decisions/0130).
  app.post(
    '/api/stock/upload/preview',
    {
      config: { access: { permission: 'edit_stock' }, scope: 'stock:write' },
      schema: {
        consumes: ['multipart/form-data'],
        response: { 200: stockReplacePreviewResponse, 400: z.union([stockUploadErrorBody, errorBody]) },
      },
    },
    async (request, reply) => {
      const { filename, text } = await receiveCsvText(request, rules);
      const result = await stock.previewReplace({ text, filename: filename.slice(0, 200) });
      if (!result.ok) return reply.code(400).send(result.body);
      return result.preview;
    },
  );

  // An ERP's push (docs/integrations.md): the same rules as the CSV's Stock Level column.
  app.patch(
    '/api/stock',
    {
      config: { access: { permission: 'edit_stock' }, scope: 'stock:write' },
      schema: {
        tags: ['Stock'],
        summary: 'Set stock levels by SKU, all or nothing',
        body: stockLevelsBody,
        response: { 200: stockLevelsResponse },
      },
    },
    (request) => stock.setLevels(actorOf(request), request.body),
  );

  app.get('/api/stock/template', { config: { access: { permission: 'download_template' } }, schema: { produces: ['text/csv'] } }, async (_request, reply) =>
    reply
      .header('Content-Disposition', 'attachment; filename="stock-template.csv"')
      .header('Cache-Control', 'no-cache')
      .type('text/csv; charset=utf-8')
      .send(stockTemplateCsv()),
  );
};
