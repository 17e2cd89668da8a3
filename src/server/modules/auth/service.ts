import type { CurrentUser, LoginBody, PasswordChangeBody, RegisterBody } from '@common/contracts/auth';
import { canActAs, permissionsOf, type Role } from '@common/domain/permissions';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { toAccountView } from '../../lib/account-view';
import { HttpError } from '../../lib/http-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password-hash';
import type { RequestUser } from '../../plugins/access';
import { endUserSessions, REMEMBER_ME_MS } from '../../plugins/session-store';
import type { ActivityService } from '../activity/service';
import type { CartsService } from '../carts/service';
import { clearLoginFailures, isLoginLocked, recordLoginFailure, THROTTLED_MESSAGE } from './login-throttle';
import { findLiveUserById, findLiveUserByUsername, insertUser, updatePassword, type UserRow } from './repository';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const REGISTRATION_DISABLED = 'Registration is disabled';
export const USERNAME_TAKEN = 'Username already exists';

/** Non-admins have exactly one role, so it is chosen for them at login. */
function initialActiveRole(role: Role): Role | null {
  return role === 'admin' ? null : role;
}

export function toCurrentUser(row: UserRow, activeRole: Role | null): CurrentUser {
  return { ...toAccountView(row), activeRole, permissions: activeRole ? [...permissionsOf(activeRole)] : [] };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  activity: ActivityService;
  /** Spec §4: an active cart is created at login when the user has none. */
  carts: Pick<CartsService, 'ensureActiveCart'>;
  allowRegistration: boolean;
}) {
  const { db, activity } = deps;

  /** Starts a fresh session for the user: a new id defeats session fixation (decisions.md). */
  async function startSession(request: FastifyRequest, user: UserRow, rememberMe: boolean) {
    await request.session.regenerate();
    request.session.set('userId', user.id);
    request.session.set('activeRole', initialActiveRole(user.role as Role));
    request.session.set('rememberMe', rememberMe);
    request.session.set('lastSeenAt', Date.now());
    // Remember me: a 30-day cookie; otherwise a browser-session cookie with a 12 h idle limit on the server.
    if (rememberMe) request.session.cookie.maxAge = REMEMBER_ME_MS;
  }

  async function currentRow(user: RequestUser): Promise<UserRow> {
    const row = await findLiveUserById(db, user.id);
    if (!row) throw new HttpError(401, 'Please log in to continue');
    return row;
  }

  return {
    /** The user behind the session, or null when signed out or deleted since. */
    async loadSessionUser(request: FastifyRequest): Promise<RequestUser | null> {
      const userId = request.session?.get?.('userId');
      if (typeof userId !== 'number') return null;
      const row = await findLiveUserById(db, userId);
      if (!row) return null;
      const role = row.role as Role;
      const chosen = (request.session.get('activeRole') as Role | null | undefined) ?? null;
      return {
        id: row.id,
        username: row.username,
        role,
        email: row.email,
        isTemporaryPassword: row.isTemporaryPassword,
        // An admin demoted since choosing a role loses it at once (the role is checked on every request).
        activeRole: chosen && canActAs(role, chosen) ? chosen : initialActiveRole(role),
      };
    },

    async me(user: RequestUser): Promise<CurrentUser> {
      return toCurrentUser(await currentRow(user), user.activeRole);
    },

    async login(request: FastifyRequest, body: Required<LoginBody>): Promise<CurrentUser> {
      const ip = request.ip;
      if (await isLoginLocked(db, ip, body.username)) throw new HttpError(429, THROTTLED_MESSAGE);
      const row = await findLiveUserByUsername(db, body.username);
      const valid = row ? await verifyPassword(body.password, row.passwordHash) : (await burnPasswordCheck(body.password), false);
      if (!row || !valid) {
        await recordLoginFailure(db, ip, body.username);
        // Same message for an unknown user and a wrong password.
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await clearLoginFailures(db, ip, body.username);
      await startSession(request, row, body.rememberMe);
      await deps.carts.ensureActiveCart(row.id);
      await activity.record(request, {
        type: 'login',
        description: `${row.username} logged in`,
        userId: row.id,
        metadata: { rememberMe: body.rememberMe },
      });
      return toCurrentUser(row, initialActiveRole(row.role as Role));
    },

    async logout(request: FastifyRequest): Promise<void> {
      const user = request.user;
      if (user) {
        await activity.record(request, { type: 'logout', description: `${user.username} logged out`, userId: user.id });
      }
      if (request.session.sessionId) await request.session.destroy();
    },

    async register(request: FastifyRequest, body: RegisterBody): Promise<CurrentUser> {
      if (!deps.allowRegistration) throw new HttpError(403, REGISTRATION_DISABLED);
      if (await findLiveUserByUsername(db, body.username)) throw new HttpError(409, USERNAME_TAKEN);
      const row = await insertUser(db, {
        username: body.username,
        passwordHash: await hashPassword(body.password),
        role: 'bold_customer',
        email: body.email ?? null,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        company: body.company ?? null,
        isTemporaryPassword: false,
      });
      await activity.record(request, {
        type: 'user_created',
        description: `${row.username} registered`,
        userId: row.id,
        targetUserId: row.id,
      });
      await startSession(request, row, false);
      await deps.carts.ensureActiveCart(row.id);
      return toCurrentUser(row, initialActiveRole('bold_customer'));
    },

    /** Both password flows: checks the current password, stores the new one, clears the temporary flag. */
    async changePassword(request: FastifyRequest, user: RequestUser, body: PasswordChangeBody): Promise<CurrentUser> {
      const row = await currentRow(user);
      if (!(await verifyPassword(body.currentPassword, row.passwordHash))) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
      }
      await updatePassword(db, row.id, await hashPassword(body.newPassword));
      // Anyone holding an older session of this account is signed out.
      await endUserSessions(db, row.id, request.session.sessionId);
      await activity.record(request, {
        type: 'password_changed',
        description: `${row.username} changed their password`,
        userId: row.id,
        targetUserId: row.id,
        metadata: { wasTemporary: row.isTemporaryPassword },
      });
      return toCurrentUser({ ...row, isTemporaryPassword: false }, user.activeRole);
    },

    async chooseRole(request: FastifyRequest, user: RequestUser, role: Role): Promise<CurrentUser> {
      if (!canActAs(user.role, role)) throw new HttpError(403, 'Only admins may switch roles');
      request.session.set('activeRole', role);
      return toCurrentUser(await currentRow(user), role);
    },
  };
}
