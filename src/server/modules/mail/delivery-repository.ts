import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims up to `limit` due messages for this sender. FOR UPDATE SKIP LOCKED
 * lets several app servers claim at once without waiting on or taking each
 * other's rows; moving next_attempt_at forward by the lease hides a claimed
 * message from everyone else while it is being sent, without holding a
 * transaction open over the network. If the sender dies mid-send, the lease
 * runs out and another sender tries again (at-least-once delivery).
 */
export async function claimDueEmails(db: DbOrTx, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, id));
}

/** A failed attempt: try again after `retryInMs`, or give up (status failed, row kept) after the last attempt. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: number,
  error: string,
  retryInMs: number,
  giveUp: boolean,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lastError: error.slice(0, 2000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(emailOutbox.id, id));
}
