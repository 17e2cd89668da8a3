import type { Role } from '@common/domain/permissions';
import type { ActingFor } from '@common/domain/reps';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sql } from 'drizzle-orm';
import { SESSION_CACHE_CHANNEL, type SessionCache } from './session-cache';
import { absoluteLifetime, PgSessionStore, type ReadSessions, REMEMBER_ME_MS, type SessionUser } from './session-store';

declare module 'fastify' {
  interface Session {
    userId?: number;
    activeRole?: Role | null;
    rememberMe?: boolean;
    /** When the user signed in; the session ends at startedAt + its absolute lifetime however active it is. */
    startedAt?: number;
    /** Last request time; refreshed at most once a minute to keep the idle expiry moving. */
    lastSeenAt?: number;
    /**
     * Never saved: the live user read with this session in the same statement (session-store.ts get()),
     * null when it names none. Absent on a session started during the request (login, registration).
     */
    userReadWithSession?: SessionUser | null;
    /** The dealer company a rep or admin acts for (docs/decisions/0235); absent or null when not acting. */
    actingCompanyId?: number | null;
    /**
     * Never saved: the acting company as the session's read checked it live (assignment or admin role),
     * null when the session may not act for it (or acts for nobody). Absent as userReadWithSession is.
     */
    actingReadWithSession?: ActingFor | null;
  }
}

const TOUCH_EVERY_MS = 60_000;
export const SESSION_COOKIE = 'bold.sid';
/**
 * Behind a TLS proxy (TRUST_PROXY) the cookie is always Secure and takes the __Host- prefix:
 * the browser then refuses it unless it is Secure, has Path=/ and no Domain, so a sibling
 * subdomain cannot plant or overwrite it.
 */
export const HOST_SESSION_COOKIE = '__Host-bold.sid';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this write never updates a users or sessions row, so its answer need not wait for the
     * session cache's fence (the busiest writes: cart lines, placing an order). Every other write
     * waits, so a new route is safe by default (docs/decisions/0232b).
     */
    sessionFence?: boolean;
  }
  interface FastifyInstance {
    /** The session cookie's name and options, for clearing it at logout. */
    sessionCookie: { name: string; options: { path: '/'; httpOnly: true; sameSite: 'lax'; secure: boolean | 'auto' } };
    /**
     * Resolves once this server has heard every session or user change committed before the call
     * (session-cache.ts `fence`; at once without a cache). Tests that change rows by hand in SQL wait
     * for it before their next request, as a write request does by itself (ADR 0232b).
     */
    sessionChangesHeard(): Promise<void>;
  }
}

/**
 * Cookie sessions stored in PostgreSQL. Not rolling: saving on every request
 * would write a row per API call; instead lastSeenAt is bumped once a minute,
 * which re-saves the session and pushes its idle expiry forward. Every request
 * reads its session row, or a copy that a notification drops the moment the row changes
 * (session-cache.ts), so a session ended through any app server is refused by all of them at once
 * (ADRs 0176, 0232).
 *
 * `readSessions` reads each session with its live user in one statement (the auth module's);
 * the store puts that user on the session it returns (`userReadWithSession`), and
 * SessionPort.userReadWithSession gives it to the auth service.
 */
export async function registerSessions(
  app: FastifyInstance,
  options: { db: Db; secret: string; trustProxy?: boolean; readSessions: ReadSessions; cache?: SessionCache },
): Promise<void> {
  // 'auto': Secure over HTTPS, plain on http://localhost; behind a TLS proxy always Secure.
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: options.trustProxy ? true : 'auto', path: '/' } as const;
  const name = options.trustProxy ? HOST_SESSION_COOKIE : SESSION_COOKIE;
  app.decorate('sessionCookie', { name, options: cookieOptions });
  await app.register(cookie);
  const store = new PgSessionStore(options.db, options.readSessions, options.cache);
  await app.register(session, {
    // @fastify/cookie's Signer (HMAC-SHA256); the plugin refuses a secret under 32 characters.
    secret: options.secret,
    cookieName: name,
    store,
    saveUninitialized: false,
    rolling: false,
    cookie: cookieOptions,
  });
  // Absolute lifetime: past it (or from before it was recorded) a new login is needed, however active the session.
  app.addHook('onRequest', async (request) => {
    const s = request.session;
    if (typeof s?.get('userId') !== 'number') return;
    const startedAt = s.get('startedAt');
    if (typeof startedAt !== 'number' || Date.now() - startedAt > absoluteLifetime(s.get('rememberMe'))) await s.destroy();
  });
  // A write answers once this server heard every notice committed before (session-cache.ts `fence`):
  // the writer's next request, here, never meets the session or user its write changed (ADR 0232b).
  const cache = options.cache;
  const notify = (token: string) => options.db.execute(sql`SELECT pg_notify(${SESSION_CACHE_CHANNEL}, ${token})`);
  app.decorate('sessionChangesHeard', () => (cache ? cache.fence(notify) : Promise.resolve()));
  if (cache) {
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
      if (request.routeOptions.config?.sessionFence === false) return payload;
      await cache.fence(notify);
      return payload;
    });
  }
  app.addHook('preHandler', async (request) => {
    const s = request.session;
    if (typeof s.get('userId') !== 'number') return;
    const last = s.get('lastSeenAt') ?? 0;
    if (Date.now() - last > TOUCH_EVERY_MS) s.set('lastSeenAt', Date.now());
  });
}

/**
 * What the auth service does to the caller's session, handed in by the route so the
 * service never sees the Fastify request (docs/decisions/0110).
 */
export interface SessionPort {
  /** The session id now; null while nothing is stored. */
  readonly id: string | null;
  /** The signed-in user the session names, if any. */
  readonly userId: number | null;
  /** The role chosen in this session (null until an admin chooses). */
  readonly activeRole: Role | null;
  /**
   * The live user read with this session from the store this request: a row, null when the session
   * names none (or a deleted one), undefined when the session was not read so (none, or started since).
   */
  readonly userReadWithSession: SessionUser | null | undefined;
  /** The company this session asks to act for (docs/decisions/0235); null when not acting. */
  readonly actingCompanyId: number | null;
  /** The acting company as the session's read checked it: null when it may not act so; undefined when not read so. */
  readonly actingReadWithSession: ActingFor | null | undefined;
  /** Starts acting for a company (checked by the caller), or stops with null. */
  actFor(companyId: number | null): void;
  /** Starts a fresh session for the user (a new id defeats session fixation) and returns its id. */
  start(user: { userId: number; activeRole: Role | null; rememberMe: boolean }): Promise<string | null>;
  chooseRole(role: Role): void;
  /** Ends the session (logout). */
  end(): Promise<void>;
}

/** The request's session behind the SessionPort. */
export function sessionOf(request: FastifyRequest): SessionPort {
  // Read request.session on every call: regenerate() replaces the object.
  return {
    get id() {
      return request.session?.sessionId ?? null;
    },
    get userId() {
      const userId = request.session?.get?.('userId');
      return typeof userId === 'number' ? userId : null;
    },
    get activeRole() {
      return request.session?.get?.('activeRole') ?? null;
    },
    get userReadWithSession() {
      // A session replaced during the request (login, logout) is a new object without it.
      return request.session?.get?.('userReadWithSession');
    },
    get actingCompanyId() {
      const companyId = request.session?.get?.('actingCompanyId');
      return typeof companyId === 'number' ? companyId : null;
    },
    get actingReadWithSession() {
      return request.session?.get?.('actingReadWithSession');
    },
    actFor(companyId) {
      request.session.set('actingCompanyId', companyId);
      // Checked by the caller just now; this request's user is rebuilt from it.
      request.session.set('actingReadWithSession', undefined);
    },
    async start({ userId, activeRole, rememberMe }) {
      await request.session.regenerate();
      const s = request.session;
      s.set('userId', userId);
      s.set('activeRole', activeRole);
      s.set('rememberMe', rememberMe);
      s.set('lastSeenAt', Date.now());
      s.set('startedAt', Date.now());
      // Remember me: a 30-day cookie; otherwise a browser-session cookie with a 12 h idle limit on the server.
      if (rememberMe) s.cookie.maxAge = REMEMBER_ME_MS;
      return s.sessionId ?? null;
    },
    chooseRole(role) {
      request.session.set('activeRole', role);
    },
    async end() {
      if (request.session.sessionId) await request.session.destroy();
    },
  };
}
