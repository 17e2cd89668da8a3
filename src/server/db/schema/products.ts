import { STOCK_STATUSES, type StockStatus } from '../../../common/domain/stock-level';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './one-of';

/**
 * The catalogue (Product). The numeric SKU is the primary key.
 * The stock is a status and, for in_stock, a count (docs/decisions/0223-stock-as-a-count-and-a-status.md);
 * the API's stockLevel text ('12', 'Special Order Only', ...) is derived from them by the products
 * module (stock-level-sql.ts) and read by `parseStockLevel`.
 * price / pricePerSqft are NULL when the price is CALL (price formatting).
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    collection: text('collection'),
    line: text('line'),
    size: text('size'),
    color: text('color'),
    finish: text('finish'),
    soldBy: text('sold_by').notNull().default('Box'),
    description: text('description'),
    price: numeric('price', { precision: 12, scale: 2 }),
    imageUrl: text('image_url'),
    stockStatus: text('stock_status').$type<StockStatus>().notNull().default('in_stock'),
    /** Whole boxes or pieces on hand when in_stock (0 is out of stock); null otherwise. */
    stockCount: integer('stock_count').default(0),
    coverage: text('coverage').notNull().default('15.5'),
    pricePerSqft: numeric('price_per_sqft', { precision: 12, scale: 2 }),
    quantityOnOrder: integer('quantity_on_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_line_idx').on(t.line),
    check('products_id_positive', sql`${t.id} > 0`),
    check('products_on_order_check', sql`${t.quantityOnOrder} >= 0`),
    check('products_stock_status_check', oneOf(t.stockStatus, STOCK_STATUSES)),
    check('products_stock_count_check', sql`${t.stockCount} >= 0`),
    check('products_stock_count_status_check', sql`(${t.stockStatus} = 'in_stock') = (${t.stockCount} is not null)`),
  ],
);

/**
 * A deleted product's SKU and when it went (migration 0035, written by a trigger on products), so
 * field mode's changes feed can tell a device what to drop (docs/decisions/0228).
 */
export const productTombstones = pgTable(
  'product_tombstones',
  {
    id: integer('id').primaryKey(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_tombstones_deleted_idx').on(t.deletedAt)],
);
