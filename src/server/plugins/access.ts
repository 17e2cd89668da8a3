import { hasPermission, type Permission, type Role } from '@common/domain/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

/**
 * Who may call a route. Every route in the API scope declares one in
 * `config.access`; a route without it is refused (fail closed).
 * - public: anyone
 * - signed-in: any signed-in user, even one who must still change a temporary password
 * - user: a signed-in user who has finished the temporary-password step
 * - { permission }: a user whose active role has that permission (spec §6)
 * - admin: a user acting as admin
 */
export type Access = 'public' | 'signed-in' | 'user' | 'admin' | { permission: Permission };

/** The signed-in account as loaded for one request. */
export interface RequestUser {
  id: number;
  username: string;
  role: Role;
  email: string | null;
  isTemporaryPassword: boolean;
  activeRole: Role | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: RequestUser | null;
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
  if (access === undefined || !hasPermission(user.activeRole, access.permission)) {
    throw new HttpError(403, "You don't have permission to do that");
  }
}

export interface AccessOptions {
  loadUser(request: FastifyRequest): Promise<RequestUser | null>;
}

/** Loads the user once per request and enforces each route's `config.access`. */
export const accessPlugin = fp(async (app: FastifyInstance, options: AccessOptions) => {
  app.decorateRequest('user', null);
  // preValidation: an anonymous caller hears 401 before any word about its body.
  app.addHook('preValidation', async (request) => {
    // Static files and the SPA fallback carry no data; only API routes need a user.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    request.user = await options.loadUser(request);
    checkAccess(request.routeOptions.config.access, request.user);
  });
});

/** For handlers behind an access rule: the user is there, or the guard would have refused. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
  return request.user;
}
