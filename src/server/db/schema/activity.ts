import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Activity log. No foreign keys: history outlives users and is written on hot paths. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    targetUserId: integer('target_user_id'),
    type: text('type').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    sessionId: text('session_id'),
    url: text('url'),
    referrer: text('referrer'),
    duration: integer('duration'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('activity_type_created_idx').on(t.type, t.createdAt.desc()),
    index('activity_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The admin screen's search box is a substring match; trigrams keep it an index lookup at a million rows
    // (docs/decisions/0022). The migration creates the pg_trgm extension first.
    index('activity_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);
