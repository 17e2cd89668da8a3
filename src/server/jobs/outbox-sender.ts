import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { claimDueEmails, markAttemptFailed, markSent, type OutboxRow } from '../modules/mail';

/**
 * Delivers the email outbox (docs/product-decisions.md: the order is saved even when mail is
 * down; a sender retries with back-off). Schedule, documented in
 * docs/decisions/0044: 1, 2, 4, 8, 16, 32 minutes, then hourly, 20 attempts in
 * all (about 15 hours); after that the row is marked failed and kept, never deleted.
 */
export const OUTBOX_POLICY = {
  firstRetryMs: 60_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 20,
  /** A claimed message is hidden from other senders this long; sending gives up well before (socket timeouts). */
  leaseMs: 5 * 60_000,
  batchSize: 20,
  pollMs: 5_000,
} as const;

/** How long to wait after the given number of failed attempts. */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(OUTBOX_POLICY.firstRetryMs * 2 ** Math.min(exponent, 20), OUTBOX_POLICY.maxRetryMs);
}

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

export function createOutboxSender(deps: { db: Db; transport: MailTransport; log?: FastifyBaseLogger; batchSize?: number }) {
  const { db, transport, log } = deps;

  async function deliver(row: OutboxRow): Promise<keyof OutboxRunResult> {
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
      const giveUp = row.attempts >= OUTBOX_POLICY.maxAttempts;
      await markAttemptFailed(db, row.id, describeError(error), retryDelayMs(row.attempts), giveUp);
      log?.warn({ emailId: row.id, attempts: row.attempts, giveUp, err: describeError(error) }, 'email not delivered');
      return giveUp ? 'gaveUp' : 'retrying';
    }
  }

  return {
    /** Claims and sends one batch of due messages. */
    async runOnce(): Promise<OutboxRunResult> {
      const result: OutboxRunResult = { sent: 0, retrying: 0, gaveUp: 0 };
      const batch = await claimDueEmails(db, deps.batchSize ?? OUTBOX_POLICY.batchSize, OUTBOX_POLICY.leaseMs);
      for (const row of batch) result[await deliver(row)] += 1;
      return result;
    },
  };
}

/** Polls the outbox until stopped; started by main.ts when SMTP_URL is set. */
export function startOutboxSender(deps: { db: Db; smtpUrl: string; log: FastifyBaseLogger }): { stop(): Promise<void> } {
  const transport = smtpTransport(deps.smtpUrl);
  const sender = createOutboxSender({ db: deps.db, transport, log: deps.log });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      // Keep going while batches come back full, so a backlog drains quickly.
      for (;;) {
        const r = await sender.runOnce();
        if (stopped || r.sent + r.retrying + r.gaveUp < OUTBOX_POLICY.batchSize) break;
      }
    } catch (err) {
      deps.log.warn({ err }, 'outbox run failed');
    }
    if (!stopped) {
      timer = setTimeout(() => (running = tick()), OUTBOX_POLICY.pollMs);
      timer.unref();
    }
  };
  running = tick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close?.();
    },
  };
}
