import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { MerchandiseType } from '../../../common/domain/cart-rules';
import type { ShipToAddress } from '../../../common/domain/ship-to';
import {
  DELIVERY_TYPES,
  ORDER_KINDS,
  ORDER_STATUSES,
  type DeliveryType,
  type OrderKind,
  type OrderStatus,
} from '../../../common/domain/order-status';
import { DEALER_CONFIRMATIONS, type DealerConfirmation } from '../../../common/domain/reps';
import { companies, companyLocations } from './companies';
import { oneOf } from './one-of';
import { users } from './users';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Kept so a deleted user's orders still read well. */
    username: text('username').notNull(),
    /** The placer's name when ordering (order detail shows who placed it by name). */
    placedByName: text('placed_by_name'),
    kind: text('kind').$type<OrderKind>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('submitted'),
    cartName: text('cart_name'),
    notes: text('notes'),
    /** The dealer's own PO reference, optional. */
    poReference: text('po_reference'),
    deliveryType: text('delivery_type').$type<DeliveryType>(),
    /** Where a shipped order goes (ADR 0192); the profile's store address unless the buyer typed another. */
    shipTo: text('ship_to'),
    /**
     * The ship-to in parts, as placed (docs/decisions/0210): a copy, so a later profile edit leaves the
     * order alone. Set for shipped sample orders (and any order that sent one); `shipTo` holds it as text.
     */
    shipToAddress: jsonb('ship_to_address').$type<ShipToAddress>(),
    requestedDate: date('requested_date'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The dealer's company (docs/decisions/0229): every buyer of it sees the order, with who placed it. */
    companyId: integer('company_id').references(() => companies.id),
    /** The saved location it ships to, if one was picked; `shipToAddress` keeps the copy. */
    locationId: integer('location_id').references(() => companyLocations.id, { onDelete: 'set null' }),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id),
    approvedByName: text('approved_by_name'),
    /** The company's name as placed (migration 0042): exports, the API and webhooks carry it. */
    companyName: text('company_name'),
    /** The rep who placed it for the company (docs/decisions/0235); `userId` is then the rep too. */
    placedByRepId: integer('placed_by_rep_id').references(() => users.id),
    placedByRepName: text('placed_by_rep_name'),
    /** awaiting / confirmed / declined when the company confirms reps' orders; null otherwise. */
    dealerConfirmation: text('dealer_confirmation').$type<DealerConfirmation>(),
    dealerConfirmationNote: text('dealer_confirmation_note'),
    dealerConfirmedByName: text('dealer_confirmed_by_name'),
    dealerConfirmedAt: timestamp('dealer_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    // An ERP polls GET /api/orders?updatedSince=... page by page (docs/decisions/0160).
    index('orders_updated_idx').on(t.updatedAt, t.id),
    // Order history search by PO name or reference (ADR 0192); the query uses the same expression.
    index('orders_po_search_trgm_idx').using('gin', sql`(coalesce(${t.cartName}, '') || ' ' || coalesce(${t.poReference}, '')) gin_trgm_ops`),
    check('orders_kind_check', oneOf(t.kind, ORDER_KINDS)),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    index('orders_placed_by_rep_idx').on(t.placedByRepId, t.createdAt).where(sql`${t.placedByRepId} is not null`),
    check('orders_dealer_confirmation_check', sql`${t.dealerConfirmation} is null or ${oneOf(t.dealerConfirmation, DEALER_CONFIRMATIONS)}`),
    check('orders_delivery_check', sql`${t.deliveryType} is null or ${oneOf(t.deliveryType, DELIVERY_TYPES)}`),
  ],
);

/** Product lines; name and SKU are copied so history survives catalogue changes. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }),
    /** The product's base price when placed, and the list and break the charged price came from (null: base). */
    basePrice: numeric('base_price', { precision: 12, scale: 2 }),
    priceListCode: text('price_list_code'),
    priceListName: text('price_list_name'),
    priceBreakMin: integer('price_break_min'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Order history search by SKU (ADR 0192).
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** Displays, labels, price lists and handboards on an order; their price is always 0. */
export const orderMerchandise = pgTable(
  'order_merchandise',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').$type<MerchandiseType>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    line: text('line'),
    category: text('category'),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_merchandise_order_idx').on(t.orderId), check('order_merch_quantity_check', sql`${t.quantity} >= 1`)],
);
