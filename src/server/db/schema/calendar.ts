import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Days the warehouse is closed besides weekends (ADR 0054). The requested-date rule
 * skips them like a weekend; admins keep the list.
 */
export const closedDays = pgTable('closed_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
