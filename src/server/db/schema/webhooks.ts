import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Where the portal posts its events (docs/decisions/0161). The secret signs each delivery. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** After a rotation, the secret it replaced: it still signs deliveries, beside the new one, until it expires (ADR 0184). */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    /** Failed attempts in a row, over all deliveries; a success sets it back to 0. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedReason: text('paused_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('webhook_endpoints_status_check', sql`${t.status} in ('active', 'paused')`)],
);

/**
 * One event for one endpoint: the webhook outbox. Written in the transaction of
 * the event itself, so an order and its delivery exist together or not at all.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event's id, the same for every endpoint and every attempt: receivers de-duplicate on it. */
    eventId: uuid('event_id').notNull(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent; kept as text so every attempt signs the same bytes. */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The delivery's current pg-boss job on the queue "webhook" (docs/decisions/0224-webhook-deliveries-on-pg-boss.md):
     * it says when the next attempt is due. Null once delivered or given up, and while a paused endpoint holds it.
     */
    jobId: uuid('job_id'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastResponseMs: integer('last_response_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
