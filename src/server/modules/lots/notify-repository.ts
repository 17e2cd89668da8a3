import { MAX_NOTIFY_REQUESTS } from '@common/contracts/lots';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { stockNotifyRequests } from '../../db/schema/lots';
import { liveEmailAddresses, userContacts } from '../users';

/*
 * The SQL of "notify me" (docs/decisions/0203): capped per user, sent as one digest per user. A sent
 * request keeps its row, marked `sent_at`, for the admins' list (docs/decisions/0214); "open" means unsent.
 */

const open = isNull(stockNotifyRequests.sentAt);

/** Namespace of the per-user advisory lock that makes the cap hold under parallel requests. */
const NOTIFY_LOCK = 27_203;

/**
 * Adds (or keeps) a user's request, in one transaction holding that user's lock: answers false, and
 * writes nothing, when the user already has MAX_NOTIFY_REQUESTS open requests for other SKUs.
 */
export async function addNotifyRequest(tx: Tx, userId: number, productId: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NOTIFY_LOCK}, ${userId})`);
  const [others] = await tx
    .select({ n: count() })
    .from(stockNotifyRequests)
    .where(and(eq(stockNotifyRequests.userId, userId), ne(stockNotifyRequests.productId, productId), open));
  if ((others?.n ?? 0) >= MAX_NOTIFY_REQUESTS) return false;
  // Asking again for a SKU whose email was sent opens that row again, as a new request.
  await tx
    .insert(stockNotifyRequests)
    .values({ userId, productId })
    .onConflictDoUpdate({
      target: [stockNotifyRequests.userId, stockNotifyRequests.productId],
      set: { sentAt: null, createdAt: sql`now()` },
      setWhere: sql`${stockNotifyRequests.sentAt} is not null`,
    });
  return true;
}

export async function removeNotifyRequest(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db.delete(stockNotifyRequests).where(and(eq(stockNotifyRequests.userId, userId), eq(stockNotifyRequests.productId, productId)));
}

export async function hasNotifyRequest(db: DbOrTx, userId: number, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: stockNotifyRequests.id })
    .from(stockNotifyRequests)
    .where(and(eq(stockNotifyRequests.userId, userId), eq(stockNotifyRequests.productId, productId), open));
  return rows.length > 0;
}

/** The next users (by id) with open requests: a user's requests are never split over two pages. */
export async function usersWithRequests(db: DbOrTx, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: stockNotifyRequests.userId })
    .from(stockNotifyRequests)
    .where(and(gt(stockNotifyRequests.userId, afterUserId), open))
    .orderBy(asc(stockNotifyRequests.userId))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/**
 * These users' open requests, with the address mail goes to now: the account's confirmed email, or
 * null for a deleted account or one without an address (read at send time, never copied).
 */
export async function requestsOf(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const address = liveEmailAddresses('address');
  return db
    .select({ id: stockNotifyRequests.id, userId: stockNotifyRequests.userId, productId: stockNotifyRequests.productId, email: address.email })
    .from(stockNotifyRequests)
    .leftJoin(address, eq(address.id, stockNotifyRequests.userId))
    .where(and(inArray(stockNotifyRequests.userId, [...userIds]), open))
    .orderBy(asc(stockNotifyRequests.userId), asc(stockNotifyRequests.productId));
}

/** Marks requests sent; answers the ids this call marked (another server may have taken some first). */
export async function endNotifyRequests(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(stockNotifyRequests)
    .set({ sentAt: sql`now()` })
    .where(and(inArray(stockNotifyRequests.id, [...ids]), open))
    .returning({ id: stockNotifyRequests.id });
  return rows.map((r) => r.id);
}

/** Requests that ended without an email (no address): gone, not "sent". */
export async function forgetNotifyRequests(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(stockNotifyRequests).where(inArray(stockNotifyRequests.id, [...ids]));
}

/** Every request of an account, in the transaction that deletes it. */
export async function endRequestsOfUser(tx: DbOrTx, userId: number): Promise<number> {
  const rows = await tx.delete(stockNotifyRequests).where(eq(stockNotifyRequests.userId, userId)).returning({ id: stockNotifyRequests.id });
  return rows.length;
}

/**
 * The admins' list (docs/decisions/0214): newest first, `limit` rows after `before` (the previous
 * page's last [created_at, id]), filtered by SKU, by part of the asker's username, name or company,
 * and by status. `stamp` is created_at to the microsecond, for the next cursor.
 */
export async function listNotifyRequests(
  db: DbOrTx,
  filters: { sku?: number; user?: string; status?: 'waiting' | 'sent'; before?: [string, number] },
  limit: number,
) {
  const who = userContacts('who');
  const conditions = [];
  if (filters.sku !== undefined) conditions.push(eq(stockNotifyRequests.productId, filters.sku));
  if (filters.status === 'waiting') conditions.push(open);
  if (filters.status === 'sent') conditions.push(isNotNull(stockNotifyRequests.sentAt));
  if (filters.user) {
    const pattern = `%${filters.user.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(who.username, pattern),
        ilike(who.company, pattern),
        ilike(sql`concat_ws(' ', ${who.firstName}, ${who.lastName})`, pattern),
      ),
    );
  }
  if (filters.before) {
    conditions.push(sql`(${stockNotifyRequests.createdAt}, ${stockNotifyRequests.id}) < (${filters.before[0]}::timestamptz, ${filters.before[1]})`);
  }
  return db
    .select({
      id: stockNotifyRequests.id,
      productId: stockNotifyRequests.productId,
      userId: stockNotifyRequests.userId,
      username: who.username,
      firstName: who.firstName,
      lastName: who.lastName,
      company: who.company,
      createdAt: stockNotifyRequests.createdAt,
      sentAt: stockNotifyRequests.sentAt,
      stamp: sql<string>`to_char(${stockNotifyRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(stockNotifyRequests)
    .innerJoin(who, eq(who.id, stockNotifyRequests.userId))
    .where(and(...conditions))
    .orderBy(desc(stockNotifyRequests.createdAt), desc(stockNotifyRequests.id))
    .limit(limit);
}
