import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';

/**
 * Background work runs on pg-boss in the schema "pgboss" of the portal's own database
 * (docs/decisions/0215-background-jobs-on-pg-boss.md). The schema and these queues are created by
 * migration 0026, so every database has them before a server starts.
 */
export const QUEUES = {
  email: 'email',
  webhook: 'webhook',
  retention: 'retention',
  pruneSessions: 'prune-sessions',
  arrivalNotices: 'arrival-notices',
  pruneTombstones: 'prune-tombstones',
  expireQuotes: 'expire-quotes',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** How a queue's failed attempts are retried: the one schedule every queue uses, with its own figures. */
export interface RetryPolicy {
  firstRetryMs: number;
  maxRetryMs: number;
  maxAttempts: number;
}

/** Doubling from the first delay up to the ceiling: after 1 failure firstRetryMs, after 2 twice that, and so on. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(policy.firstRetryMs * 2 ** Math.min(exponent, 20), policy.maxRetryMs);
}

/**
 * pg-boss over a Drizzle database or transaction: a job sent with `{ db: jobDb(tx) }` is
 * committed with the caller's transaction, or not at all. pg-boss's SQL goes to the node-postgres
 * client under the transaction as it is (its `$1` parameters keep one type each); Drizzle keeps
 * that client on the transaction's session and offers no public accessor for it.
 */
export function jobDb(db: DbOrTx): PgBoss.Db {
  const client = (db as unknown as { session: { client: Pick<pg.PoolClient, 'query'> } }).session.client;
  return { executeSql: (text: string, values: unknown[] = []) => client.query(text, values) };
}

/** Sending needs no started instance, only the schema name: every send names its connection. */
const sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('send jobs with { db: jobDb(tx) }')) } });

/** Queues a job inside the caller's transaction; answers its id. */
export async function sendJob(tx: DbOrTx, queue: QueueName, data: object, options: PgBoss.SendOptions = {}): Promise<string> {
  const id = await sender.send(queue, data, { ...options, db: jobDb(tx) });
  if (!id) throw new Error(`job not queued on ${queue}`);
  return id;
}

/** Queues several jobs in one statement inside the caller's transaction; `startAfterSeconds` 0 is due now. */
export async function sendJobs(tx: DbOrTx, queue: QueueName, jobs: { id: string; data: object; startAfterSeconds?: number }[]): Promise<void> {
  if (jobs.length === 0) return;
  await sender.insert(
    jobs.map((job) => ({ id: job.id, name: queue, data: job.data, startAfter: `${job.startAfterSeconds ?? 0} seconds` })),
    { db: jobDb(tx) },
  );
}

export type { PgBoss };
