import {
  USER_MESSAGES,
  type BypassResponse,
  type CreateUserBody,
  type ProfileBody,
  type ResetPasswordResponse,
  type UpdateUserBody,
  type UserImportRow,
  type UsersPage,
  type UsersQuery,
  type UserView,
  PROFILE_FIELDS,
} from '@common/contracts/users';
import type { Db, DbOrTx } from '../../db/client';
import { toAccountView } from '../../lib/account-view';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { HttpError } from '../../lib/http-error';
import { generateTemporaryPassword, hashPassword } from '../../lib/password-hash';
import type { Actor } from '../../lib/actor';
import { endUserSessions } from '../../plugins/session-store';
import type { ActivityService } from '../activity';
import { cartsFollowCompany, ensureCompanyAdmin, placeNewDealer } from '../companies';
import type { CompanyRole } from '@common/domain/companies';
import type { ImportsService } from '../imports';
import type { MailOutbox } from '../mail';
import { createUsersImport } from './import-kind';
import {
  findLiveUser,
  insertUsers,
  isUsernameConflict,
  listUsersPage,
  lockLiveAdmins,
  softDeleteUser,
  takenUsernames,
  updateUser,
  type NewUser,
  type UserChanges,
  type UserRow,
} from './repository';
import { welcomeEmail } from './welcome-email';
import { dropChanges } from './email-change-repository';
import { EMAIL_CHANGE_MESSAGES } from '@common/contracts/email-change';

export function toUserView(row: UserRow): UserView {
  return { ...toAccountView(row), createdAt: row.createdAt.toISOString(), lastLoginAt: row.lastLoginAt?.toISOString() ?? null };
}

/** A new account from Create User or an import row: always a temporary password. */
function newAccount(fields: CreateUserBody | UserImportRow, passwordHash: string): NewUser {
  return {
    username: fields.username,
    passwordHash,
    role: fields.role,
    firstName: fields.firstName ?? null,
    lastName: fields.lastName ?? null,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    company: fields.company ?? null,
    storeName: fields.storeName ?? null,
    storeAddress: fields.storeAddress ?? null,
    storeCity: fields.storeCity ?? null,
    storeState: fields.storeState ?? null,
    storeZip: fields.storeZip ?? null,
    storeContactName: fields.storeContactName ?? null,
    storePhone: fields.storePhone ?? null,
    isTemporaryPassword: true,
  };
}

/** Only what the body sets and what differs from the row. */
function changesOf(row: UserRow, body: UpdateUserBody): UserChanges {
  const changes: UserChanges = {};
  for (const key of PROFILE_FIELDS) {
    const value = body[key];
    if (value !== undefined && value !== row[key]) Object.assign(changes, { [key]: value });
  }
  return changes;
}

export type UsersService = ReturnType<typeof createUsersService>;

/** A new buyer's role and spending limit, when the companies screens create them. */
export interface Membership {
  companyRole: CompanyRole;
  spendingLimit?: string | null;
}

/**
 * The company columns a role change brings (docs/decisions/0230): a dealer made salesperson or admin
 * leaves their company (the CHECK wants company and role null together); an account made a dealer
 * is placed as a new dealer is.
 */
async function companyOnRoleChange(tx: DbOrTx, row: UserRow, changes: UserChanges): Promise<UserChanges> {
  if (changes.role === undefined || changes.role === row.role) return {};
  if (changes.role !== 'bold_customer') return { companyId: null, companyRole: null, spendingLimit: null };
  return placeNewDealer(tx, { ...row, ...changes, username: row.username });
}

/**
 * User management (/users; docs/product-decisions.md#accounts). Routes guard
 * manage_users / admin; the rules that need the database (last admin, yourself,
 * unique names) live here, each write in one transaction with its activity rows.
 */
export function createUsersService(deps: {
  db: Db;
  activity: ActivityService;
  mail: Pick<MailOutbox, 'enqueue'>;
  mailFrom: string;
  /** The lots module's "notify me" requests end in the delete's transaction (docs/decisions/0203). */
  notifyRequests: { endAllOf(tx: DbOrTx, userId: number): Promise<number> };
  /** The users file is one of its kinds (docs/decisions/0225). */
  imports: Pick<ImportsService, 'register'>;
}) {
  const { db, activity } = deps;

  async function liveUser(db: DbOrTx, id: number): Promise<UserRow> {
    const row = await findLiveUser(db, id);
    if (!row) throw new HttpError(404, USER_MESSAGES.notFound);
    return row;
  }

  /** The last-admin rule, checked with the admin rows locked (see lockLiveAdmins). */
  async function assertNotLastAdmin(tx: DbOrTx, target: UserRow): Promise<void> {
    if (target.role !== 'admin') return;
    const admins = await lockLiveAdmins(tx);
    if (admins.filter((id) => id !== target.id).length === 0) throw new HttpError(409, USER_MESSAGES.lastAdmin);
  }

  /** Ends a user's sessions (all but the caller's own) and says so in the activity log. */
  async function endSessions(tx: DbOrTx, actor: Actor, target: UserRow, reason: string) {
    const keep = target.id === actor.userId ? (actor.sessionId ?? undefined) : undefined;
    const ended = await endUserSessions(tx, target.id, keep);
    if (ended > 0) {
      await activity.record(
        actor,
        {
          type: 'session_end',
          description: `${ended} session${ended === 1 ? '' : 's'} of ${target.username} ended: ${reason}`,
          targetUserId: target.id,
          metadata: { sessions: ended, reason },
        },
        tx,
      );
    }
  }

  /**
   * Every BOLD Customer belongs to a company (docs/decisions/0230): the one `companyId` names, else
   * the one whose name matches their company text, else a new company of one. One row after the
   * other, so two rows of an import naming one new company land in it together.
   */
  async function placeDealers(tx: DbOrTx, values: NewUser[], membership?: Membership): Promise<NewUser[]> {
    const placed: NewUser[] = [];
    // Companies an earlier row of this batch joined: its rows are not inserted yet, so a later row
    // must not be made admin again for want of one.
    const joined = new Set<number>();
    for (const value of values) {
      if (value.role !== 'bold_customer') {
        placed.push({ ...value, companyId: null, companyRole: null, spendingLimit: null });
        continue;
      }
      const where = await placeNewDealer(tx, value, { role: membership?.companyRole });
      const companyRole = joined.has(where.companyId) ? (membership?.companyRole ?? 'buyer') : where.companyRole;
      joined.add(where.companyId);
      placed.push({ ...value, companyId: where.companyId, companyRole, spendingLimit: membership?.spendingLimit ?? null });
    }
    return placed;
  }

  /** Inserts new accounts with their user_created rows and welcome emails, in the caller's transaction. */
  async function createAccounts(tx: DbOrTx, actor: Actor, values: NewUser[], how: string, membership?: Membership) {
    const rows = await insertUsers(tx, await placeDealers(tx, values, membership));
    for (const row of rows) {
      await activity.record(
        actor,
        {
          type: 'user_created',
          description: `${actor.username} created user ${row.username} (${row.role})${how}`,
          targetUserId: row.id,
          metadata: { role: row.role },
        },
        tx,
      );
      if (row.email) await deps.mail.enqueue(welcomeEmail({ ...row, email: row.email }, deps.mailFrom), tx);
    }
    return rows;
  }

  const usersImport = createUsersImport({ db, imports: deps.imports, createAccounts: (tx, actor, values) => createAccounts(tx, actor, values, ' by bulk import') });

  async function inTransaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      // Two admins creating the same name at once: the unique index decides.
      if (isUsernameConflict(error)) throw new HttpError(409, USER_MESSAGES.usernameTaken);
      throw error;
    }
  }

  return {
    /** One page of the users table (ADR 0133). */
    async list(query: UsersQuery): Promise<UsersPage> {
      const { rows, total } = await listUsersPage(db, query);
      return { users: rows.map(toUserView), total, page: query.page, pageSize: query.pageSize };
    },

    /** Create User; `membership` is the companies screens' role and spending limit for a new buyer. */
    async create(actor: Actor, body: CreateUserBody, membership?: Membership): Promise<UserView> {
      await refuseCommonPassword(body.password, 'password');
      if ((await takenUsernames(db, [body.username.toLowerCase()])).size > 0) {
        throw new HttpError(409, USER_MESSAGES.usernameTaken, [{ path: 'username', message: USER_MESSAGES.usernameTaken }]);
      }
      const passwordHash = await hashPassword(body.password);
      const [row] = await inTransaction((tx) =>
        createAccounts(
          tx,
          actor,
          [{ ...newAccount(body, passwordHash), companyId: body.companyId ?? null }],
          '',
          membership,
        ),
      );
      if (!row) throw new Error('user not created');
      return toUserView(row);
    },

    async update(actor: Actor, id: number, body: UpdateUserBody): Promise<UserView> {
      return db.transaction(async (tx) => {
        const row = await liveUser(tx, id);
        const changes = changesOf(row, body);
        if (changes.role !== undefined && row.role === 'admin') {
          if (row.id === actor.userId) throw new HttpError(400, USER_MESSAGES.demoteSelf, [{ path: 'role', message: USER_MESSAGES.demoteSelf }]);
          await assertNotLastAdmin(tx, row);
        }
        if (Object.keys(changes).length === 0) return toUserView(row);
        const updated = await updateUser(tx, id, { ...changes, ...(await companyOnRoleChange(tx, row, changes)) });
        if (!updated) throw new HttpError(404, USER_MESSAGES.notFound);
        if (updated.companyId !== row.companyId) await cartsFollowCompany(tx, row.id, updated.companyId);
        if (row.companyId !== null && updated.companyId !== row.companyId) await ensureCompanyAdmin(tx, row.companyId);
        // An admin's edit is direct (docs/decisions/0203); the user's own pending change and its link end.
        if (changes.email !== undefined) await dropChanges(tx, id);
        await activity.record(
          actor,
          {
            type: 'user_updated',
            description: `${actor.username} updated user ${row.username}${changes.role ? ` (role ${row.role} → ${changes.role})` : ''}`,
            targetUserId: row.id,
            metadata: { action: 'edited', fields: Object.keys(changes), ...(changes.role ? { fromRole: row.role, toRole: changes.role } : {}) },
          },
          tx,
        );
        return toUserView(updated);
      });
    },

    /** Edit My User Data (ADR 0053): the caller's own profile fields, logged like an admin's edit. */
    async updateOwnProfile(actor: Actor, body: ProfileBody): Promise<UserView> {
      return db.transaction(async (tx) => {
        const row = await liveUser(tx, actor.userId);
        const changes = changesOf(row, body);
        // The address changes only through a confirmed email change (docs/decisions/0203).
        if (changes.email !== undefined) {
          throw new HttpError(400, EMAIL_CHANGE_MESSAGES.profileEmail, [{ path: 'email', message: EMAIL_CHANGE_MESSAGES.profileEmail }]);
        }
        if (Object.keys(changes).length === 0) return toUserView(row);
        const updated = await updateUser(tx, actor.userId, changes);
        if (!updated) throw new HttpError(404, USER_MESSAGES.notFound);
        await activity.record(
          actor,
          {
            type: 'user_updated',
            description: `${actor.username} updated their own profile`,
            targetUserId: row.id,
            metadata: { action: 'profile_edited', fields: Object.keys(changes) },
          },
          tx,
        );
        return toUserView(updated);
      });
    },

    /** Soft delete (ADR 0007): orders and activity keep the row; sessions end at once. */
    async remove(actor: Actor, id: number): Promise<void> {
      if (id === actor.userId) throw new HttpError(400, USER_MESSAGES.deleteSelf);
      await db.transaction(async (tx) => {
        const row = await liveUser(tx, id);
        await assertNotLastAdmin(tx, row);
        await softDeleteUser(tx, id);
        // A company never loses its last company admin to a delete while others remain (docs/decisions/0230).
        if (row.companyId !== null) await ensureCompanyAdmin(tx, row.companyId);
        // The row stays (soft delete), so no foreign key cascades: what lives on the account ends here.
        const notifyEnded = await deps.notifyRequests.endAllOf(tx, id);
        await dropChanges(tx, id);
        await activity.record(
          actor,
          {
            type: 'user_updated',
            description: `${actor.username} deleted user ${row.username}`,
            targetUserId: row.id,
            metadata: { action: 'deleted', role: row.role, notifyRequestsEnded: notifyEnded },
          },
          tx,
        );
        await endSessions(tx, actor, row, 'user deleted');
      });
    },

    /** docs/product-decisions.md: a strong temporary password, the flag set, the user's sessions ended. */
    async resetPassword(actor: Actor, id: number): Promise<ResetPasswordResponse> {
      const temporaryPassword = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      const username = await db.transaction(async (tx) => {
        const row = await liveUser(tx, id);
        await updateUser(tx, id, { passwordHash, isTemporaryPassword: true });
        await activity.record(
          actor,
          {
            type: 'password_changed',
            description: `${actor.username} reset the password of ${row.username} to a temporary one`,
            targetUserId: row.id,
            metadata: { action: 'admin_reset', temporary: true },
          },
          tx,
        );
        await endSessions(tx, actor, row, 'password reset by an admin');
        return row.username;
      });
      return { username, temporaryPassword };
    },

    /** Emergency tool: clears the temporary-password requirement; logged (docs/product-decisions.md). */
    async bypassPasswordRequirement(actor: Actor, id: number): Promise<BypassResponse> {
      return db.transaction(async (tx) => {
        const row = await liveUser(tx, id);
        if (!row.isTemporaryPassword) {
          return { success: true as const, message: `${row.username} has no password requirement to bypass`, username: row.username };
        }
        await updateUser(tx, id, { isTemporaryPassword: false });
        await activity.record(
          actor,
          {
            type: 'user_updated',
            description: `${actor.username} bypassed the password requirement of ${row.username}`,
            targetUserId: row.id,
            metadata: { action: 'password_requirement_bypassed' },
          },
          tx,
        );
        return {
          success: true as const,
          message: `Password requirement bypassed for ${row.username}. They can sign in with their current password.`,
          username: row.username,
        };
      });
    },

    /** The users file: previewed, confirmed, cancelled, or applied at once (docs/decisions/0225). */
    import: usersImport,
  };
}
