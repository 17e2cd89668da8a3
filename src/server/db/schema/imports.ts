import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  STOCK_UPLOAD_SOURCES,
  STOCK_UPLOAD_STATUSES,
  UPLOAD_KINDS,
  type UploadKind,
  type StockUploadSource,
  type StockUploadStatus,
} from '../../../common/domain/stock-uploads';
import { oneOf } from './one-of';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every file the portal was given to import, of every kind (the imports module,
 * docs/decisions/0220): a browser upload is kept here as `previewed` until the admin confirms
 * (`applied`) or cancels (`cancelled`); an API upload is recorded `applied` in its import's
 * transaction. The file itself stays for download. The table keeps its first name, stock_uploads.
 */
export const stockUploads = pgTable(
  'stock_uploads',
  {
    id: serial('id').primaryKey(),
    /** Which kind of file: the module that reads and applies it (UPLOAD_KINDS). */
    kind: text('kind').$type<UploadKind>().notNull().default('stock'),
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
    /**
     * A digest of what the preview compared the file against, computed by the file's kind (the
     * listed SKUs' lots, the merchandise table); the kind's confirm refuses another.
     */
    digest: text('digest'),
    /** rows, created, updated, unchanged, missing, removed, warnings: the preview's, then the applied run's. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A rejected file's problems, in row order, at most 200 (docs/decisions/0211); counts.problems has how many. */
    problems: jsonb('problems').$type<{ row: number; message: string; sku?: string }[]>(),
    /** When it was applied or cancelled, and by whom. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    index('stock_uploads_created_idx').on(t.createdAt),
    index('stock_uploads_kind_created_idx').on(t.kind, t.createdAt),
    check('stock_uploads_kind_check', oneOf(t.kind, UPLOAD_KINDS)),
    check('stock_uploads_source_check', oneOf(t.source, STOCK_UPLOAD_SOURCES)),
    check('stock_uploads_status_check', oneOf(t.status, STOCK_UPLOAD_STATUSES)),
    check('stock_uploads_size_check', sql`${t.size} >= 0`),
  ],
);
