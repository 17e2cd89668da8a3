import type { CompanyRole } from '@common/domain/companies';
import { REP_MESSAGES, type ActingFor } from '@common/domain/reps';
import type { ApiScope } from '@common/contracts/integrations';
import { hasPermission, type Permission, type Role } from '@common/domain/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from '../lib/bearer';
import { HttpError } from '../lib/http-error';

/**
 * Who may call a route. Every route in the API scope declares one in
 * `config.access`; a route without it is refused (fail closed).
 * - public: anyone
 * - signed-in: any signed-in user, even one who must still change a temporary password
 * - user: a signed-in user who has finished the temporary-password step
 * - { permission }: a user whose active role has that permission
 * - admin: a user acting as admin
 * - { roles }: a user acting as one of these roles (only salespeople and admins load announcements)
 */
export type Access = 'public' | 'signed-in' | 'user' | 'admin' | { permission: Permission } | { roles: readonly Role[] };

/** The signed-in account as loaded for one request. */
export interface RequestUser {
  id: number;
  username: string;
  role: Role;
  email: string | null;
  isTemporaryPassword: boolean;
  activeRole: Role | null;
  /** A dealer's company and role in it (docs/decisions/0229); null for admins, salespeople and tokens. */
  companyId: number | null;
  companyRole: CompanyRole | null;
  /**
   * The dealer company a rep or admin acts for (docs/decisions/0235): then activeRole is bold_customer,
   * companyId that company and companyRole buyer, while id stays the rep's. Null when not acting.
   */
  actingFor: ActingFor | null;
  /** The session acts for a company it may no longer (assignment removed): every guarded route answers 403. */
  actingLost: boolean;
}

/** Where a token stands in its one-minute rate window (docs/decisions/0160, 0182). */
export interface TokenRate {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/** The API token a bearer request came with (docs/decisions/0160). */
export interface RequestToken {
  id: number;
  name: string;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The scope an API token needs to call this route; a route without one is closed to tokens. */
    scope?: ApiScope;
    /** true: the route answers even when the session's acting company was taken away (stop acting, docs/decisions/0235). */
    whileActingLost?: boolean;
  }
  interface FastifyRequest {
    user: RequestUser | null;
    apiToken: RequestToken | null;
  }
}

export const NOT_SIGNED_IN = 'Please log in to continue';
export const PASSWORD_CHANGE_REQUIRED = 'Please change your temporary password to continue.';
export const ROLE_NOT_CHOSEN = 'Please choose a role to continue';

/** Throws the 401/403 a request deserves for the given access rule. */
export function checkAccess(access: Access | undefined, user: RequestUser | null): void {
  if (access === 'public') return;
  if (!user) throw new HttpError(401, NOT_SIGNED_IN);
  if (access === 'signed-in') return;
  if (user.isTemporaryPassword) throw new HttpError(403, PASSWORD_CHANGE_REQUIRED);
  if (access === 'user') return;
  if (!user.activeRole) throw new HttpError(403, ROLE_NOT_CHOSEN);
  if (access === 'admin') {
    if (user.activeRole !== 'admin') throw new HttpError(403, "You don't have permission to do that");
    return;
  }
  if (access !== undefined && 'roles' in access) {
    if (!access.roles.includes(user.activeRole)) throw new HttpError(403, "You don't have permission to do that");
    return;
  }
  if (access === undefined || !hasPermission(user.activeRole, access.permission)) {
    throw new HttpError(403, "You don't have permission to do that");
  }
}

export const TOKEN_ROUTE_REFUSED = 'API tokens cannot call this route';
export const tokenScopeMissing = (scope: string) => `This API token does not have the ${scope} scope`;
export const TOKEN_RATE_LIMITED = 'Too many requests with this API token. Please slow down.';

/** A token may call a route only when the route names a scope and the token has it. */
export function checkTokenScope(scope: ApiScope | undefined, token: RequestToken): void {
  if (!scope) throw new HttpError(403, TOKEN_ROUTE_REFUSED);
  if (!token.scopes.includes(scope)) throw new HttpError(403, tokenScopeMissing(scope));
}

export interface AccessOptions {
  loadUser(request: FastifyRequest): Promise<RequestUser | null>;
  /** Who a bearer token is; throws 401 for a bad one. retryAfterSeconds is set past the token's rate limit. */
  authenticateToken(token: string): Promise<{
    identity: { token: RequestToken; user: RequestUser };
    rate: TokenRate;
    retryAfterSeconds: number | null;
  }>;
}

/** Loads the user once per request and enforces each route's `config.access`. */
export const accessPlugin = fp(async (app: FastifyInstance, options: AccessOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  // preValidation: an anonymous caller hears 401 before any word about its body.
  app.addHook('preValidation', async (request, reply) => {
    // Static files and the SPA fallback carry no data; only API routes need a user.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const access = request.routeOptions.config.access;
    const token = access === 'public' ? undefined : bearerToken(request.headers);
    if (token !== undefined) {
      // A bearer request is the token and nothing else: a session cookie sent with it is ignored.
      const { identity, rate, retryAfterSeconds } = await options.authenticateToken(token);
      // The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), on every answer to a token, 429 included.
      reply
        .header('RateLimit-Limit', String(rate.limit))
        .header('RateLimit-Remaining', String(rate.remaining))
        .header('RateLimit-Reset', String(rate.resetSeconds));
      if (retryAfterSeconds !== null) {
        reply.header('retry-after', String(retryAfterSeconds));
        throw new HttpError(429, TOKEN_RATE_LIMITED);
      }
      checkTokenScope(request.routeOptions.config.scope, identity.token);
      request.apiToken = identity.token;
      request.user = identity.user;
      return;
    }
    request.user = await options.loadUser(request);
    // "This rep, for this assigned company" on every request (docs/decisions/0235): once the assignment
    // is gone, nothing but the way out answers until the rep stops acting.
    if (request.user?.actingLost && access !== 'public' && access !== 'signed-in' && !request.routeOptions.config.whileActingLost) {
      throw new HttpError(403, REP_MESSAGES.actingLost);
    }
    checkAccess(access, request.user);
  });
});

/** For handlers behind an access rule: the user is there, or the guard would have refused. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
  return request.user;
}
