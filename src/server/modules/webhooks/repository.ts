import { and, desc, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { QUEUES, sendJobs } from '../../lib/jobs';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(
  db: DbOrTx,
  values: { url: string; description: string | null; events: string[]; secret: string; createdBy: number },
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('endpoint not stored');
  return row;
}

/** Endpoints with how many deliveries wait and how many gave up. */
export async function listEndpoints(db: DbOrTx): Promise<(EndpointRow & { pending: number; failed: number })[]> {
  const pending = sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = "webhook_endpoints"."id" and d.status = 'pending')::int`;
  const failed = sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = "webhook_endpoints"."id" and d.status = 'failed')::int`;
  const rows = await db
    .select({ endpoint: webhookEndpoints, pending, failed })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((r) => ({ ...r.endpoint, pending: r.pending, failed: r.failed }));
}

export async function findEndpoint(db: DbOrTx, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function deleteEndpoint(db: DbOrTx, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

/** A delivery's job on the queue "webhook"; its data names the delivery. */
export interface DeliveryJobData {
  deliveryId: number;
}

/**
 * Gives each delivery a new current job, due after `startAfterSeconds`, in the caller's
 * transaction (docs/decisions/0224-webhook-deliveries-on-pg-boss.md). A job the delivery held
 * before is stale from now on and sends nothing.
 */
async function scheduleDeliveries(db: DbOrTx, which: SQL | undefined, startAfterSeconds = 0): Promise<void> {
  if (!which) return;
  const rows = await db
    .update(webhookDeliveries)
    .set({ jobId: sql`gen_random_uuid()` })
    .where(which)
    .returning({ id: webhookDeliveries.id, jobId: webhookDeliveries.jobId });
  const jobs = rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ id: r.jobId!, data: { deliveryId: r.id } satisfies DeliveryJobData, startAfterSeconds }));
  await sendJobs(db, QUEUES.webhook, jobs);
}

/** Pause or resume. Resuming clears the failure count and sends what waited right away, oldest first. */
export async function setEndpointStatus(db: DbOrTx, id: number, status: 'active' | 'paused', reason: string | null): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(
      status === 'paused'
        ? { status, pausedAt: sql`coalesce(${webhookEndpoints.pausedAt}, now())`, pausedReason: reason }
        : { status, pausedAt: null, pausedReason: null, consecutiveFailures: 0 },
    )
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (row && status === 'active') {
    await scheduleDeliveries(db, and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
  }
  return row;
}

/**
 * Queues one event for every endpoint that listens to it, paused ones too (they catch up when
 * resumed): a delivery row and its job each, in the caller's transaction, so they exist exactly
 * when the change does.
 */
export async function enqueueEvent(db: DbOrTx, event: { id: string; type: string; body: string }): Promise<number> {
  const listeners = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${event.type} = any(${webhookEndpoints.events})`);
  if (listeners.length === 0) return 0;
  const rows = listeners.map((l) => ({ eventId: event.id, endpointId: l.id, eventType: event.type, body: event.body, jobId: randomUUID() }));
  const inserted = await db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id, jobId: webhookDeliveries.jobId });
  await sendJobs(
    db,
    QUEUES.webhook,
    inserted.map((r) => ({ id: r.jobId!, data: { deliveryId: r.id } satisfies DeliveryJobData })),
  );
  return listeners.length;
}

/** A delivery that is due, with what sending it needs: where, and the secrets that sign it now (the previous one while its window lasts). */
export type DueDelivery = DeliveryRow & { jobId: string; url: string; secrets: string[] };

const liveSecrets = {
  url: webhookEndpoints.url,
  secret: webhookEndpoints.secret,
  previousSecret: sql<string | null>`case when ${webhookEndpoints.previousSecretExpiresAt} > now() then ${webhookEndpoints.previousSecret} end`,
};

/**
 * The delivery a pg-boss job is for, if that job is still the delivery's current one and the
 * delivery still waits. pg-boss hands a job to one sender at a time, and to another once its
 * expiry has passed if that sender died; a job redelivered after its delivery went out, or replaced
 * by a retry, a Resume or a Resend, finds nothing and sends nothing.
 */
export async function findDeliveryForJob(db: DbOrTx, deliveryId: number, jobId: string): Promise<DueDelivery | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, ...liveSecrets })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.jobId, jobId), eq(webhookDeliveries.status, 'pending')));
  if (!row) return undefined;
  return { ...row.delivery, jobId, url: row.url, secrets: row.previousSecret ? [row.secret, row.previousSecret] : [row.secret] };
}

/**
 * The test event: one delivery for one endpoint, which the request sends at once. Its job is due
 * only after `coverSeconds` (longer than an attempt lasts): it sends the ping if the request's
 * server died mid-attempt, and is stale otherwise, since the attempt gives the delivery a new job or none.
 */
export async function insertTestDelivery(
  db: DbOrTx,
  event: { id: string; endpointId: number; type: string; body: string },
  coverSeconds: number,
): Promise<DueDelivery> {
  const jobId = randomUUID();
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ eventId: event.id, endpointId: event.endpointId, eventType: event.type, body: event.body, jobId })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error('test delivery not stored');
  await sendJobs(db, QUEUES.webhook, [{ id: jobId, data: { deliveryId: row.id } satisfies DeliveryJobData, startAfterSeconds: coverSeconds }]);
  const due = await findDeliveryForJob(db, row.id, jobId);
  if (!due) throw new Error('test delivery not stored');
  return due;
}

/**
 * Asked right before each request goes out, so a pause reaches deliveries whose jobs were
 * already fetched. The failure count goes up now, before the answer: an
 * attempt counts as failed until it succeeds, so with several senders no more than
 * `pauseAfter` attempts in a row can ever fail. False: the endpoint is paused (or its
 * last allowed attempts are in flight): do not send.
 */
export async function startAttempt(db: DbOrTx, endpointId: number, pauseAfter: number): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.status, 'active'), lt(webhookEndpoints.consecutiveFailures, pauseAfter)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The endpoint is paused: the delivery waits, with no job and no attempt counted, until Resume gives it one. */
export async function holdDelivery(db: DbOrTx, delivery: { id: number; jobId: string }): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ jobId: null })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.jobId, delivery.jobId)));
}

/** Deliveries whose jobs a stopping sender fetched but did not start: a new job each, due now, no attempt counted. */
export async function handBackDeliveries(db: DbOrTx, deliveries: { id: number; jobId: string }[]): Promise<void> {
  if (deliveries.length === 0) return;
  await scheduleDeliveries(
    db,
    and(
      inArray(
        webhookDeliveries.jobId,
        deliveries.map((d) => d.jobId),
      ),
      eq(webhookDeliveries.status, 'pending'),
    ),
  );
}

export interface AttemptOutcome {
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
}

export async function markDelivered(db: DbOrTx, delivery: { id: number; endpointId: number }, outcome: AttemptOutcome): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: 'delivered',
        deliveredAt: sql`now()`,
        jobId: null,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: outcome.statusCode,
        lastResponseMs: outcome.responseMs,
        lastError: null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, delivery.endpointId));
  });
}

/**
 * A failed attempt, in one transaction: counted, and either a new job due after `retryInMs` or,
 * after the last attempt, status failed (row kept, no job) for the admin's Resend. startAttempt
 * counted the endpoint's failure already; an endpoint whose count reached `pauseAfter` is paused.
 * Answers whether this attempt paused it.
 */
export async function markFailed(
  db: DbOrTx,
  delivery: { id: number; endpointId: number },
  outcome: AttemptOutcome,
  plan: { retryInMs: number; giveUp: boolean; pauseAfter: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The endpoint first: every sender's failure takes this row before anything else, so two never wait on each other.
    const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).for('update');
    await tx
      .update(webhookDeliveries)
      .set({
        status: plan.giveUp ? 'failed' : 'pending',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        jobId: null,
        lastStatusCode: outcome.statusCode,
        lastResponseMs: outcome.responseMs,
        lastError: outcome.error?.slice(0, 2000) ?? null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (!plan.giveUp) await scheduleDeliveries(tx, eq(webhookDeliveries.id, delivery.id), Math.ceil(plan.retryInMs / 1000));
    if (!endpoint || endpoint.status !== 'active' || endpoint.consecutiveFailures < plan.pauseAfter) return false;
    const reason = `Paused after ${endpoint.consecutiveFailures} failed attempts in a row. Last error: ${outcome.error ?? `HTTP ${outcome.statusCode}`}`;
    await tx
      .update(webhookEndpoints)
      .set({ status: 'paused', pausedAt: sql`now()`, pausedReason: reason.slice(0, 500) })
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    return true;
  });
}

/**
 * A new secret signs from now on; the one it replaces keeps signing beside it for
 * `overlapMs`. Rotating again within the window drops the older of the two at once.
 */
export async function rotateSecret(db: DbOrTx, id: number, secret: string, overlapMs: number): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: sql`now() + make_interval(secs => ${overlapMs / 1000})`,
      secret,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/**
 * When a delivery's job is next due, read from pg-boss; a delivered or failed delivery has no job, nor
 * does one a paused endpoint holds, and shows none.
 */
const nextAttemptAt = sql<Date | null>`(select j.start_after from pgboss.job j
  where j.name = ${QUEUES.webhook} and j.id = ${webhookDeliveries.jobId} and j.state < 'completed')`.mapWith((value: string | Date) => new Date(value));

export type DeliveryLogRow = DeliveryRow & { nextAttemptAt: Date | null };

export async function listDeliveries(db: DbOrTx, endpointId: number, limit: number, before?: number): Promise<DeliveryLogRow[]> {
  const where = before ? and(eq(webhookDeliveries.endpointId, endpointId), lt(webhookDeliveries.id, before)) : eq(webhookDeliveries.endpointId, endpointId);
  return db
    .select({ ...getTableColumns(webhookDeliveries), nextAttemptAt })
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

/** Queues a delivery again, with a fresh retry schedule and a new job due now; the event id stays, so receivers can still de-duplicate. */
export async function requeueDelivery(db: DbOrTx, endpointId: number, deliveryId: number): Promise<DeliveryLogRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  if (!row) return undefined;
  await scheduleDeliveries(db, eq(webhookDeliveries.id, row.id));
  return { ...row, nextAttemptAt: new Date() };
}

/** Retention: delivered rows older than the cut-off go; pending and failed ones stay for the admin to see. */
export async function pruneDeliveredBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'delivered'), lt(webhookDeliveries.createdAt, cutoff)))
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
