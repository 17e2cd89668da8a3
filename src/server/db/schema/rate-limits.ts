import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * rate-limiter-flexible's PostgreSQL table, shared by every limiter (lib/rate-limits.ts): `key` is
 * the limiter's name and the limited key, `expire` the window's (or block's) end in epoch ms.
 * The columns are the library's own; migration 0027 creates the table so the library never does.
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
