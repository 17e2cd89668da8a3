import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Machine credentials (docs/decisions/0160). Only the SHA-256 of the token is
 * kept; the token itself is shown once. A token acts for the admin who made
 * it and stops working when that account is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the token, so an admin can tell tokens apart without the secret. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The per-token rate limit's window, counted here so every app server shares it (like login throttles). */
    rateWindowStartedAt: timestamp('rate_window_started_at', { withTimezone: true }).notNull().defaultNow(),
    rateCount: integer('rate_count').notNull().default(0),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash)],
);
