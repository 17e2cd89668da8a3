import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { scheduleEmailJob } from './outbox-repository';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * The email a pg-boss job is for, if that job is still the email's current one and the email still
 * waits. pg-boss hands a job to one sender at a time and again after its lease if that sender died
 * (docs/decisions/0215-background-jobs-on-pg-boss.md); a job redelivered after its email was sent,
 * or replaced by a retry or a Resend, finds nothing and sends nothing.
 */
export async function findEmailForJob(db: DbOrTx, emailId: number, jobId: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.jobId, jobId), eq(emailOutbox.status, 'pending')));
  return row;
}

export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, id));
}

/**
 * A failed attempt, in one transaction: counted, and either a new job due after `retryInMs` or,
 * after the last attempt, status failed (row kept, no job) for the admin's Resend.
 */
export async function markAttemptFailed(db: DbOrTx, id: number, error: string, plan: { retryInMs: number; giveUp: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(emailOutbox)
      .set({ status: plan.giveUp ? 'failed' : 'pending', lastError: error.slice(0, 2000), attempts: sql`${emailOutbox.attempts} + 1`, jobId: null })
      .where(eq(emailOutbox.id, id));
    if (!plan.giveUp) await scheduleEmailJob(tx, id, Math.ceil(plan.retryInMs / 1000));
  });
}
