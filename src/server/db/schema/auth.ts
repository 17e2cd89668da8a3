import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
 * rate-limiter-flexible's PostgreSQL table, shared by every limiter (lib/rate-limits.ts; the auth module's logins, password changes and activity use it): `key` is
 * the limiter's name and the limited key, `expire` the window's (or block's) end in epoch ms.
 * The columns are the library's own; migration 0031 creates the table so the library never does.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
