import type { ActingCompaniesResponse, RepAssignmentsResponse, RepAssignmentView } from '@common/contracts/reps';
import { displayName } from '@common/domain/display-name';
import type { Role } from '@common/domain/permissions';
import { mayActForDealers, REP_MESSAGES } from '@common/domain/reps';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity';
import { lockCompany } from './repository';
import { assignedCompanies, deleteAssignment, findLiveAccount, insertAssignment, repsOf, searchCompanies } from './reps-repository';

/** How many companies an admin's "Order for a dealer" picker lists per search. */
export const ADMIN_PICKER_LIMIT = 50;

export type RepAssignmentsService = ReturnType<typeof createRepAssignmentsService>;

/**
 * Admins assign salespeople to companies (docs/decisions/0235); each change is one transaction with
 * its activity row naming the rep and the company. Removing an assignment ends the rep's acting for
 * that company on the next request on every server (the session read checks it, ADR 0232's trigger).
 */
export function createRepAssignmentsService(deps: { db: Db; activity: ActivityService }) {
  const { db, activity } = deps;

  async function lockedCompany(tx: DbOrTx, companyId: number) {
    const company = await lockCompany(tx, companyId);
    if (!company) throw new HttpError(404, REP_MESSAGES.companyNotFound);
    return company;
  }

  async function list(companyId: number, executor: DbOrTx = db): Promise<RepAssignmentsResponse> {
    const rows = await repsOf(executor, companyId);
    return {
      reps: rows.map(
        (r): RepAssignmentView => ({
          userId: r.userId,
          username: r.username,
          name: displayName(r),
          assignedAt: r.assignedAt.toISOString(),
          assignedByName: r.assignerUsername ? displayName({ username: r.assignerUsername, firstName: r.assignerFirstName, lastName: r.assignerLastName }) : null,
        }),
      ),
    };
  }

  /** One assignment, in the caller's transaction (the screen's and the upload's rule). Returns whether it is new. */
  async function assignIn(tx: DbOrTx, actor: Actor, companyId: number, userId: number): Promise<boolean> {
    const company = await lockedCompany(tx, companyId);
    const rep = await findLiveAccount(tx, userId);
    if (!rep) throw new HttpError(404, REP_MESSAGES.userNotFound);
    if (rep.role !== 'salesperson') throw new HttpError(400, REP_MESSAGES.notASalesperson, [{ path: 'userId', message: REP_MESSAGES.notASalesperson }]);
    const added = await insertAssignment(tx, { userId, companyId, assignedByUserId: actor.apiToken ? null : actor.userId });
    if (added) {
      await activity.record(
        actor,
        { type: 'company_updated', description: `${actor.username} assigned ${rep.username} to ${company.name}`, targetUserId: userId, metadata: { action: 'rep_assigned', companyId, repUserId: userId } },
        tx,
      );
    }
    return added;
  }

  return {
    list: (companyId: number) =>
      db.transaction(async (tx) => {
        await lockedCompany(tx, companyId);
        return list(companyId, tx);
      }),
    assignIn,

    async assign(actor: Actor, companyId: number, userId: number): Promise<RepAssignmentsResponse> {
      return db.transaction(async (tx) => {
        await assignIn(tx, actor, companyId, userId);
        return list(companyId, tx);
      });
    },

    async unassign(actor: Actor, companyId: number, userId: number): Promise<RepAssignmentsResponse> {
      return db.transaction(async (tx) => {
        const company = await lockedCompany(tx, companyId);
        const rep = await findLiveAccount(tx, userId);
        if (await deleteAssignment(tx, userId, companyId)) {
          await activity.record(
            actor,
            {
              type: 'company_updated',
              description: `${actor.username} removed ${rep?.username ?? `user ${userId}`} from ${company.name}`,
              targetUserId: userId,
              metadata: { action: 'rep_unassigned', companyId, repUserId: userId },
            },
            tx,
          );
        }
        return list(companyId, tx);
      });
    },

    /** The companies the account may order for: a salesperson's assigned ones, any for an admin (searched). */
    async actingCompanies(account: { id: number; role: Role }, q: string | undefined): Promise<ActingCompaniesResponse> {
      if (!mayActForDealers(account.role)) throw new HttpError(403, REP_MESSAGES.notARep);
      if (account.role === 'admin') return { companies: await searchCompanies(db, q || undefined, ADMIN_PICKER_LIMIT) };
      const rows = await assignedCompanies(db, account.id);
      const needle = q?.toLowerCase();
      return { companies: needle ? rows.filter((c) => c.name.toLowerCase().includes(needle) || c.accountNumber?.toLowerCase().includes(needle)) : rows };
    },
  };
}
