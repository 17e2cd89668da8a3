import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

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

/** Pause or resume. Resuming clears the failure count and sends what waited right away. */
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
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
  }
  return row;
}

/** Queues one event for every endpoint that listens to it, paused ones too (they catch up when resumed). */
export async function enqueueEvent(db: DbOrTx, event: { id: string; type: string; body: string }): Promise<number> {
  const listeners = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${event.type} = any(${webhookEndpoints.events})`);
  if (listeners.length === 0) return 0;
  await db
    .insert(webhookDeliveries)
    .values(listeners.map((l) => ({ eventId: event.id, endpointId: l.id, eventType: event.type, body: event.body })));
  return listeners.length;
}

/** A claimed delivery with what sending it needs: where, and the secrets that sign it now (the previous one while its window lasts). */
export type ClaimedDelivery = DeliveryRow & { url: string; secrets: string[] };

const liveSecrets = {
  url: webhookEndpoints.url,
  secret: webhookEndpoints.secret,
  previousSecret: sql<string | null>`case when ${webhookEndpoints.previousSecretExpiresAt} > now() then ${webhookEndpoints.previousSecret} end`,
};

async function loadClaimed(db: DbOrTx, ids: number[]): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ delivery: webhookDeliveries, ...liveSecrets })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
  return rows
    .map((r) => ({ ...r.delivery, url: r.url, secrets: r.previousSecret ? [r.secret, r.previousSecret] : [r.secret] }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Claims up to `limit` due deliveries of active endpoints, like the email
 * outbox (mail/delivery-repository.ts): FOR UPDATE SKIP LOCKED so several
 * senders never take the same row, and a lease (next_attempt_at moved forward)
 * instead of a transaction held open over the network. A claim is not yet an
 * attempt: each one still asks startAttempt before it goes out.
 */
export async function claimDueDeliveries(db: DbOrTx, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute<{ id: string }>(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= now() and e.status = 'active'
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries set attempts = webhook_deliveries.attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    from due where webhook_deliveries.id = due.id
    returning webhook_deliveries.id`);
  return loadClaimed(
    db,
    result.rows.map((r) => Number(r.id)),
  );
}

/** The test event: one delivery for one endpoint, queued already claimed by the caller (its lease covers a crash). */
export async function insertClaimedDelivery(
  db: DbOrTx,
  event: { id: string; endpointId: number; type: string; body: string },
  leaseMs: number,
): Promise<ClaimedDelivery> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      eventId: event.id,
      endpointId: event.endpointId,
      eventType: event.type,
      body: event.body,
      attempts: 1,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .returning({ id: webhookDeliveries.id });
  const [claimed] = await loadClaimed(db, row ? [row.id] : []);
  if (!claimed) throw new Error('test delivery not stored');
  return claimed;
}

/**
 * Asked right before each request goes out, so a pause reaches deliveries that were
 * already claimed. The failure count goes up now, before the answer: an
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

/** Hands back claimed deliveries a stopping sender did not start: due now, the claim's attempt not counted. */
export async function releaseDeliveries(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ attempts: sql`greatest(${webhookDeliveries.attempts} - 1, 0)`, nextAttemptAt: sql`now()` })
    .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, 'pending')));
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
      .set({ status: 'delivered', deliveredAt: sql`now()`, nextAttemptAt: null, lastStatusCode: outcome.statusCode, lastResponseMs: outcome.responseMs, lastError: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, delivery.endpointId));
  });
}

/**
 * A failed attempt: retry after `retryInMs` or give up. startAttempt counted the
 * failure already; an endpoint whose count reached `pauseAfter` is paused.
 * Answers whether this attempt paused it.
 */
export async function markFailed(
  db: DbOrTx,
  delivery: { id: number; endpointId: number },
  outcome: AttemptOutcome,
  plan: { retryInMs: number; giveUp: boolean; pauseAfter: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: plan.giveUp ? 'failed' : 'pending',
        lastStatusCode: outcome.statusCode,
        lastResponseMs: outcome.responseMs,
        lastError: outcome.error?.slice(0, 2000) ?? null,
        nextAttemptAt: plan.giveUp ? null : sql`now() + make_interval(secs => ${plan.retryInMs / 1000})`,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).for('update');
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

export async function listDeliveries(db: DbOrTx, endpointId: number, limit: number, before?: number): Promise<DeliveryRow[]> {
  const where = before ? and(eq(webhookDeliveries.endpointId, endpointId), lt(webhookDeliveries.id, before)) : eq(webhookDeliveries.endpointId, endpointId);
  return db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(limit);
}

/** Queues a delivery again, with a fresh retry schedule; the event id stays, so receivers can still de-duplicate. */
export async function requeueDelivery(db: DbOrTx, endpointId: number, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  return row;
}

/** Retention: delivered rows older than the cut-off go; pending and failed ones stay for the admin to see. */
export async function pruneDeliveredBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'delivered'), lt(webhookDeliveries.createdAt, cutoff)))
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
