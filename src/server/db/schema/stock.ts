import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { STOCK_UPLOAD_SOURCES, STOCK_UPLOAD_STATUSES, type StockUploadSource, type StockUploadStatus } from '../../../common/domain/stock-uploads';
import { oneOf } from './one-of';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every stock CSV the portal was given (ADR 0191): a browser upload is kept here as
 * `previewed` until the admin confirms (`applied`) or cancels (`cancelled`); an API upload
 * is recorded `applied` in its import's transaction. The file itself stays for download.
 */
export const stockUploads = pgTable(
  'stock_uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    /** Kept so the history reads well after the user is deleted. */
    username: text('username').notNull(),
    source: text('source').$type<StockUploadSource>().notNull(),
    status: text('status').$type<StockUploadStatus>().notNull(),
    filename: text('filename').notNull(),
    mode: text('mode'),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /** The catalogue version the preview was computed against; confirm refuses another. */
    catalogueVersion: text('catalogue_version'),
    removalToken: text('removal_token'),
    /** rows, created, updated, unchanged, missing, removed, warnings: the preview's, then the applied run's. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was applied or cancelled, and by whom. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    index('stock_uploads_created_idx').on(t.createdAt),
    check('stock_uploads_source_check', oneOf(t.source, STOCK_UPLOAD_SOURCES)),
    check('stock_uploads_status_check', oneOf(t.status, STOCK_UPLOAD_STATUSES)),
    check('stock_uploads_size_check', sql`${t.size} >= 0`),
  ],
);
