import { sql } from 'drizzle-orm';
import { COMPANY_ROLES, type CompanyRole } from '../../../common/domain/companies';
import { ROLES, type Role } from '../../../common/domain/permissions';
import { companies } from './companies';
import { oneOf } from './one-of';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull().default('salesperson'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    /** The company's name as typed before companies existed; `companyId` is what counts (docs/decisions/0229). */
    company: text('company'),
    /** A dealer's company and role in it (migration 0036); null for admins and salespeople. */
    companyId: integer('company_id').references(() => companies.id),
    companyRole: text('company_role').$type<CompanyRole>(),
    /** The most one order of this buyer may total before it needs the company admin's approval; null = no limit. */
    spendingLimit: numeric('spending_limit', { precision: 14, scale: 2 }),
    storeName: text('store_name'),
    /** The store's street line; the parts below complete the address a sample order ships to (docs/decisions/0210). */
    storeAddress: text('store_address'),
    storeCity: text('store_city'),
    storeState: text('store_state'),
    storeZip: text('store_zip'),
    storeContactName: text('store_contact_name'),
    storePhone: text('store_phone'),
    isTemporaryPassword: boolean('is_temporary_password').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Set at each successful sign-in (the users table's Last login column); null = never.
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // Soft delete: orders and activity keep pointing at the row (docs/product-decisions.md#accounts).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A deleted user's name may be reused: the old row keeps its id, so history stays attributed.
    uniqueIndex('users_username_live_idx').on(sql`lower(${t.username})`).where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.role),
    check('users_role_check', oneOf(t.role, ROLES)),
    index('users_company_idx').on(t.companyId),
    check('users_company_role_check', sql`${t.companyRole} is null or ${oneOf(t.companyRole, COMPANY_ROLES)}`),
    check('users_company_role_needs_company_check', sql`(${t.companyRole} is null) = (${t.companyId} is null)`),
    check('users_spending_limit_check', sql`${t.spendingLimit} is null or ${t.spendingLimit} >= 0`),
  ],
);

/**
 * A user's own email change waiting for its link (docs/decisions/0203): `users.email` keeps the
 * confirmed address until the link sent to `new_email` is opened. Only the SHA-256 of the link's
 * token is stored; one open change per user (a new one replaces it); `used_at` tells a used link
 * from an unknown one.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_changes_token_hash_idx').on(t.tokenHash), index('email_changes_user_idx').on(t.userId)],
);

/**
 * Salespeople assigned to companies (migration 0042, docs/decisions/0235); beside users because
 * the auth module's session read checks it (shared like the users table): a rep acts only for an
 * assigned company. A trigger drops the rep's cached sessions when a row changes or goes (ADR 0232).
 */
export const repAssignments = pgTable(
  'rep_assignments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    assignedByUserId: integer('assigned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('rep_assignments_company_idx').on(t.companyId)],
);
