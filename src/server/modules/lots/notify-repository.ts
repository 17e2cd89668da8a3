import { MAX_NOTIFY_REQUESTS } from '@common/contracts/lots';
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { stockNotifyRequests } from '../../db/schema/lots';
import { liveEmailAddresses } from '../users';

/* The SQL of "notify me" (docs/decisions/0203): capped per user, sent as one digest per user. */

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
    .where(and(eq(stockNotifyRequests.userId, userId), ne(stockNotifyRequests.productId, productId)));
  if ((others?.n ?? 0) >= MAX_NOTIFY_REQUESTS) return false;
  await tx.insert(stockNotifyRequests).values({ userId, productId }).onConflictDoNothing();
  return true;
}

export async function removeNotifyRequest(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db.delete(stockNotifyRequests).where(and(eq(stockNotifyRequests.userId, userId), eq(stockNotifyRequests.productId, productId)));
}

export async function hasNotifyRequest(db: DbOrTx, userId: number, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: stockNotifyRequests.id })
    .from(stockNotifyRequests)
    .where(and(eq(stockNotifyRequests.userId, userId), eq(stockNotifyRequests.productId, productId)));
  return rows.length > 0;
}

/** The next users (by id) with open requests: a user's requests are never split over two pages. */
export async function usersWithRequests(db: DbOrTx, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: stockNotifyRequests.userId })
    .from(stockNotifyRequests)
    .where(gt(stockNotifyRequests.userId, afterUserId))
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
    .where(inArray(stockNotifyRequests.userId, [...userIds]))
    .orderBy(asc(stockNotifyRequests.userId), asc(stockNotifyRequests.productId));
}

/** Ends requests; answers the ids this call deleted (another server may have taken some first). */
export async function endNotifyRequests(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.delete(stockNotifyRequests).where(inArray(stockNotifyRequests.id, [...ids])).returning({ id: stockNotifyRequests.id });
  return rows.map((r) => r.id);
}

/** Every request of an account, in the transaction that deletes it. */
export async function endRequestsOfUser(tx: DbOrTx, userId: number): Promise<number> {
  const rows = await tx.delete(stockNotifyRequests).where(eq(stockNotifyRequests.userId, userId)).returning({ id: stockNotifyRequests.id });
  return rows.length;
}
