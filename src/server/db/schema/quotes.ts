import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { QUOTE_STATUSES, type QuoteStatus } from '../../../common/domain/quotes';
import { companies } from './companies';
import { oneOf } from './one-of';
import { products } from './products';
import { users } from './users';

/**
 * Project quotes (migration 0043, docs/decisions/0237-project-quotes.md): a dealer company's job, priced
 * by an admin, accepted and drawn down by orders. A line's lot hold is the lots module's (lot_holds).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    /** A rep acting for the company asked (migration 0045, docs/decisions/0242): both names stay on the quote. */
    requestedByRepId: integer('requested_by_rep_id').references(() => users.id, { onDelete: 'set null' }),
    requestedByRepName: text('requested_by_rep_name'),
    projectName: text('project_name').notNull(),
    siteAddress: text('site_address').notNull().default(''),
    contractor: text('contractor').notNull().default(''),
    installDate: date('install_date'),
    status: text('status').$type<QuoteStatus>().notNull().default('requested'),
    validUntil: date('valid_until'),
    /** What the dealer wrote with the request. */
    dealerNotes: text('dealer_notes').notNull().default(''),
    /** What the admin wrote with the price; printed on the PDF. */
    notes: text('notes').notNull().default(''),
    pricedByName: text('priced_by_name'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_company_idx').on(t.companyId, t.id),
    index('quotes_open_valid_idx').on(t.validUntil).where(sql`${t.status} in ('quoted', 'accepted')`),
    check('quotes_status_check', oneOf(t.status, QUOTE_STATUSES)),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Whole boxes (or pieces); a line asked in square feet keeps its area and waste beside them. */
    quantity: integer('quantity').notNull(),
    areaSqft: numeric('area_sqft', { precision: 12, scale: 2 }),
    wastePercent: integer('waste_percent'),
    quotedPrice: numeric('quoted_price', { precision: 12, scale: 2 }),
    holdOneLot: boolean('hold_one_lot').notNull().default(false),
    /** The lot the admin held for the line (its code copied, so the PDF reads the same after the hold ends). */
    heldLotId: integer('held_lot_id'),
    heldLot: text('held_lot'),
    /** Boxes orders from the quote have taken. */
    quantityUsed: integer('quantity_used').notNull().default(0),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId),
    check('quote_lines_quantity_check', sql`${t.quantity} > 0`),
    check('quote_lines_used_check', sql`${t.quantityUsed} >= 0 and ${t.quantityUsed} <= ${t.quantity}`),
    check('quote_lines_price_check', sql`${t.quotedPrice} is null or ${t.quotedPrice} >= 0`),
  ],
);
