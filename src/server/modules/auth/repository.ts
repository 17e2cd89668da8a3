import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { SessionRead } from '../../plugins/session-store';

export type UserRow = typeof users.$inferSelect;

const live = isNull(users.deletedAt);

export async function findLiveUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, live));
  return row;
}

/**
 * The user read every signed-in request needs: live users by id, as one named prepared
 * statement built once per database (ADR 0153); the service batches it (ADR 0176).
 */
const preparedUserReads = new WeakMap<Db, ReturnType<typeof prepareUserReads>>();

function prepareUserReads(db: Db) {
  return db
    .select()
    .from(users)
    .where(and(sql`${users.id} = any(${sql.placeholder('ids')})`, live))
    .prepare('auth_live_users_by_ids');
}

export async function readLiveUsersByIds(db: Db, ids: readonly number[]): Promise<Map<number, UserRow>> {
  let prepared = preparedUserReads.get(db);
  if (!prepared) {
    prepared = prepareUserReads(db);
    preparedUserReads.set(db, prepared);
  }
  const rows = await prepared.execute({ ids });
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The one read every signed-in request makes (ADR 0176, update): the sessions by id, each with
 * its live user in the same statement (null when it names none, or a deleted one). A named
 * prepared statement built once per database; the session store batches it per event-loop turn.
 */
const preparedSessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionReads>>();

function prepareSessionReads(db: Db) {
  return db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire, user: getTableColumns(users) })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), live))
    .where(sql`${sessions.sid} = any(${sql.placeholder('sids')})`)
    .prepare('auth_sessions_with_users');
}

export async function readSessionsWithUsers(db: Db, sids: readonly string[]): Promise<Map<string, SessionRead>> {
  let prepared = preparedSessionReads.get(db);
  if (!prepared) {
    prepared = prepareSessionReads(db);
    preparedSessionReads.set(db, prepared);
  }
  const rows = await prepared.execute({ sids });
  return new Map(rows.map((row) => [row.sid, row]));
}

export async function findLiveUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live));
  return row;
}

export async function updatePassword(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, isTemporaryPassword: false, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * A successful sign-in: when it happened (the users table's Last login column), and the
 * password hash upgraded when it was a cheap bulk-import one (ADR 0132).
 */
export async function recordSignIn(db: DbOrTx, id: number, upgradedHash?: string): Promise<void> {
  await db
    .update(users)
    .set(upgradedHash ? { lastLoginAt: new Date(), passwordHash: upgradedHash } : { lastLoginAt: new Date() })
    .where(eq(users.id, id));
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
