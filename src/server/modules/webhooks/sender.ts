import type { FastifyBaseLogger } from 'fastify';
import http from 'node:http';
import https from 'node:https';
import PgBoss from 'pg-boss';
import type { Db, DbOrTx } from '../../db/client';
import { jobDb, QUEUES, retryDelayMs, type RetryPolicy } from '../../lib/jobs';
import { guardedLookup, WebhookTargetError, webhookUrlProblem } from '../../lib/webhook-target';
import {
  findDeliveryForJob,
  handBackDeliveries,
  holdDelivery,
  markDelivered,
  markFailed,
  startAttempt,
  type AttemptOutcome,
  type DeliveryJobData,
  type DueDelivery,
} from './repository';
import { deliveryHeaders } from './signature';

/**
 * The webhook sender's schedule (docs/decisions/0161): retries after 30 s,
 * doubling to at most an hour, 16 attempts in all (about 10 hours); then the
 * delivery is marked failed and kept for Resend. An endpoint whose attempts
 * fail 10 times in a row is paused until an admin resumes it. Each attempt is a
 * pg-boss job on the queue "webhook" (docs/decisions/0224-webhook-deliveries-on-pg-boss.md);
 * how long a server may hold one is the queue's expiry (migration 0033).
 */
export const WEBHOOK_POLICY = {
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 16,
  pauseAfterFailures: 10,
  /** Each request gives up after this; a job's expiry (5 minutes) is well above a batch of them. */
  timeoutMs: 10_000,
  batchSize: 10,
  pollingIntervalSeconds: 2,
  /** A test event's job waits this long: it sends the ping only if the request's server died mid-attempt. */
  testCoverSeconds: 300,
} as const satisfies RetryPolicy & Record<string, number>;

/** The retry figures a sender uses: WEBHOOK_POLICY's, or shorter ones a test process hands in. */
export type WebhookRetryPolicy = RetryPolicy;

/** One POST; resolves with what happened, never throws. Redirects are not followed (they could lead anywhere). */
function post(delivery: DueDelivery, allowPrivate: boolean, timeoutMs: number): Promise<AttemptOutcome> {
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
  /** Fetched but handed back unsent (a new job, due now) because the sender was stopping. */
  handedBack: number;
  /** Not sent because the endpoint was paused meanwhile: waits for Resume. */
  held: number;
}

export type AttemptResult = 'delivered' | 'retrying' | 'gaveUp' | 'held';

export interface AttemptOptions {
  db: DbOrTx;
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
  timeoutMs?: number;
  policy?: WebhookRetryPolicy;
}

/**
 * One attempt at one due delivery, the only path a webhook request takes (the queue's jobs and
 * the test event alike). The endpoint is asked first (startAttempt): a delivery whose job was
 * fetched before its endpoint was paused is held unsent, so after the pausing failure no further
 * attempt goes out.
 */
export async function attemptDelivery(options: AttemptOptions, delivery: DueDelivery): Promise<AttemptResult> {
  const { db, log } = options;
  const policy = options.policy ?? WEBHOOK_POLICY;
  if (!(await startAttempt(db, delivery.endpointId, WEBHOOK_POLICY.pauseAfterFailures))) {
    await holdDelivery(db, delivery);
    return 'held';
  }
  const outcome = await post(delivery, options.allowPrivate, options.timeoutMs ?? WEBHOOK_POLICY.timeoutMs);
  if (outcome.error === null) {
    await markDelivered(db, delivery, outcome);
    return 'delivered';
  }
  const attempts = delivery.attempts + 1;
  const giveUp = attempts >= policy.maxAttempts;
  const paused = await markFailed(db, delivery, outcome, {
    retryInMs: retryDelayMs(policy, attempts),
    giveUp,
    pauseAfter: WEBHOOK_POLICY.pauseAfterFailures,
  });
  log?.warn({ deliveryId: delivery.id, endpointId: delivery.endpointId, attempts, err: outcome.error, paused }, 'webhook not delivered');
  return giveUp ? 'gaveUp' : 'retrying';
}

export interface WebhookSenderOptions {
  db: Db;
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
  batchSize?: number;
  timeoutMs?: number;
  policy?: WebhookRetryPolicy;
}

export type DeliveryJob = PgBoss.Job<DeliveryJobData>;

/**
 * Sends the deliveries of the queue "webhook". pg-boss fetches each job for one sender
 * (docs/decisions/0224-webhook-deliveries-on-pg-boss.md); this sends a batch one by one,
 * oldest delivery first.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const { db } = options;
  // Fetching and completing go through the portal's own pool (tests and runOnce); the runner's pg-boss works the queue itself.
  const boss = new PgBoss({ db: jobDb(db) });
  let stopping = false;

  async function deliverAll(jobs: DeliveryJob[]): Promise<WebhookRunResult> {
    const result: WebhookRunResult = { delivered: 0, retrying: 0, gaveUp: 0, handedBack: 0, held: 0 };
    const due: DueDelivery[] = [];
    for (const job of jobs) {
      const delivery = await findDeliveryForJob(db, job.data.deliveryId, job.id);
      if (delivery) due.push(delivery);
    }
    due.sort((a, b) => a.id - b.id);
    for (const [index, delivery] of due.entries()) {
      if (stopping) {
        const rest = due.slice(index);
        await handBackDeliveries(db, rest);
        result.handedBack = rest.length;
        break;
      }
      result[await attemptDelivery(options, delivery)] += 1;
    }
    return result;
  }

  return {
    /**
     * The worker's handler. pg-boss completes the batch when it resolves; a sender that dies leaves
     * its jobs to another once their expiry has passed. After stop() no new request starts: the one
     * in flight finishes and is recorded, the rest get new jobs due now, so nothing is lost.
     */
    deliverAll,
    /** Fetches and sends one batch of due deliveries now (tests). */
    async runOnce(): Promise<WebhookRunResult> {
      const jobs = await boss.fetch<DeliveryJobData>(QUEUES.webhook, { batchSize: options.batchSize ?? WEBHOOK_POLICY.batchSize });
      const result = await deliverAll(jobs);
      if (jobs.length > 0) await boss.complete(QUEUES.webhook, jobs.map((j) => j.id));
      return result;
    },
    /** From now on, start nothing new. */
    stop(): void {
      stopping = true;
    },
  };
}
