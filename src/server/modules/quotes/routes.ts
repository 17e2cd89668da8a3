import { idParams } from '@common/contracts/common';
import { orderView } from '@common/contracts/orders';
import { extendQuoteBody, orderFromQuoteBody, quotesQuery, quotesResponse, quoteView, requestQuoteBody, sendQuoteBody } from '@common/contracts/quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { contentDisposition } from '../../lib/downloads';
import type { QuotesService } from './service';

const tags = ['Quotes'];
/** Dealers (their own company's), admins and salespeople (every company's); the service checks each step's role. */
const access = { roles: ['bold_customer', 'admin', 'salesperson'] as const };
const read = { access, scope: 'quotes:read' as const };
const write = { access, scope: 'quotes:write' as const };
/** A dealer's own steps: no token acts as a dealer. */
const dealer = { access };

/** /api/quotes (docs/decisions/0237-project-quotes.md). */
export const quoteRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService }> = async (app, { quotes }) => {
  app.get(
    '/api/quotes',
    { config: read, schema: { tags, operationId: 'listQuotes', summary: "Quotes, newest first: a dealer's own company's; admins and salespeople every company's", querystring: quotesQuery, response: { 200: quotesResponse } } },
    (request) => quotes.list(actorOf(request), request.query),
  );
  app.post(
    '/api/quotes',
    { config: dealer, schema: { tags, operationId: 'requestQuote', summary: 'Request a quote for a project (a buyer of a dealer company); lines in boxes or square feet', errorStatuses: [403], body: requestQuoteBody, response: { 201: quoteView } } },
    async (request, reply) => reply.code(201).send(await quotes.request(actorOf(request), request.body)),
  );
  app.get(
    '/api/quotes/:id',
    { config: read, schema: { tags, operationId: 'getQuote', summary: 'One quote with its lines, quoted and contract prices and held lots', errorStatuses: [404], params: idParams, response: { 200: quoteView } } },
    (request) => quotes.detail(actorOf(request), request.params.id),
  );
  app.get(
    '/api/quotes/:id/pdf',
    { config: read, compress: false, schema: { tags, operationId: 'getQuotePdf', summary: 'The quote as a PDF for the contractor', errorStatuses: [404], params: idParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { pdf, filename } = await quotes.pdf(actorOf(request), request.params.id);
      return reply.header('Cache-Control', 'private, no-store').header('Content-Disposition', contentDisposition('attachment', filename)).type('application/pdf').send(pdf);
    },
  );
  app.post(
    '/api/quotes/:id/send',
    { config: write, schema: { tags, operationId: 'sendQuote', summary: 'Price every line, hold lots, set validity and send the quote to the dealer (admins; salespeople above the floor)', errorStatuses: [403, 404, 409], params: idParams, body: sendQuoteBody, response: { 200: quoteView } } },
    (request) => quotes.send(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/quotes/:id/extend',
    { config: write, schema: { tags, operationId: 'extendQuote', summary: 'Move the valid-until date and the holds with it, at most 90 days from now (admins)', errorStatuses: [403, 404, 409], params: idParams, body: extendQuoteBody, response: { 200: quoteView } } },
    (request) => quotes.extend(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/quotes/:id/close',
    { config: write, schema: { tags, operationId: 'closeQuote', summary: 'Close a quote and release its holds (admins, or the dealer)', errorStatuses: [403, 404, 409], params: idParams, response: { 200: quoteView } } },
    (request) => quotes.close(actorOf(request), request.params.id),
  );
  app.post(
    '/api/quotes/:id/accept',
    { config: dealer, schema: { tags, operationId: 'acceptQuote', summary: 'Accept a quoted quote (its dealer)', errorStatuses: [403, 404, 409], params: idParams, response: { 200: quoteView } } },
    (request) => quotes.decide(actorOf(request), request.params.id, 'accepted'),
  );
  app.post(
    '/api/quotes/:id/decline',
    { config: dealer, schema: { tags, operationId: 'declineQuote', summary: 'Decline a quoted quote and release its holds (its dealer)', errorStatuses: [403, 404, 409], params: idParams, response: { 200: quoteView } } },
    (request) => quotes.decide(actorOf(request), request.params.id, 'declined'),
  );
  app.post(
    '/api/quotes/:id/orders',
    { config: dealer, schema: { tags, operationId: 'orderFromQuote', summary: 'Place an order from an accepted quote: quoted prices, held lots first', errorStatuses: [403, 404, 409], params: idParams, body: orderFromQuoteBody, response: { 201: orderView } } },
    async (request, reply) => reply.code(201).send(await quotes.order(actorOf(request), request.params.id, request.body)),
  );
};
