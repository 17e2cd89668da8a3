import { idParams } from '@common/contracts/common';
import {
  actingCompaniesQuery,
  actingCompaniesResponse,
  cancelRepImportResponse,
  repAssignmentParams,
  repAssignmentsResponse,
  repImportIdParams,
  repImportPreview,
  repImportResult,
} from '@common/contracts/reps';
import { receiveOnlyFile, type UploadRules } from '../../lib/upload';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { requireUser } from '../../plugins/access';
import type { RepAssignmentsService } from './reps';
import type { RepsImport } from './reps-import';

export const REP_IMPORT_RULES: UploadRules = {
  maxBytes: 2 * 1024 * 1024,
  accept: ['csv'],
  messages: {
    noFile: 'Please choose a file to upload',
    tooLarge: 'The file is too large. A rep assignments file may be at most 2 MB',
    wrongType: 'Please upload a CSV file with the columns username and accountNumber',
  },
};

const tags = ['Companies'];
const adminRead = { access: 'admin' as const, scope: 'companies:read' as const };
const adminWrite = { access: 'admin' as const, scope: 'companies:write' as const };

/**
 * Rep assignments (docs/decisions/0235): admins and the ERP manage them per company; a signed-in rep
 * (or admin) lists the companies they may order for. Starting and stopping is /api/session/acting.
 */
export const repAssignmentRoutes: FastifyPluginAsyncZod<{ reps: RepAssignmentsService; repsImport: RepsImport }> = async (app, { reps, repsImport }) => {
  // The assignments file (docs/decisions/0235, 0220): a preview that changes nothing, then Confirm or Cancel.
  app.post(
    '/api/companies/reps/import/preview',
    { config: { access: 'admin' }, schema: { tags, operationId: 'previewRepImport', summary: 'Check a CSV of rep username and company account number; assigns nobody', consumes: ['multipart/form-data'], response: { 200: repImportPreview } } },
    async (request) => repsImport.preview(actorOf(request), await receiveOnlyFile(request, REP_IMPORT_RULES)),
  );
  app.post(
    '/api/companies/reps/imports/:id/confirm',
    { config: { access: 'admin' }, schema: { tags, operationId: 'confirmRepImport', summary: 'Assign the reps of a previewed file, exactly as previewed', errorStatuses: [404, 409], params: repImportIdParams, response: { 200: repImportResult } } },
    (request) => repsImport.confirm(actorOf(request), request.params.id),
  );
  app.post(
    '/api/companies/reps/imports/:id/cancel',
    { config: { access: 'admin' }, schema: { tags, operationId: 'cancelRepImport', summary: 'Drop a previewed rep assignments file', errorStatuses: [404, 409], params: repImportIdParams, response: { 200: cancelRepImportResponse } } },
    (request) => repsImport.cancel(actorOf(request), request.params.id),
  );

  app.get(
    '/api/companies/:id/reps',
    { config: adminRead, schema: { tags, operationId: 'listCompanyReps', summary: 'The salespeople assigned to a company', errorStatuses: [404], params: idParams, response: { 200: repAssignmentsResponse } } },
    (request) => reps.list(request.params.id),
  );
  app.put(
    '/api/companies/:id/reps/:userId',
    { config: adminWrite, schema: { tags, operationId: 'assignCompanyRep', summary: 'Assign a salesperson to a company (assigning twice changes nothing)', errorStatuses: [404], params: repAssignmentParams, response: { 200: repAssignmentsResponse } } },
    (request) => reps.assign(actorOf(request), request.params.id, request.params.userId),
  );
  app.delete(
    '/api/companies/:id/reps/:userId',
    { config: adminWrite, schema: { tags, operationId: 'unassignCompanyRep', summary: "Remove a salesperson from a company; their ordering for it ends at once", errorStatuses: [404], params: repAssignmentParams, response: { 200: repAssignmentsResponse } } },
    (request) => reps.unassign(actorOf(request), request.params.id, request.params.userId),
  );
  // While acting the rep is the company's buyer; the account's own role decides here.
  app.get(
    '/api/acting/companies',
    { config: { access: 'user', whileActingLost: true }, schema: { tags, operationId: 'listActingCompanies', summary: 'The companies you may order for: assigned ones (salespeople) or any (admins, searched)', errorStatuses: [403], querystring: actingCompaniesQuery, response: { 200: actingCompaniesResponse } } },
    (request) => reps.actingCompanies(requireUser(request), request.query.q),
  );
};
