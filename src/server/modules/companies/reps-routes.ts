import { idParams } from '@common/contracts/common';
import { actingCompaniesQuery, actingCompaniesResponse, repAssignmentParams, repAssignmentsResponse } from '@common/contracts/reps';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { requireUser } from '../../plugins/access';
import type { RepAssignmentsService } from './reps';

const tags = ['Companies'];
const adminRead = { access: 'admin' as const, scope: 'companies:read' as const };
const adminWrite = { access: 'admin' as const, scope: 'companies:write' as const };

/**
 * Rep assignments (docs/decisions/0235): admins and the ERP manage them per company; a signed-in rep
 * (or admin) lists the companies they may order for. Starting and stopping is /api/session/acting.
 */
export const repAssignmentRoutes: FastifyPluginAsyncZod<{ reps: RepAssignmentsService }> = async (app, { reps }) => {
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
