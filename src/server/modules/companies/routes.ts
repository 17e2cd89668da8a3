import { idParams, okBody } from '@common/contracts/common';
import {
  addBuyerBody,
  buyerParams,
  buyerView,
  companiesPage,
  companiesQuery,
  companyDetail,
  companyView,
  createCompanyBody,
  locationBody,
  locationParams,
  locationsResponse,
  locationView,
  movedOutResponse,
  newBuyerBody,
  ownBuyerParams,
  ownCompany,
  ownLocationParams,
  updateBuyerBody,
  updateCompanyBody,
  updateLocationBody,
  updateOwnCompanyBody,
} from '@common/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { adminOfOwnCompany, type CompaniesService } from './service';

const tags = ['Companies'];
/** Portal admins for any company; API tokens with the companies scopes (docs/decisions/0230). */
const adminRead = { access: 'admin' as const, scope: 'companies:read' as const };
const adminWrite = { access: 'admin' as const, scope: 'companies:write' as const };
/** Buyers are managed on the screens only: no token scope. */
const adminOnly = { access: 'admin' as const };
/** A dealer's own company: the company admin writes, everyone in it reads. */
const dealer = { access: { roles: ['bold_customer'] as const } };

/**
 * /api/companies (admins and the ERP) and /api/company (the signed-in dealer's own). The company of
 * an /api/company call is always the caller's: no id of another company can be named there.
 * GET /api/companies/{id}/prices belongs to the price-list module.
 */
export const companyRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, { companies }) => {
  app.get(
    '/api/companies',
    { config: adminRead, schema: { tags, operationId: 'listCompanies', summary: 'Companies by name, searched by name or account number, one page at a time', querystring: companiesQuery, response: { 200: companiesPage } } },
    (request) => companies.list(request.query),
  );
  app.post(
    '/api/companies',
    { config: adminWrite, schema: { tags, operationId: 'createCompany', summary: 'Create a company (account number unique ignoring case)', errorStatuses: [409], body: createCompanyBody, response: { 200: companyView } } },
    (request) => companies.create(actorOf(request), request.body),
  );
  app.get(
    '/api/companies/:id',
    { config: adminRead, schema: { tags, operationId: 'getCompany', summary: 'A company with its locations and buyers', errorStatuses: [404], params: idParams, response: { 200: companyDetail } } },
    (request) => companies.detail(request.params.id),
  );
  app.patch(
    '/api/companies/:id',
    { config: adminWrite, schema: { tags, operationId: 'updateCompany', summary: 'Edit a company; only the fields sent change', errorStatuses: [404, 409], params: idParams, body: updateCompanyBody, response: { 200: companyView } } },
    (request) => companies.update(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/companies/:id/locations',
    { config: adminRead, schema: { tags, operationId: 'listCompanyLocations', summary: "A company's ship-to and bill-to locations, the default of each kind first", errorStatuses: [404], params: idParams, response: { 200: locationsResponse } } },
    (request) => companies.locations(request.params.id),
  );
  app.post(
    '/api/companies/:id/locations',
    { config: adminWrite, schema: { tags, operationId: 'addCompanyLocation', summary: 'Add a location; isDefault makes it the default of its kind (the first of a kind always is)', errorStatuses: [404], params: idParams, body: locationBody, response: { 200: locationView } } },
    (request) => companies.addLocation(actorOf(request), request.params.id, request.body),
  );
  app.patch(
    '/api/companies/:id/locations/:locationId',
    { config: adminWrite, schema: { tags, operationId: 'updateCompanyLocation', summary: 'Replace a location with the one sent', errorStatuses: [404], params: locationParams, body: updateLocationBody, response: { 200: locationView } } },
    (request) => companies.updateLocation(actorOf(request), request.params.id, request.params.locationId, request.body),
  );
  app.delete(
    '/api/companies/:id/locations/:locationId',
    { config: adminWrite, schema: { tags, operationId: 'deleteCompanyLocation', summary: 'Remove a location; orders keep the address they were placed with', errorStatuses: [404], params: locationParams, response: { 200: okBody } } },
    async (request) => {
      await companies.removeLocation(actorOf(request), request.params.id, request.params.locationId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/companies/:id/buyers',
    { config: adminOnly, schema: { tags, operationId: 'addCompanyBuyer', summary: 'Add an existing BOLD Customer to the company (moving them from their company)', errorStatuses: [404, 409], params: idParams, body: addBuyerBody, response: { 200: buyerView } } },
    (request) => companies.addBuyer(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/companies/:id/buyers/new',
    { config: adminOnly, schema: { tags, operationId: 'createCompanyBuyer', summary: 'Create a BOLD Customer account in the company, with a temporary password', errorStatuses: [404, 409], params: idParams, body: newBuyerBody, response: { 200: buyerView } } },
    (request) => companies.newBuyer(actorOf(request), request.params.id, request.body),
  );
  app.patch(
    '/api/companies/:id/buyers/:userId',
    { config: adminOnly, schema: { tags, operationId: 'updateCompanyBuyer', summary: "A buyer's role in the company and spending limit", errorStatuses: [404, 409], params: buyerParams, body: updateBuyerBody, response: { 200: buyerView } } },
    (request) => companies.updateBuyer(actorOf(request), request.params.id, request.params.userId, request.body),
  );
  app.delete(
    '/api/companies/:id/buyers/:userId',
    { config: adminOnly, schema: { tags, operationId: 'moveCompanyBuyerOut', summary: 'Take a buyer out of the company; they get a company of their own', errorStatuses: [404], params: buyerParams, response: { 200: movedOutResponse } } },
    (request) => companies.moveOut(actorOf(request), request.params.id, request.params.userId),
  );

  // The signed-in dealer's own company (My company).
  app.get(
    '/api/company',
    { config: dealer, schema: { tags, operationId: 'getOwnCompany', summary: "Your company, its locations and (for its company admin) its buyers", errorStatuses: [404], response: { 200: ownCompany } } },
    (request) => companies.own(actorOf(request)),
  );
  app.patch(
    '/api/company',
    { config: dealer, schema: { tags, operationId: 'updateOwnCompany', summary: 'Settings of your company: whether orders placed for it by reps need a buyer\'s confirmation (company admins)', errorStatuses: [403, 404], body: updateOwnCompanyBody, response: { 200: companyView } } },
    (request) => {
      const actor = actorOf(request);
      return companies.update(actor, adminOfOwnCompany(actor), request.body);
    },
  );
  app.post(
    '/api/company/locations',
    { config: dealer, schema: { tags, operationId: 'addOwnCompanyLocation', summary: "Add a location to your company (company admins)", errorStatuses: [404], body: locationBody, response: { 200: locationView } } },
    (request) => {
      const actor = actorOf(request);
      return companies.addLocation(actor, adminOfOwnCompany(actor), request.body);
    },
  );
  app.patch(
    '/api/company/locations/:locationId',
    { config: dealer, schema: { tags, operationId: 'updateOwnCompanyLocation', summary: "Replace a location of your company (company admins)", errorStatuses: [404], params: ownLocationParams, body: updateLocationBody, response: { 200: locationView } } },
    (request) => {
      const actor = actorOf(request);
      return companies.updateLocation(actor, adminOfOwnCompany(actor), request.params.locationId, request.body);
    },
  );
  app.delete(
    '/api/company/locations/:locationId',
    { config: dealer, schema: { tags, operationId: 'deleteOwnCompanyLocation', summary: 'Remove a location of your company (company admins)', errorStatuses: [404], params: ownLocationParams, response: { 200: okBody } } },
    async (request) => {
      const actor = actorOf(request);
      await companies.removeLocation(actor, adminOfOwnCompany(actor), request.params.locationId);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/company/buyers',
    { config: dealer, schema: { tags, operationId: 'createOwnCompanyBuyer', summary: 'Create a buyer in your company with a temporary password (company admins)', errorStatuses: [404, 409], body: newBuyerBody, response: { 200: buyerView } } },
    (request) => {
      const actor = actorOf(request);
      return companies.newBuyer(actor, adminOfOwnCompany(actor), request.body);
    },
  );
  app.patch(
    '/api/company/buyers/:userId',
    { config: dealer, schema: { tags, operationId: 'updateOwnCompanyBuyer', summary: "A buyer's role and spending limit in your company (company admins)", errorStatuses: [404, 409], params: ownBuyerParams, body: updateBuyerBody, response: { 200: buyerView } } },
    (request) => {
      const actor = actorOf(request);
      return companies.updateBuyer(actor, adminOfOwnCompany(actor), request.params.userId, request.body);
    },
  );
};
