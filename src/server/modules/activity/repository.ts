import type { ActivityLogFilters } from '@common/contracts/activity';
import { and, count, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activityLogs } from '../../db/schema';
import { userNames } from '../users';

export type NewActivity = typeof activityLogs.$inferInsert;

/** One row through the module's database function (migration 0009): `document` is activityDocument()'s JSON. */
export async function recordActivity(db: DbOrTx, document: string): Promise<void> {
  await db.execute(sql`select record_activity(${document}::jsonb)`);
}

export async function insertActivities(db: DbOrTx, entries: NewActivity[]): Promise<void> {
  if (entries.length > 0) await db.insert(activityLogs).values(entries);
}

/**
 * Inserts `entry` unless the same user already has a row of its type, in the same session
 * (or both without one), whose metadata contains `sameAs`, written within `withinMs`.
 * A transaction-scoped advisory lock on the key makes two simultaneous repeats one row.
 * Reads the (user_id, created_at) index, so the check is a few index entries.
 */
export async function insertActivityUnlessRecent(
  db: DbOrTx,
  entry: NewActivity,
  sameAs: Record<string, unknown>,
  withinMs: number,
): Promise<boolean> {
  const key = JSON.stringify([entry.type, entry.userId, entry.sessionId, sameAs]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const [recent] = await tx
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(
        and(
          entry.userId == null ? sql`${activityLogs.userId} is null` : eq(activityLogs.userId, entry.userId),
          eq(activityLogs.type, entry.type),
          sql`${activityLogs.sessionId} is not distinct from ${entry.sessionId ?? null}`,
          sql`${activityLogs.metadata} @> ${JSON.stringify(sameAs)}::jsonb`,
          sql`${activityLogs.createdAt} > now() - make_interval(secs => ${withinMs / 1000})`,
        ),
      )
      .limit(1);
    if (recent) return false;
    await tx.insert(activityLogs).values(entry);
    return true;
  });
}

/** A LIKE pattern that matches `term` literally anywhere (%, _ and \ in the term are not wildcards). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Users whose name contains the term, deleted ones included (their history stays searchable). */
export async function userIdsMatching(db: DbOrTx, term: string, limit: number): Promise<number[]> {
  const named = userNames('named');
  const rows = await db
    .select({ id: named.id })
    .from(named)
    .where(ilike(named.username, containsPattern(term)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The WHERE of the admin screen. The search is "description contains" OR "written by
 * a user whose name contains": the user ids are resolved first, so PostgreSQL can OR
 * the trigram index with the user index instead of filtering row by row.
 */
export function activityWhere(filters: ActivityLogFilters, searchUserIds: number[]): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.search) {
    const inDescription = ilike(activityLogs.description, containsPattern(filters.search));
    conditions.push(searchUserIds.length > 0 ? or(inDescription, inArray(activityLogs.userId, searchUserIds)) : inDescription);
  }
  if (filters.type) conditions.push(eq(activityLogs.type, filters.type));
  if (filters.userId) conditions.push(eq(activityLogs.userId, filters.userId));
  if (filters.from) conditions.push(gte(activityLogs.createdAt, new Date(filters.from)));
  if (filters.to) conditions.push(lte(activityLogs.createdAt, new Date(filters.to)));
  return and(...conditions);
}

// The indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST); the ORDER BY must say the
// same, or PostgreSQL sorts the whole table instead of reading the index (a plain DESC means NULLS FIRST).
const newestFirst = [sql`${activityLogs.createdAt} desc nulls last`, sql`${activityLogs.id} desc nulls last`];

const actor = userNames('actor');
const target = userNames('target');

const logColumns = {
  id: activityLogs.id,
  type: activityLogs.type,
  description: activityLogs.description,
  userId: activityLogs.userId,
  username: actor.username,
  targetUserId: activityLogs.targetUserId,
  targetUsername: target.username,
  metadata: activityLogs.metadata,
  ipAddress: activityLogs.ipAddress,
  userAgent: activityLogs.userAgent,
  sessionId: activityLogs.sessionId,
  url: activityLogs.url,
  referrer: activityLogs.referrer,
  duration: activityLogs.duration,
  createdAt: activityLogs.createdAt,
};

export type ActivityLogRow = Awaited<ReturnType<typeof listActivity>>[number];

export async function listActivity(db: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }) {
  return db
    .select(logColumns)
    .from(activityLogs)
    .leftJoin(actor, eq(actor.id, activityLogs.userId))
    .leftJoin(target, eq(target.id, activityLogs.targetUserId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Rows after the row `afterId` in newest-first order: keyset batches for the CSV export.
 * The cursor row is read back in SQL because JavaScript dates drop the microseconds.
 */
export async function activityBatch(
  db: DbOrTx,
  where: SQL | undefined,
  afterId: number | null,
  limit: number,
): Promise<ActivityLogRow[]> {
  const beyond =
    afterId === null
      ? undefined
      : sql`(${activityLogs.createdAt}, ${activityLogs.id}) < (select c.created_at, c.id from ${activityLogs} c where c.id = ${afterId})`;
  return listActivity(db, and(where, beyond), { limit, offset: 0 });
}

/**
 * Counts matching rows but stops at `cap + 1`, so a count never reads a million rows.
 * No ORDER BY: it lets PostgreSQL count from whichever index fits the filter best
 * (measured in bench/: ordering made type filters 10-30x slower).
 */
export async function countActivityUpTo(db: DbOrTx, where: SQL | undefined, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(activityLogs)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [row] = await db.select({ n: count() }).from(limited);
  return row?.n ?? 0;
}
