import type { ActingFor } from '@common/domain/reps';
import type { SessionStore } from '@fastify/session';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { sessions, type users } from '../db/schema';
import { batchedReads } from '../lib/batched-reads';
import type { SessionCache } from './session-cache';

/** A session that is not "remember me" ends after this long without a request (docs/product-decisions.md). */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** However active, a session without remember me ends this long after sign-in (security review). */
export const ABSOLUTE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The live account a session names, as the auth module's read joins it (a users row). */
export type SessionUser = typeof users.$inferSelect;

type StoredSession = Parameters<SessionStore['set']>[1] & {
  userId?: number;
  rememberMe?: boolean;
  startedAt?: number;
};

/** How long after sign-in a session ends whatever happens: 30 days with remember me, else 24 hours. */
export function absoluteLifetime(rememberMe: boolean | undefined): number {
  return rememberMe ? REMEMBER_ME_MS : ABSOLUTE_LIFETIME_MS;
}

/** The expiry kept in the table: the cookie's for remember-me, else idle time from now, never past the absolute end. */
function expiryOf(session: StoredSession): Date {
  const cookieExpiry = session.cookie?.expires ? new Date(session.cookie.expires) : null;
  if (session.rememberMe && cookieExpiry && !Number.isNaN(cookieExpiry.getTime())) return cookieExpiry;
  const idle = Date.now() + IDLE_TIMEOUT_MS;
  const absolute = typeof session.startedAt === 'number' ? session.startedAt + ABSOLUTE_LIFETIME_MS : idle;
  return new Date(Math.min(idle, absolute));
}

/** A session row as read for a request, with its owner's live account read in the same statement. */
export interface SessionRead {
  sid: string;
  sess: unknown;
  expire: Date;
  /** The live user the session names; null when it names none, or one deleted since. */
  user: SessionUser | null;
  /** The company the session acts for, if it may still (docs/decisions/0235); null otherwise. */
  acting?: ActingFor | null;
}

/**
 * Reads sessions by id, each with its live user, in one statement. The auth module provides it
 * (it owns the sessions table's reads and the user it joins); the store batches it.
 */
export type ReadSessions = (sids: readonly string[]) => Promise<ReadonlyMap<string, SessionRead>>;

/**
 * Sessions live in PostgreSQL (sessions: sid, sess, expire) so any
 * number of app servers share them. user_id is copied out so a user's sessions
 * can be ended with one statement. Nothing is cached between requests: the row
 * is the only truth about whether a session still exists (ADR 0176).
 *
 * Each read brings the session's live user too, so a signed-in request costs one round
 * trip: get() returns the saved session with that user as its field `userReadWithSession`,
 * which the session plugin copies into the request's session like any other field, and
 * set() never saves. A session started during the request (a login) has no such field.
 *
 * With a `cache` (session-cache.ts, docs/decisions/0232) a read is kept until a notification of the
 * session's or its user's change, sent in the changing transaction, reaches this server; without a
 * live LISTEN connection the cache is bypassed.
 */
export class PgSessionStore implements SessionStore {
  /** Every request reads its session; requests arriving together share one query (lib/batched-reads.ts). */
  private readonly reads;

  constructor(
    private readonly db: Db,
    readSessions: ReadSessions,
    private readonly cache?: SessionCache,
  ) {
    this.reads = batchedReads(readSessions);
  }

  set(sid: string, session: StoredSession, callback: (err?: unknown) => void): void {
    // The user came from the users table with this read; it is not part of the session.
    const { userReadWithSession: _readNotSaved, actingReadWithSession: _actingNotSaved, ...saved } = session;
    const row = {
      sess: JSON.parse(JSON.stringify(saved)) as unknown,
      expire: expiryOf(session),
      userId: session.userId ?? null,
    };
    this.db
      .insert(sessions)
      .values({ sid, ...row })
      .onConflictDoUpdate({ target: sessions.sid, set: row })
      .then(() => {
        this.cache?.forget(sid);
        callback();
      }, callback);
  }

  get(sid: string, callback: (err: unknown, result?: StoredSession | null) => void): void {
    const cached = this.cache?.get(sid);
    const token = this.cache?.begin() ?? 0;
    const read = cached
      ? Promise.resolve(cached)
      : this.reads.load(sid).then((row) => {
          this.cache?.remember(sid, row, token);
          return row;
        });
    read.then((row) => {
      if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
      // A fresh object for each request, even when two requests of one session shared the read:
      // the session plugin changes what it is given. The user is shared: nothing changes it.
      const saved = structuredClone(row.sess) as StoredSession;
      callback(null, { ...saved, userReadWithSession: row.user, actingReadWithSession: row.acting ?? null });
    }, callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => {
        this.cache?.forget(sid);
        callback();
      }, callback);
  }
}

/** Deletes expired sessions; returns who they belonged to (a session_timeout each). */
export async function pruneExpiredSessions(db: Db): Promise<{ sid: string; userId: number | null; expire: Date }[]> {
  return db
    .delete(sessions)
    .where(lt(sessions.expire, new Date()))
    .returning({ sid: sessions.sid, userId: sessions.userId, expire: sessions.expire });
}

/** Ends every session of a user, optionally keeping the one making the request; returns how many ended. */
export async function endUserSessions(db: DbOrTx, userId: number, keepSid?: string): Promise<number> {
  const others = keepSid ? and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)) : eq(sessions.userId, userId);
  const ended = await db.delete(sessions).where(others).returning({ sid: sessions.sid });
  return ended.length;
}
