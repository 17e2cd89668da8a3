import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { EmailStatus } from '@common/domain/email-status';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { QUEUES, sendJob } from '../../lib/jobs';
import type { EmailKind } from './email-kinds';

export interface OutgoingEmail {
  /** Named in email-kinds.ts: the outbox screen shows that name. */
  kind: EmailKind;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** What the email is about (`emailReference.order(12)`), so screens can show its status (ADR 0134). */
  reference?: string;
}

export type OutboxEmailRow = typeof emailOutbox.$inferSelect & { nextAttemptAt: Date };

/** When the email's job is next due, read from pg-boss; a sent or failed email has no next attempt and shows when it was queued. */
const nextAttemptAt = sql<Date>`coalesce((select j.start_after from pgboss.job j
  where j.name = ${QUEUES.email} and j.id = ${emailOutbox.jobId} and j.state < 'active'), ${emailOutbox.createdAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

/** Gives the email a new job, due after `startAfterSeconds`, in the caller's transaction. */
export async function scheduleEmailJob(db: DbOrTx, id: number, startAfterSeconds = 0): Promise<string> {
  const jobId = randomUUID();
  await db.update(emailOutbox).set({ jobId }).where(eq(emailOutbox.id, id));
  await sendJob(db, QUEUES.email, { emailId: id }, { id: jobId, startAfter: startAfterSeconds });
  return jobId;
}

/**
 * Queues an email and its pg-boss job. Call it with the caller's transaction so the email exists
 * exactly when the order or user it speaks of does (docs/product-decisions.md#email-outbox).
 */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<number> {
  // The job's id is chosen here so the row is written with it: one statement for the row, one for the job.
  const jobId = randomUUID();
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      fromAddress: email.from,
      toAddresses: email.to,
      ccAddresses: email.cc ?? [],
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      reference: email.reference ?? null,
      jobId,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email not queued');
  await sendJob(db, QUEUES.email, { emailId: row.id }, { id: jobId });
  return row.id;
}

/** One page of the outbox, newest first (the id follows creation), and how many match. */
export async function listEmails(
  db: DbOrTx,
  filters: { status?: EmailStatus },
  page: { limit: number; offset: number },
): Promise<{ rows: OutboxEmailRow[]; total: number }> {
  const where = filters.status ? eq(emailOutbox.status, filters.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select({ ...getTableColumns(emailOutbox), nextAttemptAt }).from(emailOutbox).where(where).orderBy(desc(emailOutbox.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The newest email of each reference, with its status. An order has one confirmation today;
 * if it ever had more, the newest is the one that tells whether the customer heard.
 */
export async function latestStatusByReference(db: DbOrTx, references: string[]): Promise<{ reference: string; status: EmailStatus }[]> {
  if (references.length === 0) return [];
  const rows = await db
    .selectDistinctOn([emailOutbox.reference], { reference: emailOutbox.reference, status: emailOutbox.status })
    .from(emailOutbox)
    .where(inArray(emailOutbox.reference, references))
    .orderBy(emailOutbox.reference, desc(emailOutbox.id));
  return rows.flatMap((r) => (r.reference ? [{ reference: r.reference, status: r.status }] : []));
}

export async function findEmail(db: DbOrTx, id: number): Promise<OutboxEmailRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
  return row && { ...row, nextAttemptAt: row.createdAt };
}

/**
 * A failed email waits again, due now, with a fresh set of attempts and a new job so the sender's
 * back-off and give-up count start over (ADR 0134). The last error stays until the next attempt.
 * Only a failed row changes: a pending or sent one is left alone.
 */
export async function requeueFailedEmail(db: DbOrTx, id: number): Promise<OutboxEmailRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0 })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning();
  if (!row) return undefined;
  const jobId = await scheduleEmailJob(db, id);
  return { ...row, jobId, nextAttemptAt: new Date() };
}
