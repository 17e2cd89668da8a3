import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fileBlobs, files, folders, links } from '../../db/schema';

export type FolderRow = typeof folders.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type LinkRow = typeof links.$inferSelect;

/** Items with no folder are the root ("All Files"). */
const inFolder = (column: typeof files.folderId | typeof links.folderId | typeof folders.parentId, folderId: number | null): SQL =>
  folderId === null ? isNull(column) : eq(column, folderId);

// ---- folders -------------------------------------------------------------

export async function listFolders(db: DbOrTx): Promise<FolderRow[]> {
  return db.select().from(folders).orderBy(sql`lower(${folders.name})`, asc(folders.id));
}

export async function findFolder(db: DbOrTx, id: number): Promise<FolderRow | undefined> {
  const [row] = await db.select().from(folders).where(eq(folders.id, id));
  return row;
}

export async function siblingFolderNamed(db: DbOrTx, parentId: number | null, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(inFolder(folders.parentId, parentId), sql`lower(${folders.name}) = lower(${name})`))
    .limit(1);
  return row !== undefined;
}

export async function insertFolder(db: DbOrTx, values: { name: string; parentId: number | null }): Promise<FolderRow> {
  const [row] = await db.insert(folders).values(values).returning();
  if (!row) throw new Error('folder insert returned no row');
  return row;
}

/** Everything below a folder (not the folder itself), counted in one recursive query. */
export async function countFolderContents(db: DbOrTx, id: number) {
  const result = await db.execute<{ folders: number; files: number; links: number; bytes: number }>(sql`
    with recursive tree(id) as (
      select ${folders.id} from ${folders} where ${folders.id} = ${id}
      union all
      select f.id from folders f join tree t on f.parent_id = t.id
    )
    select
      (select count(*) from tree) - 1 as folders,
      (select count(*) from files where folder_id in (select id from tree)) as files,
      (select count(*) from links where folder_id in (select id from tree)) as links,
      (select coalesce(sum(size), 0) from files where folder_id in (select id from tree))::bigint as bytes
  `);
  const row = result.rows[0];
  return { folders: Number(row?.folders ?? 0), files: Number(row?.files ?? 0), links: Number(row?.links ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Removes the folder; the foreign keys cascade to subfolders, files, their bytes and links. */
export async function deleteFolder(db: DbOrTx, id: number): Promise<boolean> {
  const deleted = await db.delete(folders).where(eq(folders.id, id)).returning({ id: folders.id });
  return deleted.length > 0;
}

// ---- files ---------------------------------------------------------------

export async function listFiles(db: DbOrTx, folderId: number | null): Promise<FileRow[]> {
  return db.select().from(files).where(inFolder(files.folderId, folderId)).orderBy(sql`lower(${files.name})`, asc(files.id));
}

export async function findFile(db: DbOrTx, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

/** Metadata and bytes together, in the caller's transaction. */
export async function insertFile(
  db: DbOrTx,
  values: Omit<typeof files.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  data: Buffer,
): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('file insert returned no row');
  try {
    await db.insert(fileBlobs).values({ fileId: row.id, data });
  } catch (error) {
    // Drizzle's error message lists the query parameters: here, every byte of the file.
    throw new Error(`could not store the bytes of file ${row.id}`, { cause: (error as { cause?: unknown }).cause ?? undefined });
  }
  return row;
}

/**
 * `length` bytes from `start` (0-based). substring() on the bytea runs in
 * PostgreSQL, and with the column stored uncompressed (migration
 * 0001_file_blobs_external) it reads only the TOAST chunks it needs.
 */
export async function readFileBytes(db: DbOrTx, fileId: number, start: number, length: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ data: sql<Buffer>`substring(${fileBlobs.data} from ${start + 1} for ${length})` })
    .from(fileBlobs)
    .where(eq(fileBlobs.fileId, fileId));
  return row?.data;
}

export async function deleteFile(db: DbOrTx, id: number): Promise<boolean> {
  const deleted = await db.delete(files).where(eq(files.id, id)).returning({ id: files.id });
  return deleted.length > 0;
}

// ---- links ---------------------------------------------------------------

export async function listLinks(db: DbOrTx, folderId: number | null): Promise<LinkRow[]> {
  return db.select().from(links).where(inFolder(links.folderId, folderId)).orderBy(sql`lower(${links.title})`, asc(links.id));
}

export async function insertLink(
  db: DbOrTx,
  values: { title: string; url: string; description: string | null; folderId: number | null },
): Promise<LinkRow> {
  const [row] = await db.insert(links).values(values).returning();
  if (!row) throw new Error('link insert returned no row');
  return row;
}

export async function deleteLink(db: DbOrTx, id: number): Promise<boolean> {
  const deleted = await db.delete(links).where(eq(links.id, id)).returning({ id: links.id });
  return deleted.length > 0;
}
