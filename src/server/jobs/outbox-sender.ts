import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { jobDb, QUEUES, retryDelayMs, type RetryPolicy } from '../lib/jobs';
import { findEmailForJob, markAttemptFailed, markSent } from '../modules/mail';

/**
 * Delivers the email outbox through the pg-boss queue "email" (docs/decisions/0215-background-jobs-on-pg-boss.md;
 * docs/product-decisions.md: the order is saved even when mail is down). Schedule, documented in
 * docs/decisions/0044: 1, 2, 4, 8, 16, 32 minutes, then hourly, 20 attempts in
 * all (about 15 hours); after that the row is marked failed and kept, never deleted.
 */
export const OUTBOX_POLICY = {
  firstRetryMs: 60_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 20,
  batchSize: 20,
} as const satisfies RetryPolicy & { batchSize: number };

export interface MailTransport {
  sendMail(message: { from: string; to: string[]; cc: string[]; subject: string; text: string; html?: string }): Promise<unknown>;
  close?(): void;
}

/** nodemailer over SMTP_URL, with timeouts short enough to end inside the lease. */
export function smtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export interface OutboxRunResult {
  sent: number;
  retrying: number;
  gaveUp: number;
}

type EmailJob = PgBoss.Job<{ emailId: number }>;

export function createOutboxSender(deps: { db: Db; transport: MailTransport; log?: FastifyBaseLogger; batchSize?: number }) {
  const { db, transport, log } = deps;
  // Fetching and completing go through the portal's own pool; pg-boss's SKIP LOCKED fetch gives a job to one sender.
  const boss = new PgBoss({ db: jobDb(db) });

  async function deliver(job: EmailJob): Promise<keyof OutboxRunResult | 'stale'> {
    const row = await findEmailForJob(db, job.data.emailId, job.id);
    if (!row) return 'stale';
    try {
      await transport.sendMail({
        from: row.fromAddress,
        to: row.toAddresses,
        cc: row.ccAddresses,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
      });
      await markSent(db, row.id);
      return 'sent';
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= OUTBOX_POLICY.maxAttempts;
      await markAttemptFailed(db, row.id, describeError(error), { retryInMs: retryDelayMs(OUTBOX_POLICY, attempts), giveUp });
      log?.warn({ emailId: row.id, attempts, giveUp, err: describeError(error) }, 'email not delivered');
      return giveUp ? 'gaveUp' : 'retrying';
    }
  }

  async function deliverAll(jobs: EmailJob[]): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { sent: 0, retrying: 0, gaveUp: 0 };
    for (const job of jobs) {
      const outcome = await deliver(job);
      if (outcome !== 'stale') result[outcome] += 1;
    }
    return result;
  }

  return {
    /** The worker's handler: pg-boss completes the batch when it resolves, or retries it after the lease when the server died. */
    deliverAll,
    /** Fetches and sends one batch of due emails now (tests and the first tick). */
    async runOnce(): Promise<OutboxRunResult> {
      const jobs = await boss.fetch<{ emailId: number }>(QUEUES.email, { batchSize: deps.batchSize ?? OUTBOX_POLICY.batchSize });
      const result = await deliverAll(jobs);
      if (jobs.length > 0) await boss.complete(QUEUES.email, jobs.map((j) => j.id));
      return result;
    },
  };
}
