import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-side sessions (sessions: sid, sess, expire); user_id lets us end a user's sessions. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed-login counters keyed by "pair:<addr>:<name>", "account:<name>" and "ip:<addr>"; shared by every
 * app server. `pending` counts attempts admitted and not yet judged (docs/decisions/0202); it is stale,
 * and read as 0, a minute after `pending_at`.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  pending: integer('pending').notNull().default(0),
  pendingAt: timestamp('pending_at', { withTimezone: true }),
});
