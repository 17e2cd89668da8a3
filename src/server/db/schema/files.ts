import { customType, index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('folders_parent_idx').on(t.parentId)],
);

/** File metadata (File); the bytes live in file_blobs so listing never loads them. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_folder_idx').on(t.folderId)],
);

/** Uploaded bytes in PostgreSQL so any number of app servers can serve them (docs/architecture.md, Data). */
export const fileBlobs = pgTable('file_blobs', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
});

export const links = pgTable(
  'links',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('links_folder_idx').on(t.folderId)],
);
