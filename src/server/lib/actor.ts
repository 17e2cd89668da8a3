import type { CompanyRole } from '@common/domain/companies';
import type { Role } from '@common/domain/permissions';
import type { ActingFor } from '@common/domain/reps';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/access';

/**
 * Where a call came from: the facts every activity row records (Activity log).
 * Services take this instead of the Fastify request, so jobs, scripts and tests call
 * them without one (docs/decisions/0110).
 */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
  /** The session the call ran in; the activity log groups rows by it. */
  sessionId: string | null;
  /** The API call (or page) the activity is about. */
  url: string | null;
  referrer: string | null;
  /** The API token a machine's call came with (docs/decisions/0160); its activity rows name it. */
  apiToken?: { id: number; name: string } | null;
}

/** A signed-in user acting through a service: who, in which role, from where. */
export interface Actor extends Origin {
  userId: number;
  username: string;
  /** The account's address; the order confirmation copies it. */
  email: string | null;
  /** The role the user acts as now (an admin chooses one; null until then). */
  role: Role | null;
  /** A dealer's company and role in it (docs/decisions/0229); absent or null for everyone else. */
  companyId?: number | null;
  companyRole?: CompanyRole | null;
  /** The dealer company a rep or admin acts for (docs/decisions/0235); `userId` is then still the rep's. */
  actingFor?: ActingFor | null;
}

/** Activity nobody's request caused (a job, a script): there is no IP, browser or page. */
export const SYSTEM_ORIGIN: Origin = { ip: null, userAgent: null, sessionId: null, url: null, referrer: null };

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.slice(0, 1000) ?? null;
}

/** The origin of one request, for calls that may come from a signed-out visitor (login, register). */
export function originOf(request: FastifyRequest): Origin {
  const token = request.apiToken;
  return {
    ip: request.ip,
    userAgent: header(request, 'user-agent'),
    // A token request is not part of any browser session, whatever cookie came with it.
    sessionId: token ? null : (request.session?.sessionId ?? null),
    url: request.url.slice(0, 2000),
    referrer: header(request, 'referer'),
    apiToken: token ? { id: token.id, name: token.name } : null,
  };
}

/** The actor of a request behind an access rule (the guard has loaded the user, or this is a 401). */
export function actorOf(request: FastifyRequest): Actor {
  const user = requireUser(request);
  return {
    ...originOf(request),
    userId: user.id,
    username: user.username,
    email: user.email,
    role: user.activeRole,
    companyId: user.companyId,
    companyRole: user.companyRole,
    actingFor: user.actingFor,
  };
}
