import type { announcements } from '../schema';

export type NewAnnouncement = typeof announcements.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Two active announcements, so the salesperson dashboard shows the carousel with its arrows and dots. */
export function demoAnnouncements(createdBy: number, now: Date): NewAnnouncement[] {
  return [
    {
      title: 'New collection: Grande Monolith slabs',
      message:
        'Grande Monolith is here: book-matched 48x110 porcelain slabs and 63x63 tiles in six colours. ' +
        'Slabs are fabricated to order with a 2 week lead. Add the Marble Collection Sample Board to your next sample order.',
      createdBy,
      isActive: true,
      createdAt: now,
    },
    {
      title: 'Holiday shipping schedule',
      message:
        "The warehouse is closed on Thanksgiving Day, Christmas Day and New Year's Day. " +
        'Orders placed after 12 PM on the business day before a holiday ship the next business day. ' +
        "Sample orders still need three business days' notice.",
      createdBy,
      isActive: true,
      createdAt: new Date(now.getTime() - 2 * DAY_MS),
    },
  ];
}
