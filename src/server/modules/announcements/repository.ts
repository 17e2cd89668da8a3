import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { announcements } from '../../db/schema';
import { userNames } from '../users';

const author = userNames('author');

const columns = {
  id: announcements.id,
  title: announcements.title,
  message: announcements.message,
  isActive: announcements.isActive,
  createdBy: announcements.createdBy,
  createdByUsername: author.username,
  createdAt: announcements.createdAt,
};

export type AnnouncementRow = Awaited<ReturnType<typeof listAnnouncements>>[number];

/** Newest first; `onlyActive` for the salesperson carousel. The author's name survives their deletion (soft delete). */
export async function listAnnouncements(db: DbOrTx, options: { onlyActive: boolean }) {
  return db
    .select(columns)
    .from(announcements)
    .leftJoin(author, eq(author.id, announcements.createdBy))
    .where(options.onlyActive ? eq(announcements.isActive, true) : undefined)
    .orderBy(desc(announcements.createdAt), desc(announcements.id));
}

export async function findAnnouncement(db: DbOrTx, id: number): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(announcements)
    .leftJoin(author, eq(author.id, announcements.createdBy))
    .where(eq(announcements.id, id));
  return row;
}

export async function insertAnnouncement(db: DbOrTx, values: typeof announcements.$inferInsert): Promise<number> {
  const [row] = await db.insert(announcements).values(values).returning({ id: announcements.id });
  if (!row) throw new Error('announcement not created');
  return row.id;
}

export async function setAnnouncementActive(db: DbOrTx, id: number, isActive: boolean): Promise<boolean> {
  const rows = await db.update(announcements).set({ isActive }).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return rows.length > 0;
}

export async function updateAnnouncementContent(db: DbOrTx, id: number, content: { title: string; message: string }): Promise<boolean> {
  const rows = await db.update(announcements).set(content).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return rows.length > 0;
}

export async function deleteAnnouncement(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return rows.length > 0;
}
