import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Spec §5 "Announcement" and §8, word for word. */
export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  notFound: 'Announcement not found',
} as const;

/** Spec §3 Announcement; the view adds the author's username. */
export const announcementView = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    message: z.string(),
    isActive: z.boolean(),
    createdBy: z.number().int(),
    createdByUsername: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type AnnouncementView = z.infer<typeof announcementView>;
export const announcementsResponse = lazySchema(() => z.array(announcementView));

/**
 * PUT /api/announcements/{id}: an admin edits the title and message (the edit dialog
 * and the route share it); the same rules as a new one.
 */
export const announcementContentBody = lazySchema(() =>
  z.object({
    title: z
      .string({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
      .trim()
      .min(1, ANNOUNCEMENT_MESSAGES.titleRequired)
      .max(200, 'Title must be at most 200 characters'),
    message: z
      .string({ error: ANNOUNCEMENT_MESSAGES.messageRequired })
      .trim()
      .min(1, ANNOUNCEMENT_MESSAGES.messageRequired)
      .max(5000, 'Message must be at most 5000 characters'),
  }),
);
export type AnnouncementContentInput = z.input<typeof announcementContentBody>;
export type AnnouncementContentBody = z.output<typeof announcementContentBody>;

/** POST /api/announcements: title and message required, isActive defaults to true. */
export const createAnnouncementBody = lazySchema(() =>
  announcementContentBody.extend({
    isActive: z.boolean().default(true),
  }),
);
export type CreateAnnouncementInput = z.input<typeof createAnnouncementBody>;
export type CreateAnnouncementBody = z.output<typeof createAnnouncementBody>;

/** PATCH /api/announcements/{id}: the Status switch (spec §7: isActive). */
export const updateAnnouncementBody = lazySchema(() =>
  z.object({
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  }),
);
export type UpdateAnnouncementBody = z.infer<typeof updateAnnouncementBody>;
