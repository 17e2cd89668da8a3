import { boolean, check, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MERCHANDISE_TYPES, type MerchandiseType } from '../../../common/domain/cart-rules';
import { oneOf } from './one-of';

/**
 * Displays, labels, price lists and handboards share one table with a
 * type column: they have the same shape, are imported from one workbook and
 * are referenced from carts by (type, code). See docs/decisions/0007-data-model.md.
 */
export const merchandise = pgTable(
  'merchandise',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<MerchandiseType>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Labels are grouped by tile line. */
    line: text('line'),
    /** Price lists (default General) and displays are grouped by category. */
    category: text('category'),
    /** Handboards carry a type (default Handboard). */
    handboardType: text('handboard_type'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    /** False once an admin removed an item that carts or orders refer to (docs/decisions/0131): hidden, history kept. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchandise_type_code_idx').on(t.type, t.code),
    check('merchandise_type_check', oneOf(t.type, MERCHANDISE_TYPES)),
  ],
);
