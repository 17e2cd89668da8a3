import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Contract price lists (migration 0036, docs/decisions/0229-dealer-companies-and-contract-prices.md).
 * The rule that picks a dealer's price from them is `resolvePrice` in common/domain/contract-prices.ts.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Inclusive business days; null is open-ended. Outside them the list does not apply. */
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_lists_code_idx').on(sql`lower(${t.code})`),
    check('price_lists_dates_check', sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

/**
 * One price per SKU and quantity break ("from N boxes"); min_quantity 1 is the list's plain price.
 * No foreign key to products: a SKU that leaves the catalogue and comes back keeps its contract price.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'price_list_entries_pk', columns: [t.priceListId, t.productId, t.minQuantity] }),
    index('price_list_entries_product_idx').on(t.productId),
    check('price_list_entries_min_check', sql`${t.minQuantity} >= 1`),
    check('price_list_entries_price_check', sql`${t.price} >= 0`),
  ],
);

/** A list applies to one company or to one price group; a higher priority is tried first. */
export const priceListAssignments = pgTable(
  'price_list_assignments',
  {
    id: serial('id').primaryKey(),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    priceGroup: text('price_group'),
    priority: integer('priority').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_list_assignments_company_idx').on(t.priceListId, t.companyId).where(sql`${t.companyId} is not null`),
    uniqueIndex('price_list_assignments_group_idx').on(t.priceListId, t.priceGroup).where(sql`${t.priceGroup} is not null`),
    index('price_list_assignments_company_lookup_idx').on(t.companyId),
    index('price_list_assignments_group_lookup_idx').on(t.priceGroup),
    check('price_list_assignments_target_check', sql`num_nonnulls(${t.companyId}, ${t.priceGroup}) = 1`),
  ],
);

/**
 * The prices version's one row (migration 0037, docs/decisions/0231-price-list-files-diff-and-version.md):
 * bumped in the transaction of every change to price lists, entries or assignments.
 */
export const priceListVersion = pgTable(
  'price_list_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('price_list_version_one_row_check', sql`${t.id} = 1`)],
);
