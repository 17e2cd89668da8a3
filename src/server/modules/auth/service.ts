import type { CurrentUser, LoginBody, PasswordChangeBody, RegisterBody } from '@common/contracts/auth';
import { canActAs, permissionsOf, type Role } from '@common/domain/permissions';
import { mayActForDealers, REP_MESSAGES, type ActingFor } from '@common/domain/reps';
import type { Db } from '../../db/client';
import { toAccountView } from '../../lib/account-view';
import { refuseCommonPassword } from '../../lib/common-passwords';
import { HttpError } from '../../lib/http-error';
import { batchedReads } from '../../lib/batched-reads';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../../lib/password-hash';
import type { Actor, Origin } from '../../lib/actor';
import type { RequestUser } from '../../plugins/access';
import { endUserSessions, type ReadSessions } from '../../plugins/session-store';
import type { SessionPort } from '../../plugins/sessions';
import type { ActivityService } from '../activity';
import type { CartsService } from '../carts';
import { placeNewDealer } from '../companies';
import { HASHING_BUSY_MESSAGE, HashGate, RetryLaterError } from './hash-gate';
import { createLoginLimits, PASSWORD_THROTTLED_MESSAGE, THROTTLED_MESSAGE } from './login-throttle';
import {
  findLiveUserById,
  findLiveUserByUsername,
  insertUser,
  readLiveUsersByIds,
  readActingFor,
  readSessionsWithUsers,
  recordSignIn,
  updatePassword,
  type UserRow,
} from './repository';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const REGISTRATION_DISABLED = 'Registration is disabled';
export const USERNAME_TAKEN = 'Username already exists';

/** Non-admins have exactly one role, so it is chosen for them at login. */
function initialActiveRole(role: Role): Role | null {
  return role === 'admin' ? null : role;
}

export function toCurrentUser(row: UserRow, activeRole: Role | null, acting: Acting = NOT_ACTING): CurrentUser {
  const view = { ...toAccountView(row), activeRole, permissions: activeRole ? [...permissionsOf(activeRole)] : [] };
  if (!acting.actingFor) return acting.actingLost ? { ...view, actingFor: null, actingLost: true } : view;
  // Working as the company's buyer (docs/decisions/0235): the dealer's screens see a buyer of it.
  return { ...view, companyId: acting.actingFor.companyId, companyRole: 'buyer', actingFor: acting.actingFor, actingLost: false };
}

/** Whether a session acts for a dealer company, as its live read found it (docs/decisions/0235). */
interface Acting {
  actingFor: ActingFor | null;
  actingLost: boolean;
}
const NOT_ACTING: Acting = { actingFor: null, actingLost: false };

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * The session store's read (plugins/session-store.ts): each session with its live user in one
 * statement, so a signed-in request costs one round trip; the user half comes back on the
 * request's session, to `loadSessionUser` and `sessionUser` as SessionPort.userReadWithSession
 * (ADR 0176, update).
 */
export function createSessionReads(db: Db): ReadSessions {
  return (sids) => readSessionsWithUsers(db, sids);
}

/** The parts of the caller's session that say who is signed in. */
type SessionIdentity = Pick<SessionPort, 'userId' | 'activeRole' | 'userReadWithSession' | 'actingCompanyId' | 'actingReadWithSession'>;

export function createAuthService(deps: {
  db: Db;
  activity: ActivityService;
  /** An active cart is created at login when the user has none. */
  carts: Pick<CartsService, 'ensureActiveCart'>;
  allowRegistration: boolean;
  /** The cap on concurrent password hashing for sign-ins (hash-gate.ts); default from the cores. */
  hashGate?: HashGate;
}) {
  const { db, activity } = deps;
  const hashGate = deps.hashGate ?? HashGate.withDefaults();
  const limits = createLoginLimits(db);
  // A signed-in request whose session read did not bring its user (a session started during the
  // request, or read another way) reads it here; requests arriving together share the query (ADR 0176).
  const liveUsers = batchedReads((ids: readonly number[]) => readLiveUsersByIds(db, ids));

  /**
   * Starts a fresh session for the user: a new id defeats session fixation (docs/product-decisions.md).
   * Returns the origin with the new session id, so the activity row names the session it started.
   */
  async function startSession(origin: Origin, session: SessionPort, user: UserRow, rememberMe: boolean): Promise<Origin> {
    const sessionId = await session.start({ userId: user.id, activeRole: initialActiveRole(user.role), rememberMe });
    const started = { ...origin, sessionId };
    // The session's first row: its later rows (page views, searches) share its session reference (docs/decisions/0135).
    await activity.record(started, {
      type: 'session_start',
      description: `${user.username} started a session${rememberMe ? ' (remember me)' : ''}`,
      userId: user.id,
      metadata: { rememberMe },
    });
    return started;
  }

  /** The account and whether the password is its own, hashed within the cap; an unknown name burns a hash too, so both take as long. */
  async function checkPassword(body: Pick<LoginBody, 'username' | 'password'>, knownAddress: boolean) {
    const row = await findLiveUserByUsername(db, body.username);
    const valid = await hashGate.run(knownAddress, () =>
      row ? verifyPassword(body.password, row.passwordHash) : burnPasswordCheck(body.password).then(() => false),
    );
    return { row, valid };
  }

  async function currentRow(userId: number): Promise<UserRow> {
    const row = await findLiveUserById(db, userId);
    if (!row) throw new HttpError(401, 'Please log in to continue');
    return row;
  }

  /**
   * The session's account, read on every request (ADR 0176), and the role it acts as. `userReadWithSession`
   * is the user the session read brought for this request; it is used when it is that session's user.
   */
  async function sessionAccount(session: SessionIdentity): Promise<{ row: UserRow; activeRole: Role | null; acting: Acting } | null> {
    const userId = session.userId;
    if (userId === null) return null;
    // undefined: the session was not read from the store this request (started since), so the user is read here;
    // null: the session read found no live user for this session (deleted since, or none).
    const read = session.userReadWithSession;
    const row = read === undefined || (read && read.id !== userId) ? await liveUsers.load(userId) : read;
    if (!row) return null;
    const chosen = session.activeRole;
    const acting = await actingOf(session, row);
    // Acting for a dealer, the session works as its buyer (docs/decisions/0235).
    if (acting.actingFor) return { row, activeRole: 'bold_customer', acting };
    // An admin demoted since choosing a role loses it at once (the role is checked on every request).
    return { row, activeRole: chosen && canActAs(row.role, chosen) ? chosen : initialActiveRole(row.role), acting };
  }

  /**
   * The company the session acts for, checked live: by the session's own read (its assignment or
   * the admin role held in that statement), or, for a session changed during this request, here.
   */
  async function actingOf(session: SessionIdentity, row: UserRow): Promise<Acting> {
    const asked = session.actingCompanyId;
    if (asked === null) return NOT_ACTING;
    const read = session.actingReadWithSession;
    const found = read === undefined || (read && read.companyId !== asked) ? await readActingFor(db, row.id, asked) : read;
    return found ? { actingFor: found, actingLost: false } : { actingFor: null, actingLost: true };
  }

  return {
    /** The user behind the session, or null when signed out or deleted since. */
    async loadSessionUser(session: SessionIdentity): Promise<RequestUser | null> {
      const found = await sessionAccount(session);
      if (!found) return null;
      const { row, activeRole, acting } = found;
      return {
        id: row.id,
        username: row.username,
        role: row.role,
        email: row.email,
        isTemporaryPassword: row.isTemporaryPassword,
        activeRole,
        companyId: acting.actingFor ? acting.actingFor.companyId : row.companyId,
        companyRole: acting.actingFor ? 'buyer' : row.companyRole,
        ...acting,
      };
    },

    /** What GET /api/user answers for this session, or null: the app page carries it (ADR 0152). */
    async sessionUser(session: SessionIdentity): Promise<CurrentUser | null> {
      const found = await sessionAccount(session);
      return found ? toCurrentUser(found.row, found.activeRole, found.acting) : null;
    },

    async me(actor: Actor, actingLost = false): Promise<CurrentUser> {
      return toCurrentUser(await currentRow(actor.userId), actor.role, { actingFor: actor.actingFor ?? null, actingLost });
    },

    async login(origin: Origin, session: SessionPort, body: Required<LoginBody>): Promise<CurrentUser> {
      const ip = origin.ip ?? '';
      // Admitted before any hashing: a parallel burst cannot slip past a limit (docs/decisions/0202).
      const attempt = await limits.reserveLoginAttempt(ip, body.username);
      if (!attempt.allowed) {
        throw attempt.refusal === 'busy'
          ? new RetryLaterError(HASHING_BUSY_MESSAGE, attempt.retryAfterSeconds)
          : new RetryLaterError(THROTTLED_MESSAGE, attempt.retryAfterSeconds);
      }
      const { row, valid } = await checkPassword(body, attempt.knownAddress).catch(async (error: unknown) => {
        // "Busy" (the cap refused or its wait ran out) or a fault: the password was never judged, so nothing is counted.
        await limits.releaseLoginAttempt(attempt).catch(() => undefined);
        throw error;
      });
      if (!row || !valid) {
        // Only a judged wrong password counts toward the locks. Same message for an unknown user and a wrong password.
        await limits.recordLoginFailure(attempt);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await limits.recordLoginSuccess(attempt);
      await recordSignIn(db, row.id, needsRehash(row.passwordHash) ? await hashPassword(body.password) : undefined);
      const started = await startSession(origin, session, row, body.rememberMe);
      await deps.carts.ensureActiveCart(row.id);
      await activity.record(started, {
        type: 'login',
        description: `${row.username} logged in`,
        userId: row.id,
        metadata: { rememberMe: body.rememberMe },
      });
      return toCurrentUser(row, initialActiveRole(row.role));
    },

    /** `by` is the actor when someone was signed in; logging out twice is fine. */
    async logout(by: Actor | Origin, session: SessionPort): Promise<void> {
      if ('userId' in by) {
        await activity.record(by, { type: 'logout', description: `${by.username} logged out`, userId: by.userId });
      }
      await session.end();
    },

    async register(origin: Origin, session: SessionPort, body: RegisterBody): Promise<CurrentUser> {
      if (!deps.allowRegistration) throw new HttpError(403, REGISTRATION_DISABLED);
      await refuseCommonPassword(body.password, 'password');
      if (await findLiveUserByUsername(db, body.username)) throw new HttpError(409, USERNAME_TAKEN);
      // A public route that hashes: it shares the sign-in cap.
      const passwordHash = await hashGate.run(false, () => hashPassword(body.password));
      const row = await db.transaction(async (tx) => {
        const account = {
          username: body.username,
          passwordHash,
          role: 'bold_customer' as const,
          email: body.email ?? null,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
          company: body.company ?? null,
          isTemporaryPassword: false,
        };
        // A company of their own: a stranger's typed company name never joins them to a company (docs/decisions/0230).
        return insertUser(tx, { ...account, ...(await placeNewDealer(tx, account, { matchByName: false })) });
      });
      await activity.record(origin, {
        type: 'user_created',
        description: `${row.username} registered`,
        userId: row.id,
        targetUserId: row.id,
      });
      await startSession(origin, session, row, false);
      await deps.carts.ensureActiveCart(row.id);
      return toCurrentUser(row, initialActiveRole('bold_customer'));
    },

    /**
     * "Is this the account's current password?" for other modules' confirmed changes (an email
     * change, docs/decisions/0203): counted and throttled like Change Password, a wrong one is a 400.
     */
    async checkCurrentPassword(userId: number, password: string): Promise<void> {
      const row = await currentRow(userId);
      if (!(await limits.takePasswordAttempt(row.id))) throw new HttpError(429, PASSWORD_THROTTLED_MESSAGE);
      if (!(await verifyPassword(password, row.passwordHash))) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
      }
      await limits.clearPasswordAttempts(row.id);
    },

    /** Both password flows: checks the current password, stores the new one, clears the temporary flag. */
    async changePassword(actor: Actor, body: PasswordChangeBody): Promise<CurrentUser> {
      const row = await currentRow(actor.userId);
      // Like the contract's rules, before anything is counted or hashed.
      await refuseCommonPassword(body.newPassword, 'newPassword');
      // Counted before hashing: a wrong-password flood is refused without costing a 32 MiB scrypt each.
      if (!(await limits.takePasswordAttempt(row.id))) throw new HttpError(429, PASSWORD_THROTTLED_MESSAGE);
      if (!(await verifyPassword(body.currentPassword, row.passwordHash))) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
      }
      await limits.clearPasswordAttempts(row.id);
      await updatePassword(db, row.id, await hashPassword(body.newPassword));
      // Anyone holding an older session of this account is signed out.
      await endUserSessions(db, row.id, actor.sessionId ?? undefined);
      await activity.record(actor, {
        type: 'password_changed',
        description: `${row.username} changed their password`,
        userId: row.id,
        targetUserId: row.id,
        metadata: { wasTemporary: row.isTemporaryPassword },
      });
      return toCurrentUser({ ...row, isTemporaryPassword: false }, actor.role);
    },

    /** Starts ordering for a dealer company (docs/decisions/0235): assigned (a salesperson) or any (an admin). */
    async startActing(actor: Actor, session: SessionPort, companyId: number): Promise<CurrentUser> {
      const row = await currentRow(actor.userId);
      // The account's own role decides, not the one it acts as now.
      if (!mayActForDealers(row.role)) throw new HttpError(403, REP_MESSAGES.notARep);
      const actingFor = await readActingFor(db, row.id, companyId);
      if (!actingFor) throw new HttpError(403, REP_MESSAGES.notAssigned);
      const was = actor.actingFor ?? null;
      session.actFor(companyId);
      const by = { ...actor, role: 'bold_customer' as const, companyId, companyRole: 'buyer' as const, actingFor };
      await activity.record(by, {
        type: 'acting_started',
        description: `${row.username} started ordering for ${actingFor.companyName}`,
        userId: row.id,
        metadata: { companyId, ...(was && was.companyId !== companyId ? { stoppedCompanyId: was.companyId } : {}) },
      });
      return toCurrentUser(row, 'bold_customer', { actingFor, actingLost: false });
    },

    /** Back to the account itself; fine when not acting (a lost assignment ends here too). */
    async stopActing(actor: Actor, session: SessionPort): Promise<CurrentUser> {
      const row = await currentRow(actor.userId);
      const asked = session.actingCompanyId;
      session.actFor(null);
      if (asked !== null) {
        await activity.record(actor, {
          type: 'acting_stopped',
          description: actor.actingFor ? `${row.username} stopped ordering for ${actor.actingFor.companyName}` : `${row.username} stopped ordering for a dealer`,
          userId: row.id,
          metadata: { companyId: asked },
        });
      }
      const chosen = session.activeRole;
      return toCurrentUser(row, chosen && canActAs(row.role, chosen) ? chosen : initialActiveRole(row.role));
    },

    async chooseRole(actor: Actor, session: SessionPort, role: Role): Promise<CurrentUser> {
      const row = await currentRow(actor.userId);
      // The account's own role decides, not the one it acts as now.
      if (!canActAs(row.role, role)) throw new HttpError(403, 'Only admins may switch roles');
      session.chooseRole(role);
      return toCurrentUser(row, role);
    },
  };
}
