import { z } from './zod';

/** Announcement rules and messages, word for word. */
export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  notFound: 'Announcement not found',
} as const;

/** Announcement; the view adds the author's username. */
export const announcementView = z.object({
  id: z.int(),
  title: z.string(),
  message: z.string(),
  isActive: z.boolean(),
  createdBy: z.int(),
  createdByUsername: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AnnouncementView = z.infer<typeof announcementView>;
export const announcementsResponse = z.array(announcementView);

/**
 * PUT /api/announcements/{id}: an admin edits the title and message (the edit dialog
 * and the route share it); the same rules as a new one.
 */
export const announcementContentBody = z.object({
  title: z
    .string({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
    .check(z.trim(), z.minLength(1, ANNOUNCEMENT_MESSAGES.titleRequired), z.maxLength(200, 'Title must be at most 200 characters')),
  message: z
    .string({ error: ANNOUNCEMENT_MESSAGES.messageRequired })
    .check(z.trim(), z.minLength(1, ANNOUNCEMENT_MESSAGES.messageRequired), z.maxLength(5000, 'Message must be at most 5000 characters')),
});
export type AnnouncementContentInput = z.input<typeof announcementContentBody>;
export type AnnouncementContentBody = z.output<typeof announcementContentBody>;

/** POST /api/announcements: title and message required, isActive defaults to true. */
export const createAnnouncementBody = z.extend(announcementContentBody, {
  isActive: z._default(z.boolean(), true),
});
export type CreateAnnouncementInput = z.input<typeof createAnnouncementBody>;
export type CreateAnnouncementBody = z.output<typeof createAnnouncementBody>;

/** PATCH /api/announcements/{id}: the Status switch (isActive). */
export const updateAnnouncementBody = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type UpdateAnnouncementBody = z.infer<typeof updateAnnouncementBody>;
