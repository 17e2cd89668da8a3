import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MERCHANDISE_TYPES, type MerchandiseType } from '../../../common/domain/cart-rules';
import { APPROVAL_STATUSES, type ApprovalStatus } from '../../../common/domain/companies';
import { companies } from './companies';
import { oneOf } from './one-of';
import { products } from './products';
import { users } from './users';

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
    /** The owner's company when the owner is a dealer (docs/decisions/0229); a PO is private unless shared. */
    companyId: integer('company_id').references(() => companies.id),
    sharedWithCompany: boolean('shared_with_company').notNull().default(false),
    /** pending: waiting for the company admin; returned: sent back with `approvalNote`; null: neither. */
    approvalStatus: text('approval_status').$type<ApprovalStatus>(),
    approvalNote: text('approval_note'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The checkout the requester submitted with the PO, placed as asked when approved (migration 0039, docs/decisions/0233). */
    submittedCheckout: jsonb('submitted_checkout').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('carts_user_idx').on(t.userId),
    index('carts_company_idx').on(t.companyId),
    check('carts_approval_status_check', sql`${t.approvalStatus} is null or ${oneOf(t.approvalStatus, APPROVAL_STATUSES)}`),
    // One active cart per user and company acted for (a rep's own is company 0), enforced by the database (migration 0042).
    uniqueIndex('carts_one_active_idx').on(t.userId, sql`coalesce(${t.companyId}, 0)`).where(sql`${t.isActive}`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Adding a product already in the cart raises its quantity: one row per product.
    uniqueIndex('cart_items_cart_product_idx').on(t.cartId, t.productId),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * The cart's displays, labels, price lists and handboards (keeps them
 * as JSON lists). A row per entry lets each quantity change be one atomic
 * upsert instead of a read-modify-write of a whole array.
 */
export const cartMerchandise = pgTable(
  'cart_merchandise',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    type: text('type').$type<MerchandiseType>().notNull(),
    code: text('code').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.type, t.code] }),
    // A quantity of 0 removes the entry, so stored rows are always positive.
    check('cart_merchandise_quantity_check', sql`${t.quantity} >= 1`),
    check('cart_merchandise_type_check', oneOf(t.type, MERCHANDISE_TYPES)),
  ],
);

