import {
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementContentBody,
  type AnnouncementView,
  type CreateAnnouncementBody,
  type UpdateAnnouncementBody,
} from '@common/contracts/announcements';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import {
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  setAnnouncementActive,
  updateAnnouncementContent,
  type AnnouncementRow,
} from './repository';

function toView(row: AnnouncementRow): AnnouncementView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

/**
 * Announcements (Manage Announcements). Admins manage them and see
 * all of them; salespeople (and admins acting as one) see only the active ones
 * (docs/decisions/0023).
 */
export function createAnnouncementsService(db: Db) {
  async function view(id: number): Promise<AnnouncementView> {
    const row = await findAnnouncement(db, id);
    if (!row) throw new HttpError(404, ANNOUNCEMENT_MESSAGES.notFound);
    return toView(row);
  }

  return {
    async list(viewer: Actor): Promise<AnnouncementView[]> {
      const rows = await listAnnouncements(db, { onlyActive: viewer.role !== 'admin' });
      return rows.map(toView);
    },

    async create(author: Actor, body: CreateAnnouncementBody): Promise<AnnouncementView> {
      const id = await insertAnnouncement(db, { ...body, createdBy: author.userId });
      return view(id);
    },

    async setActive(id: number, body: UpdateAnnouncementBody): Promise<AnnouncementView> {
      if (!(await setAnnouncementActive(db, id, body.isActive))) throw new HttpError(404, ANNOUNCEMENT_MESSAGES.notFound);
      return view(id);
    },

    /** Title and message only; the author and date stay those of the announcement (docs/decisions/0135). */
    async edit(id: number, body: AnnouncementContentBody): Promise<AnnouncementView> {
      if (!(await updateAnnouncementContent(db, id, body))) throw new HttpError(404, ANNOUNCEMENT_MESSAGES.notFound);
      return view(id);
    },

    async remove(id: number): Promise<void> {
      if (!(await deleteAnnouncement(db, id))) throw new HttpError(404, ANNOUNCEMENT_MESSAGES.notFound);
    },
  };
}
