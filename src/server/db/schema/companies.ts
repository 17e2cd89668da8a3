import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMPANY_STATUSES, LOCATION_KINDS, type CompanyStatus, type LocationKind } from '../../../common/domain/companies';
import { oneOf } from './one-of';

/**
 * Dealer companies (migration 0036, docs/decisions/0229-dealer-companies-and-contract-prices.md).
 * Buyers are users with `company_id` and `company_role`; orders and carts carry `company_id` too.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The ERP's account number; unique ignoring case when present. */
    accountNumber: text('account_number'),
    status: text('status').$type<CompanyStatus>().notNull().default('active'),
    /** A lower-case code ("gold"); price lists assigned to the group apply after the company's own. */
    priceGroup: text('price_group'),
    paymentTerms: text('payment_terms'),
    notes: text('notes'),
    /** "Orders placed for us by reps need our confirmation" (migration 0042, docs/decisions/0235). */
    repOrdersNeedConfirmation: boolean('rep_orders_need_confirmation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_account_number_idx').on(sql`lower(${t.accountNumber})`).where(sql`${t.accountNumber} is not null`),
    index('companies_name_idx').on(sql`lower(${t.name})`),
    index('companies_price_group_idx').on(t.priceGroup),
    check('companies_status_check', oneOf(t.status, COMPANY_STATUSES)),
    check(
      'companies_price_group_check',
      sql`${t.priceGroup} is null or ${t.priceGroup} = lower(btrim(${t.priceGroup})) and ${t.priceGroup} <> ''`,
    ),
  ],
);

/** Ship-to and bill-to addresses, in the ShipToAddress parts (common/domain/ship-to.ts); one default per kind. */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LocationKind>().notNull().default('ship_to'),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    street2: text('street2'),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_locations_company_idx').on(t.companyId),
    uniqueIndex('company_locations_one_default_idx').on(t.companyId, t.kind).where(sql`${t.isDefault}`),
    check('company_locations_kind_check', oneOf(t.kind, LOCATION_KINDS)),
  ],
);
