import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Idempotency-Key answers of every POST and PATCH (ADR 0182), one table for all routes, owned by
 * plugins/idempotency.ts (no module). `actor` is `user:<id>` or `token:<id>`: keys are per caller.
 * `key` is the SHA-256 of the Idempotency-Key and `body` is sealed with it (plugins/idempotency.ts). `request_hash` tells a retry from a reused key. While the first request runs, `status_code` is
 * NULL and `locked_until` is its lease; then its answer (status, type, body) is kept for a day
 * (jobs/retention.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actor: text('actor').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Random per claim: a request whose lease was taken over never writes over the new owner's answer. */
    claim: text('claim').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.actor, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
