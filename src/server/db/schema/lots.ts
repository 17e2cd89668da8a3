import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BACKORDER_SHIPPING, type BackorderShipping } from '../../../common/domain/backorders';
import { INCOMING_STAGES, type IncomingStage } from '../../../common/domain/lots';
import { carts } from './carts';
import { oneOf } from './one-of';
import { orderItems, orders } from './orders';
import { products } from './products';
import { users } from './users';

/*
 * Shade lots and incoming loads (docs/decisions/0186). The lots module owns these tables.
 * A SKU with lots has stock = the sum of its lots (products.stock_status in_stock, stock_count the
 * sum), and a SKU with incoming loads has products.quantity_on_order = their sum: every writer of the
 * lots module brings both along in its own transaction (modules/lots/sync-sums.ts, docs/decisions/0223).
 */

/** One firing of a SKU: its shade and caliber are printed on the box; `quantity` is boxes available. */
export const productLots = pgTable(
  'product_lots',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    lot: text('lot').notNull(),
    shade: text('shade'),
    caliber: text('caliber'),
    warehouse: text('warehouse').notNull().default('Main'),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_lots_product_lot_idx').on(t.productId, t.lot), check('product_lots_quantity_check', sql`${t.quantity} >= 0`)],
);

/** A load on its way: ordered from the factory, in production, on a vessel or in transit. */
export const incomingLoads = pgTable(
  'incoming_loads',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    eta: date('eta').notNull(),
    stage: text('stage').$type<IncomingStage>().notNull(),
    lot: text('lot'),
    reference: text('reference'),
  },
  (t) => [
    index('incoming_loads_product_idx').on(t.productId, t.eta),
    check('incoming_loads_quantity_check', sql`${t.quantity} >= 0`),
    check('incoming_loads_stage_check', oneOf(t.stage, INCOMING_STAGES)),
  ],
);

/**
 * What an order line took from which lot, copied (lot, shade, caliber, warehouse) so the order
 * reads the same after the lot row is replaced by a later upload (ADR 0185).
 */
export const orderLineAllocations = pgTable(
  'order_line_allocations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id').references(() => productLots.id, { onDelete: 'set null' }),
    lot: text('lot').notNull(),
    shade: text('shade'),
    caliber: text('caliber'),
    warehouse: text('warehouse').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_line_allocations_order_idx').on(t.orderId),
    // A lots upload deletes lot rows; their allocations are found by index, not by a scan per row.
    index('order_line_allocations_lot_idx').on(t.lotId),
    index('order_line_allocations_item_idx').on(t.orderItemId),
    check('order_line_allocations_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** A cart line's "one lot" switch; no row means on (the default). */
export const cartLotChoices = pgTable(
  'cart_lot_choices',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    oneLot: boolean('one_lot').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);

/**
 * "Notify me": when the SKU's stock goes above 0 the row is marked sent (`sentAt`, so admins see it
 * on the notify-me list, docs/decisions/0214-admin-navigation-notify-list-merchandise-preview.md) and
 * the user gets one digest of every SKU of theirs that came back, at the account's confirmed address
 * read at send time; at most MAX_NOTIFY_REQUESTS open (unsent) rows per user (docs/decisions/0203).
 * Asking again for a sent SKU opens the same row again.
 */
export const stockNotifyRequests = pgTable(
  'stock_notify_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the back-in-stock email was queued; null while the request waits. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('stock_notify_user_product_idx').on(t.userId, t.productId), index('stock_notify_product_idx').on(t.productId)],
);

/**
 * Backorders against incoming loads (docs/decisions/0238-backorder-allocation.md): the part of an order
 * line that stock did not cover, promised from one load, first placed first served. The load's lot code
 * and reference are copied, so the promise follows the load when an incoming file replaces the rows, and
 * `eta` moves with it when it slips (`promisedEta` is what the buyer was first told). When the load's
 * lot arrives in a lots upload the boxes are allocated to the line (order_line_allocations) before
 * anything else, and the row becomes `arrived`.
 */
export const backorderAllocations = pgTable(
  'backorder_allocations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    /** Who placed the order: the arrival email goes to their address as it is when it is sent. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    incomingLoadId: integer('incoming_load_id').references(() => incomingLoads.id, { onDelete: 'set null' }),
    lot: text('lot'),
    reference: text('reference'),
    quantity: integer('quantity').notNull(),
    promisedEta: date('promised_eta').notNull(),
    eta: date('eta').notNull(),
    stage: text('stage').$type<IncomingStage>().notNull(),
    /** The line's shipping choice: 'split' (what is here now first) or 'together'. */
    shipping: text('shipping').$type<BackorderShipping>().notNull(),
    state: text('state').$type<'allocated' | 'arrived'>().notNull().default('allocated'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('backorder_allocations_order_idx').on(t.orderId),
    index('backorder_allocations_load_idx').on(t.incomingLoadId),
    index('backorder_allocations_waiting_idx').on(t.productId).where(sql`${t.state} = 'allocated'`),
    check('backorder_allocations_quantity_check', sql`${t.quantity} >= 1`),
    check('backorder_allocations_state_check', oneOf(t.state, ['allocated', 'arrived'])),
    check('backorder_allocations_shipping_check', oneOf(t.shipping, BACKORDER_SHIPPING)),
    check('backorder_allocations_stage_check', oneOf(t.stage, INCOMING_STAGES)),
  ],
);

/** A cart line's shipping choice for its backordered part; no row means 'split' (the default). */
export const cartBackorderChoices = pgTable(
  'cart_backorder_choices',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shipping: text('shipping').$type<BackorderShipping>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] }), check('cart_backorder_choices_shipping_check', oneOf(t.shipping, BACKORDER_SHIPPING))],
);

/**
 * Boxes of one lot held for one quote line (migration 0043, docs/decisions/0236-lot-holds.md). While
 * the hold lasts its boxes are out of product_lots.quantity, so nobody else sees or takes them; the
 * hold gives them back when it ends. At most 90 days from when it was placed or extended.
 */
export const lotHolds = pgTable(
  'lot_holds',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => productLots.id, { onDelete: 'cascade' }),
    quoteLineId: integer('quote_line_id').notNull(),
    quantity: integer('quantity').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('lot_holds_line_idx').on(t.quoteLineId),
    index('lot_holds_lot_idx').on(t.lotId),
    index('lot_holds_expires_idx').on(t.expiresAt),
    check('lot_holds_quantity_check', sql`${t.quantity} >= 0`),
    check('lot_holds_expiry_check', sql`${t.expiresAt} <= ${t.placedAt} + interval '90 days'`),
  ],
);
