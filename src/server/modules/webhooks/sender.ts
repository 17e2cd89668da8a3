import type { FastifyBaseLogger } from 'fastify';
import http from 'node:http';
import https from 'node:https';
import type { Db, DbOrTx } from '../../db/client';
import { retryDelayMs, type RetryPolicy } from '../../lib/jobs';
import { guardedLookup, WebhookTargetError, webhookUrlProblem } from '../../lib/webhook-target';
import {
  claimDueDeliveries,
  markDelivered,
  markFailed,
  releaseDeliveries,
  startAttempt,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './repository';
import { deliveryHeaders } from './signature';

/**
 * The webhook sender's schedule (docs/decisions/0161): retries after 30 s,
 * doubling to at most an hour, 16 attempts in all (about 10 hours); then the
 * delivery is marked failed and kept for Resend. An endpoint whose attempts
 * fail 10 times in a row is paused until an admin resumes it.
 */
export const WEBHOOK_POLICY = {
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 16,
  pauseAfterFailures: 10,
  /** Each request gives up after this; the lease is well above it. */
  timeoutMs: 10_000,
  leaseMs: 2 * 60_000,
  batchSize: 20,
  pollMs: 2_000,
} as const satisfies RetryPolicy & Record<string, number>;

/** One POST; resolves with what happened, never throws. Redirects are not followed (they could lead anywhere). */
function post(delivery: ClaimedDelivery, allowPrivate: boolean, timeoutMs: number): Promise<AttemptOutcome> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(delivery.url);
    } catch {
      resolve({ statusCode: null, responseMs: null, error: 'Invalid endpoint URL' });
      return;
    }
    // A literal address is connected to without a lookup, so it is judged here, with the
    // registration rules (https, local names with or without a trailing dot).
    if (!allowPrivate && webhookUrlProblem(delivery.url, false) !== null) {
      resolve({ statusCode: null, responseMs: null, error: 'Refused: the endpoint is not public https' });
      return;
    }
    const body = Buffer.from(delivery.body, 'utf8');
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(allowPrivate),
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'BOLD-Portal-Webhooks/1',
          ...deliveryHeaders(delivery, delivery.secrets, new Date()),
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        // The answer's body is not needed; read and drop it so the socket is freed.
        response.resume();
        response.on('end', () => resolve({ statusCode, responseMs: elapsed(), error: ok ? null : `HTTP ${statusCode}` }));
        response.on('error', (error) => resolve({ statusCode, responseMs: elapsed(), error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => {
      const message = error instanceof WebhookTargetError ? `Refused: ${error.message}` : error.message;
      resolve({ statusCode: null, responseMs: elapsed(), error: message });
    });
    request.end(body);
  });
}

export interface WebhookRunResult {
  delivered: number;
  retrying: number;
  gaveUp: number;
  /** Claimed but handed back unsent because the sender was stopping. */
  released: number;
  /** Claimed but handed back unsent because the endpoint was paused meanwhile. */
  held: number;
}

export type AttemptResult = 'delivered' | 'retrying' | 'gaveUp' | 'held';

export interface AttemptOptions {
  db: DbOrTx;
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
  timeoutMs?: number;
}

/**
 * One attempt at one claimed delivery, the only path a webhook request takes (the sender's
 * batches and the test event alike). The endpoint is asked first (startAttempt): a delivery
 * claimed before its endpoint was paused is handed back unsent, so after the pausing failure
 * no further attempt goes out.
 */
export async function attemptDelivery(options: AttemptOptions, delivery: ClaimedDelivery): Promise<AttemptResult> {
  const { db, log } = options;
  if (!(await startAttempt(db, delivery.endpointId, WEBHOOK_POLICY.pauseAfterFailures))) {
    await releaseDeliveries(db, [delivery.id]);
    return 'held';
  }
  const outcome = await post(delivery, options.allowPrivate, options.timeoutMs ?? WEBHOOK_POLICY.timeoutMs);
  if (outcome.error === null) {
    await markDelivered(db, delivery, outcome);
    return 'delivered';
  }
  const giveUp = delivery.attempts >= WEBHOOK_POLICY.maxAttempts;
  const paused = await markFailed(db, delivery, outcome, {
    retryInMs: retryDelayMs(WEBHOOK_POLICY, delivery.attempts),
    giveUp,
    pauseAfter: WEBHOOK_POLICY.pauseAfterFailures,
  });
  log?.warn({ deliveryId: delivery.id, endpointId: delivery.endpointId, attempts: delivery.attempts, err: outcome.error, paused }, 'webhook not delivered');
  return giveUp ? 'gaveUp' : 'retrying';
}

export interface WebhookSenderOptions {
  db: Db;
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
  batchSize?: number;
  timeoutMs?: number;
}

export function createWebhookSender(options: WebhookSenderOptions) {
  const { db } = options;
  let stopping = false;

  return {
    /**
     * Claims one batch and sends it one by one. After stop() no new request
     * starts: the one in flight finishes and is recorded, the rest are handed
     * back, so nothing is lost and no event goes out twice.
     */
    async runOnce(): Promise<WebhookRunResult> {
      const result: WebhookRunResult = { delivered: 0, retrying: 0, gaveUp: 0, released: 0, held: 0 };
      if (stopping) return result;
      const batch = await claimDueDeliveries(db, options.batchSize ?? WEBHOOK_POLICY.batchSize, WEBHOOK_POLICY.leaseMs);
      for (const [index, delivery] of batch.entries()) {
        if (stopping) {
          const rest = batch.slice(index).map((d) => d.id);
          await releaseDeliveries(db, rest);
          result.released = rest.length;
          break;
        }
        result[await attemptDelivery(options, delivery)] += 1;
      }
      return result;
    },
    /** From now on, start nothing new. */
    stop(): void {
      stopping = true;
    },
  };
}

/** Polls the webhook outbox until stopped; main.ts starts it and stops it on shutdown. */
export function startWebhookSender(options: WebhookSenderOptions & { pollMs?: number }): { stop(): Promise<void> } {
  const sender = createWebhookSender(options);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      for (;;) {
        const r = await sender.runOnce();
        if (stopped || r.delivered + r.retrying + r.gaveUp < (options.batchSize ?? WEBHOOK_POLICY.batchSize)) break;
      }
    } catch (err) {
      options.log?.warn({ err }, 'webhook run failed');
    }
    if (!stopped) {
      timer = setTimeout(() => (running = tick()), options.pollMs ?? WEBHOOK_POLICY.pollMs);
      timer.unref();
    }
  };
  running = tick();

  return {
    async stop() {
      stopped = true;
      sender.stop();
      clearTimeout(timer);
      await running;
    },
  };
}
