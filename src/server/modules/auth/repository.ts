import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { ActingFor } from '@common/domain/reps';
import { repAssignments, sessions, users } from '../../db/schema';
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
 * The company the session acts for (docs/decisions/0235), checked live in the session's own read: a
 * salesperson's assignment or an admin's role must hold now, so a removed assignment ends acting on
 * the next request on every server (its trigger drops the cached session, ADR 0232). Null when the
 * session acts for nobody, or may no longer.
 */
// users.* spelled out: drizzle writes a lone table's columns unqualified, and "id" here would be the company's.
function actingForCheck(companyId: SQL) {
  return sql<ActingFor | null>`(
  select json_build_object('companyId', c.id, 'companyName', c.name)
  from companies c
  where c.id = ${companyId}
    and (users.role = 'admin'
      or (users.role = 'salesperson' and exists (
        select 1 from ${repAssignments} ra where ra.user_id = users.id and ra.company_id = c.id))))`;
}

const actingForRead = actingForCheck(
  sql`case when ${sessions.sess}->>'actingCompanyId' ~ '^[0-9]{1,9}$' then (${sessions.sess}->>'actingCompanyId')::integer end`,
);

/**
 * The one read every signed-in request makes (ADR 0176, update): the sessions by id, each with
 * its live user in the same statement (null when it names none, or a deleted one). A named
 * prepared statement built once per database; the session store batches it per event-loop turn.
 */
const preparedSessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionReads>>();

function prepareSessionReads(db: Db) {
  return db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire, user: getTableColumns(users), acting: actingForRead })
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

/** The acting read of one session, for a session changed during the request (docs/decisions/0235). */
export async function readActingFor(db: DbOrTx, userId: number, companyId: number): Promise<ActingFor | null> {
  const [row] = await db
    .select({ acting: actingForCheck(sql`${companyId}::integer`) })
    .from(users)
    .where(and(eq(users.id, userId), live));
  return row?.acting ?? null;
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
