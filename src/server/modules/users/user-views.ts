import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/*
 * What other modules may read of the users table, as subqueries they join (docs/decisions/0177).
 * Their statements stay single statements while the table stays this module's: a change to it
 * is made here and in these views, not in every module that shows a name. PostgreSQL pulls a
 * plain subquery up into the join, so the plan is the one of joining the table itself.
 */
const qb = new QueryBuilder();

/** Every account's names, deleted ones included: history keeps who did what. */
export function userNames<TAlias extends string>(alias: TAlias) {
  return qb
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .as(alias);
}

/**
 * Each account's store address: a shipped order defaults to it (ADR 0192, docs/decisions/0210), with
 * the account's own names and phone, which stand in for the store's contact.
 */
export function userStoreAddresses<TAlias extends string>(alias: TAlias) {
  return qb
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      storeName: users.storeName,
      storeAddress: users.storeAddress,
      storeCity: users.storeCity,
      storeState: users.storeState,
      storeZip: users.storeZip,
      storeContactName: users.storeContactName,
      storePhone: users.storePhone,
    })
    .from(users)
    .as(alias);
}

/** Accounts an API token may act for: live admins (docs/decisions/0160). */
export function liveAdmins<TAlias extends string>(alias: TAlias) {
  return qb
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(isNull(users.deletedAt), eq(users.role, 'admin')))
    .as(alias);
}

/**
 * Where portal mail to an account goes: its confirmed address, read when the email is written, for
 * live accounts only (notify me, docs/decisions/0203). A pending email change is not in it.
 */
export function liveEmailAddresses<TAlias extends string>(alias: TAlias) {
  return qb
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isNull(users.deletedAt), isNotNull(users.email)))
    .as(alias);
}

/** Who an account is, for admin lists that name people: username, names and company, deleted accounts too. */
export function userContacts<TAlias extends string>(alias: TAlias) {
  return qb
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, company: users.company })
    .from(users)
    .as(alias);
}
