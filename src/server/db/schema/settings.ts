import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value settings such as last_inventory_update (system_settings). */
export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull().unique(),
  value: text('value'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
