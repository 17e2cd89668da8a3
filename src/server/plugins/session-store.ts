import type { SessionStore } from '@fastify/session';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { sessions } from '../db/schema';
import { batchedReads } from '../lib/batched-reads';

/** A session that is not "remember me" ends after this long without a request (docs/product-decisions.md). */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** However active, a session without remember me ends this long after sign-in (security review). */
export const ABSOLUTE_LIFETIME_MS = 24 * 60 * 60 * 1000;

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

/**
 * Sessions live in PostgreSQL (spec §3 sessions: sid, sess, expire) so any
 * number of app servers share them. user_id is copied out so a user's sessions
 * can be ended with one statement. Nothing is cached between requests: the row
 * is the only truth about whether a session still exists (ADR 0176).
 */
export class PgSessionStore implements SessionStore {
  /** Every request reads its session; requests arriving together share one query (lib/batched-reads.ts). */
  private readonly reads;

  constructor(private readonly db: Db) {
    // A named prepared statement: parsed and planned once per connection.
    const readMany = db
      .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
      .from(sessions)
      .where(sql`${sessions.sid} = any(${sql.placeholder('sids')})`)
      .prepare('session_read_many');
    this.reads = batchedReads(async (sids: readonly string[]) => {
      const rows = await readMany.execute({ sids });
      return new Map(rows.map((row) => [row.sid, row]));
    });
  }

  set(sid: string, session: StoredSession, callback: (err?: unknown) => void): void {
    const row = {
      sess: JSON.parse(JSON.stringify(session)) as unknown,
      expire: expiryOf(session),
      userId: session.userId ?? null,
    };
    this.db
      .insert(sessions)
      .values({ sid, ...row })
      .onConflictDoUpdate({ target: sessions.sid, set: row })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, result?: StoredSession | null) => void): void {
    this.reads.load(sid).then((row) => {
      if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
      // A fresh object for each request, even when two requests of one session shared the read:
      // the session plugin changes what it is given.
      callback(null, structuredClone(row.sess) as StoredSession);
    }, callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }
}

/** Deletes expired sessions; returns who they belonged to (a session_timeout each, spec §9). */
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
