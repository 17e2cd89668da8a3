import { errorBody } from '@common/contracts/common';
import {
  MERCHANDISE_PATHS,
  MERCHANDISE_UPLOAD_MESSAGES,
  merchandiseAdminItem,
  merchandiseAdminListResponse,
  merchandiseEditBody,
  merchandiseIdParams,
  merchandiseCancelResponse,
  merchandiseListResponse,
  merchandisePreviewResponse,
  merchandiseRemoveResponse,
  merchandiseUploadIdParams,
  merchandiseUploadErrorBody,
  merchandiseUploadResponse,
} from '@common/contracts/merchandise';
import { MERCHANDISE_TYPES } from '@common/domain/cart-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { receiveOnlyFile, type UploadRules } from '../../lib/upload';
import type { MerchandiseAdmin } from './admin';
import type { MerchandiseService } from './service';
import type { MerchandiseUploads } from './uploads';
import { merchandiseTemplate } from './workbook';
import { contentDisposition } from '../../lib/downloads';

/** A merchandise workbook is a few hundred kilobytes; this is the most we read. */
export const MERCHANDISE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The upload module checks size while streaming, the content (a zip that is a workbook) and the zip guard. */
const MERCHANDISE_UPLOAD_RULES: UploadRules = {
  maxBytes: MERCHANDISE_UPLOAD_MAX_BYTES,
  accept: ['xlsx'],
  messages: {
    noFile: MERCHANDISE_UPLOAD_MESSAGES.noFile,
    tooLarge: MERCHANDISE_UPLOAD_MESSAGES.tooLarge,
    wrongType: MERCHANDISE_UPLOAD_MESSAGES.invalidFile,
    notWorkbook: MERCHANDISE_UPLOAD_MESSAGES.notWorkbook,
  },
};
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The OpenAPI name and summary of each list call, written out so a generated client's names only change here. */
const LIST_OPERATIONS = {
  display: { operationId: 'listDisplays', summary: 'Displays that can be ordered' },
  label: { operationId: 'listLabels', summary: 'Labels that can be ordered' },
  pricelist: { operationId: 'listPricelists', summary: 'Printed price lists that can be ordered' },
  handboard: { operationId: 'listHandboards', summary: 'Handboards that can be ordered' },
} as const;

/** Merchandise calls (view_stock), the upload (admin) and the template (admin). */
export const merchandiseRoutes: FastifyPluginAsyncZod<{ merchandise: MerchandiseService; admin: MerchandiseAdmin; uploads: MerchandiseUploads }> = async (
  app,
  { merchandise, admin, uploads },
) => {
  for (const type of MERCHANDISE_TYPES) {
    const path = MERCHANDISE_PATHS[type];
    app.get(
      `/api/merchandise/${path}`,
      { config: { access: { permission: 'view_stock' } }, schema: { ...LIST_OPERATIONS[type], response: { 200: merchandiseListResponse } } },
      () => merchandise.list(type),
    );
  }

  app.post(
    '/api/admin/merchandise/upload',
    {
      config: { access: 'admin' },
      schema: { operationId: 'uploadMerchandise', summary: 'Replace the merchandise catalogue from a workbook', consumes: ['multipart/form-data'], response: { 200: merchandiseUploadResponse, 400: z.union([merchandiseUploadErrorBody, errorBody]) } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, MERCHANDISE_UPLOAD_MESSAGES.invalidFile);
      const file = await receiveOnlyFile(request, MERCHANDISE_UPLOAD_RULES);
      const outcome = await merchandise.upload(actorOf(request), file.data);
      if (!outcome.ok) return reply.code(400).send(outcome.body);
      return outcome.response;
    },
  );

  // The browser's upload (docs/decisions/0214): a preview that changes nothing, then Confirm or Cancel.
  const tags = ['Merchandise'];
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
  app.post(
    '/api/admin/merchandise/upload/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Preview a merchandise workbook: added, changed (before and after), not in the file, warnings; changes nothing',
        operationId: 'previewMerchandiseUpload',
        consumes: ['multipart/form-data'],
        response: { 200: merchandisePreviewResponse, 400: z.union([merchandiseUploadErrorBody, errorBody]), 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, MERCHANDISE_UPLOAD_MESSAGES.invalidFile);
      const file = await receiveOnlyFile(request, MERCHANDISE_UPLOAD_RULES);
      const outcome = await uploads.preview(actorOf(request), file);
      if (!outcome.ok) return reply.code(400).send(outcome.body);
      return outcome.preview;
    },
  );

  app.post(
    '/api/admin/merchandise/uploads/:id/confirm',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Apply a previewed merchandise workbook exactly as previewed (409 when the merchandise changed since)',
        operationId: 'confirmMerchandiseUpload',
        params: merchandiseUploadIdParams,
        response: { 200: merchandiseUploadResponse, ...errors },
      },
    },
    (request) => uploads.confirm(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/merchandise/uploads/:id/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Drop a previewed merchandise workbook; nothing changes',
        operationId: 'cancelMerchandiseUpload',
        params: merchandiseUploadIdParams,
        response: { 200: merchandiseCancelResponse, ...errors },
      },
    },
    (request) => uploads.cancel(actorOf(request), request.params.id),
  );

  // Manage Merchandise (docs/decisions/0131): every item, edit one, remove one (delete or deactivate).
  app.get('/api/admin/merchandise', { config: { access: 'admin' }, schema: { operationId: 'listMerchandiseAdmin', summary: 'Every merchandise item with its state, for admins', response: { 200: merchandiseAdminListResponse } } }, () =>
    admin.list(),
  );

  app.patch(
    '/api/admin/merchandise/:id',
    { config: { access: 'admin' }, schema: { operationId: 'updateMerchandise', summary: 'Edit a merchandise item', params: merchandiseIdParams, body: merchandiseEditBody, response: { 200: merchandiseAdminItem } } },
    (request) => admin.edit(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/merchandise/:id',
    { config: { access: 'admin' }, schema: { operationId: 'deleteMerchandise', summary: 'Delete or deactivate a merchandise item', params: merchandiseIdParams, response: { 200: merchandiseRemoveResponse } } },
    (request) => admin.remove(actorOf(request), request.params.id),
  );

  app.get('/api/admin/merchandise/template.xlsx', { config: { access: 'admin' }, schema: { operationId: 'getMerchandiseTemplate', summary: 'The merchandise workbook template', produces: [XLSX_MIME] } }, async (_request, reply) =>
    reply
      .header('Content-Disposition', contentDisposition('attachment', 'merchandise-template.xlsx'))
      .header('Cache-Control', 'no-cache')
      .type(XLSX_MIME)
      .send(await merchandiseTemplate()),
  );
};
