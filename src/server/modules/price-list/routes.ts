import { errorBody, okBody } from '@common/contracts/common';
import {
  assignmentBody,
  companyChoicesQuery,
  companyChoicesResponse,
  companyIdParams,
  companyPricesQuery,
  companyPricesResponse,
  priceListAssignmentParams,
  priceListBody,
  priceListCodeParams,
  priceListDetail,
  priceListEntriesPage,
  priceListEntriesQuery,
  priceListEntryParams,
  priceListEntryView,
  priceListIdParams,
  priceListsPage,
  priceListsQuery,
  priceListUploadErrorBody,
  priceListUploadIdParams,
  priceListUploadPreview,
  priceListUploadResult,
  putPriceListBody,
  putPriceListEntriesBody,
  putPriceListEntriesResponse,
  putPriceListEntryBody,
  putPriceListResponse,
} from '@common/contracts/price-lists';
import { stockUploadHistoryResponse } from '@common/contracts/stock-uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { contentDisposition, isFresh } from '../../lib/downloads';
import { receiveOnlyFile } from '../../lib/upload';
import type { ImportsService } from '../imports';
import { normaliseAssignment } from './admin';
import { priceListUploadRules } from './price-list-file';
import { dealerPriceListEtag, priceListEtag, type PriceListService } from './service';

export const PRICE_LIST_API_PATH = '/api/price-list.pdf';

const tags = ['Price lists'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** The admin screens; an API token with prices:write may call them too. */
const write = { access: 'admin' as const, scope: 'prices:write' as const };
const read = { access: 'admin' as const, scope: 'prices:read' as const };

/**
 * The price list PDF lives at /api/price-list.pdf (view_prices); /price-list.pdf
 * is the screen that frames it. A plain request for /price-list.pdf
 * (a download tool, not a browser tab) is sent to the PDF (docs/decisions/0013).
 * A dealer whose company has a price list gets their own prices (docs/decisions/0231).
 * Price lists, their entries, assignments and files for admins and the ERP (docs/decisions/0231).
 */
export const priceListRoutes: FastifyPluginAsyncZod<{ priceList: PriceListService; imports: Pick<ImportsService, 'history'>; maxUploadMb: number }> = async (
  app,
  { priceList, imports, maxUploadMb },
) => {
  const admin = priceList.admin;
  const rules = priceListUploadRules(maxUploadMb);

  app.get(PRICE_LIST_API_PATH, { config: { access: { permission: 'view_prices' } }, compress: false, schema: { operationId: 'getPriceList', summary: "The price list as a PDF: the signed-in dealer's own prices when their company has a price list", otherResponses: { 304: 'Not modified: the If-None-Match ETag still matches; no body' }, produces: ['application/pdf'] } }, async (request, reply) => {
    const actor = actorOf(request);
    const version = await priceList.currentVersion();
    const dealerKey = await priceList.dealerVersion(actor, version);
    // A 304 is the browser showing its copy again: a view all the same.
    await priceList.viewed(actor);
    reply.header('Cache-Control', 'private, no-cache');
    const etag = dealerKey ? dealerPriceListEtag(dealerKey) : priceListEtag(version);
    if (isFresh(request, { etag })) return reply.header('ETag', etag).code(304).send();
    const { pdf, etag: builtEtag, filename } = dealerKey ? await priceList.dealerPdf(actor.companyId!, dealerKey) : await priceList.pdf(version);
    return reply.header('ETag', builtEtag).header('Content-Disposition', contentDisposition('inline', filename)).type('application/pdf').send(pdf);
  });

  app.get('/price-list.pdf', { config: { access: 'public' } }, async (request, reply) => {
    const navigation = (request.headers.accept ?? '').includes('text/html');
    if (navigation) return reply.callNotFound();
    return reply.redirect(PRICE_LIST_API_PATH, 302);
  });

  // --- The admin screens ---------------------------------------------------------------------

  app.get(
    '/api/admin/price-lists',
    { config: read, schema: { tags, operationId: 'listPriceLists', summary: 'Price lists, searched by code or name, a page at a time', querystring: priceListsQuery, response: { 200: priceListsPage } } },
    (request) => admin.lists(request.query),
  );

  app.post(
    '/api/admin/price-lists',
    { config: write, schema: { tags, operationId: 'createPriceList', summary: 'Create a price list (code, name, valid from and to)', body: priceListBody, response: { 201: priceListDetail, ...errors, 409: errorBody } } },
    async (request, reply) => reply.code(201).send(await admin.create(actorOf(request), request.body)),
  );

  app.get(
    '/api/admin/price-lists/company-choices',
    { config: read, schema: { tags, operationId: 'listPriceListCompanyChoices', summary: 'Companies to assign a list to, searched by name or account number', querystring: companyChoicesQuery, response: { 200: companyChoicesResponse } } },
    (request) => admin.companyChoices(request.query.search),
  );

  app.get(
    '/api/admin/price-lists/uploads',
    { config: read, schema: { tags, operationId: 'listPriceListUploads', summary: 'The history of price list files', response: { 200: stockUploadHistoryResponse } } },
    async (request) => ({ uploads: await imports.history('price_list', actorOf(request)) }),
  );

  app.get(
    '/api/admin/price-lists/template',
    { config: read, schema: { tags, operationId: 'getPriceListTemplate', summary: 'The price list file template (CSV)', produces: ['text/csv'] } },
    async (_request, reply) =>
      reply
        .header('Content-Disposition', contentDisposition('attachment', 'price-list-template.csv'))
        .header('Cache-Control', 'no-cache')
        .type('text/csv; charset=utf-8')
        .send('list,sku,price,min_quantity\nCONTRACT-2026,1001,8.40,1\nCONTRACT-2026,1001,7.90,100\n'),
  );

  app.post(
    '/api/admin/price-lists/upload/preview',
    {
      config: write,
      schema: {
        tags,
        operationId: 'previewPriceListUpload',
        summary: 'Preview a price list file (list,sku,price,min_quantity): per list the entries added, changed (with the % change; over 20% flagged) and removed; changes nothing',
        consumes: ['multipart/form-data'],
        response: { 200: priceListUploadPreview, 400: z.union([priceListUploadErrorBody, errorBody]), 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const file = await receiveOnlyFile(request, rules);
      const result = await priceList.uploads.preview(actorOf(request), file);
      if (!result.ok) return reply.code(400).send(result.body);
      return result.preview;
    },
  );

  app.post(
    '/api/admin/price-lists/uploads/:id/confirm',
    {
      config: write,
      schema: {
        tags,
        operationId: 'confirmPriceListUpload',
        summary: 'Apply a previewed price list file: only the entries that differ are written, in one transaction (409 when those lists changed since)',
        params: priceListUploadIdParams,
        response: { 200: priceListUploadResult, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const outcome = await priceList.uploads.confirm(actorOf(request), request.params.id);
      if (!outcome.ok) return reply.code(400).send({ message: outcome.body.message });
      return outcome.response;
    },
  );

  app.post(
    '/api/admin/price-lists/uploads/:id/cancel',
    {
      config: write,
      schema: { tags, operationId: 'cancelPriceListUpload', summary: 'Cancel a previewed price list file; nothing changes', params: priceListUploadIdParams, response: { 200: okBody, 404: errorBody, 409: errorBody } },
    },
    async (request) => {
      await priceList.uploads.cancel(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/price-lists/:id',
    { config: read, schema: { tags, operationId: 'getPriceListDetail', summary: 'A price list with its assignments', params: priceListIdParams, response: { 200: priceListDetail, ...errors } } },
    (request) => admin.detail(request.params.id),
  );

  app.patch(
    '/api/admin/price-lists/:id',
    { config: write, schema: { tags, operationId: 'updatePriceList', summary: "Change a price list's code, name or dates", params: priceListIdParams, body: priceListBody, response: { 200: priceListDetail, ...errors, 409: errorBody } } },
    (request) => admin.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/price-lists/:id',
    { config: write, schema: { tags, operationId: 'deletePriceList', summary: 'Delete a price list with its entries and assignments', params: priceListIdParams, response: { 200: okBody, ...errors } } },
    async (request) => {
      await admin.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/price-lists/:id/entries',
    { config: read, schema: { tags, operationId: 'listPriceListEntries', summary: "A list's SKUs with their breaks, searched by SKU or product name, a page at a time", params: priceListIdParams, querystring: priceListEntriesQuery, response: { 200: priceListEntriesPage, ...errors } } },
    (request) => admin.entries(request.params.id, request.query),
  );

  app.put(
    '/api/admin/price-lists/:id/entries/:sku',
    {
      config: { ...write, idempotent: true },
      schema: { tags, operationId: 'putPriceListEntry', summary: "Set one SKU's prices in a list (its plain price and breaks); only the rows that differ are written", params: priceListEntryParams, body: putPriceListEntryBody, response: { 200: priceListEntryView, ...errors } },
    },
    (request) => admin.putEntry(actorOf(request), request.params.id, request.params.sku, request.body.breaks),
  );

  app.delete(
    '/api/admin/price-lists/:id/entries/:sku',
    { config: write, schema: { tags, operationId: 'deletePriceListEntry', summary: "Remove one SKU's prices from a list", params: priceListEntryParams, response: { 200: okBody, ...errors } } },
    async (request) => {
      await admin.removeEntry(actorOf(request), request.params.id, request.params.sku);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/price-lists/:id/assignments',
    { config: write, schema: { tags, operationId: 'assignPriceList', summary: 'Assign a list to a company or a price group with a priority (again: the new priority)', params: priceListIdParams, body: assignmentBody, response: { 200: priceListDetail, ...errors } } },
    (request) => admin.assign(actorOf(request), request.params.id, normaliseAssignment(request.body)),
  );

  app.delete(
    '/api/admin/price-lists/:id/assignments/:assignmentId',
    { config: write, schema: { tags, operationId: 'unassignPriceList', summary: 'Remove one assignment of a list', params: priceListAssignmentParams, response: { 200: priceListDetail, ...errors } } },
    (request) => admin.unassign(actorOf(request), request.params.id, request.params.assignmentId),
  );

  // --- The ERP -------------------------------------------------------------------------------

  app.put(
    '/api/price-lists/:code',
    {
      config: { ...write, idempotent: true },
      schema: { tags, operationId: 'putPriceList', summary: "Create a price list or set its header (name, valid from and to); 201 when created", params: priceListCodeParams, body: putPriceListBody, response: { 200: putPriceListResponse, 201: putPriceListResponse, ...errors } },
    },
    async (request, reply) => {
      const result = await admin.putByCode(actorOf(request), request.params.code, request.body);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/price-lists/:code',
    { config: read, schema: { tags, operationId: 'getPriceListByCode', summary: 'A price list by its code, with its assignments', params: priceListCodeParams, response: { 200: priceListDetail, ...errors } } },
    (request) => admin.getByCode(request.params.code),
  );

  app.put(
    '/api/price-lists/:code/entries',
    {
      config: { ...write, idempotent: true },
      bodyLimit: 32 * 1024 * 1024,
      schema: {
        tags,
        operationId: 'putPriceListEntries',
        summary: "Set a list's whole set of entries (sku, price, minQuantity); only the rows that differ are written, entries not sent are removed",
        params: priceListCodeParams,
        body: putPriceListEntriesBody,
        response: { 200: putPriceListEntriesResponse, ...errors },
      },
    },
    (request) => admin.putEntries(actorOf(request), request.params.code, request.body.entries),
  );

  app.get(
    '/api/companies/:id/prices',
    {
      config: { access: { permission: 'view_prices' }, scope: 'prices:read' },
      schema: {
        tags,
        operationId: 'getCompanyPrices',
        summary: "A company's price of each SKU asked: the resolved price, the base price, where it came from and the ladder of quantity breaks (admins, prices:read tokens, and a dealer for their own company)",
        params: companyIdParams,
        querystring: companyPricesQuery,
        response: { 200: companyPricesResponse, ...errors },
      },
    },
    (request) => admin.companyPrices(actorOf(request), request.params.id, request.query.sku),
  );
};

