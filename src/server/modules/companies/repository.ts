import type { ShipToAddress } from '@common/domain/ship-to';
import type { CompanyRole } from '@common/domain/companies';
import { and, asc, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyLocations, users } from '../../db/schema';

/*
 * The companies module's reads that other modules need (docs/decisions/0229): a company, its
 * locations, its people. Other modules call these through the module's index.ts and never read the
 * companies tables themselves (eslint.boundaries.js).
 */

export type CompanyRow = typeof companies.$inferSelect;
export type LocationRow = typeof companyLocations.$inferSelect;

export async function findCompany(db: DbOrTx, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

/**
 * The company's status, share-locked until the transaction ends: a placement reads it so, and a
 * status change (which locks the row for update) waits for placements under way, and they for it.
 */
export async function companyStatusForOrdering(tx: DbOrTx, companyId: number): Promise<string | undefined> {
  const [row] = await tx.select({ status: companies.status }).from(companies).where(eq(companies.id, companyId)).for('share');
  return row?.status;
}

/** A company's locations, the default of each kind first, then by name. */
export async function locationsOf(db: DbOrTx, companyId: number): Promise<LocationRow[]> {
  return db
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(asc(companyLocations.kind), desc(companyLocations.isDefault), asc(companyLocations.name), asc(companyLocations.id));
}

/** One location, only when it belongs to this company (an id from another company is not found). */
export async function findLocation(db: DbOrTx, companyId: number, locationId: number): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(companyLocations)
    .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)));
  return row;
}

/** A location as the ShipToAddress an order copies. */
export function locationAddress(row: LocationRow): ShipToAddress {
  return {
    name: row.name,
    contactName: row.contactName,
    phone: row.phone,
    street: row.street,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zip: row.zip,
  };
}

/** Saves a one-off checkout address as a ship-to location of the company; the first one becomes the default. */
export async function saveShipTo(tx: DbOrTx, companyId: number, address: ShipToAddress): Promise<LocationRow> {
  const existing = await tx
    .select({ id: companyLocations.id })
    .from(companyLocations)
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.kind, 'ship_to'), eq(companyLocations.isDefault, true)));
  const [row] = await tx
    .insert(companyLocations)
    .values({ companyId, kind: 'ship_to', ...address, isDefault: existing.length === 0 })
    .returning();
  return row!;
}

export interface CompanyPerson {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyRole: CompanyRole;
}

/** The company's live buyers of every role (the confirmation and approval emails go to some of them). */
export async function peopleOf(db: DbOrTx, companyId: number, role?: CompanyRole): Promise<CompanyPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyRole: users.companyRole,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt), role ? eq(users.companyRole, role) : undefined))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ ...r, companyRole: r.companyRole! }));
}

/*
 * The companies screens' and API's reads and writes (docs/decisions/0230). Buyers are rows of the
 * shared users table; this module writes only their company columns.
 */

/** A company's name as names are matched: trimmed, runs of spaces as one, lower case (as migration 0036 groups). */
export const matchName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const nameKey = sql`lower(regexp_replace(btrim(${companies.name}), '\\s+', ' ', 'g'))`;

// Spelled out: in a one-table select drizzle writes a column without its table, which `u` would capture.
const liveBuyers = sql<number>`(select count(*) from users u where u.company_id = "companies"."id" and u.deleted_at is null)`.mapWith(Number);

export type CompanyWithCount = CompanyRow & { buyerCount: number };

/** `%term%` for ILIKE with the term's own % _ \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of companies by name, searched in name and account number, and the number matching. */
export async function listCompanies(db: DbOrTx, query: { search?: string; page: number; pageSize: number }): Promise<{ rows: CompanyWithCount[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = pattern ? or(ilike(companies.name, pattern), ilike(companies.accountNumber, pattern)) : undefined;
  const rows = await db
    .select({ company: companies, buyerCount: liveBuyers, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(companies)
    .where(where)
    .orderBy(sql`lower(${companies.name})`, asc(companies.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  if (rows.length > 0 || query.page === 1) return { rows: rows.map((r) => ({ ...r.company, buyerCount: r.buyerCount })), total: rows[0]?.total ?? 0 };
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(companies).where(where);
  return { rows: [], total: counted?.total ?? 0 };
}

export async function findCompanyWithCount(db: DbOrTx, companyId: number): Promise<CompanyWithCount | undefined> {
  const [row] = await db.select({ company: companies, buyerCount: liveBuyers }).from(companies).where(eq(companies.id, companyId));
  return row ? { ...row.company, buyerCount: row.buyerCount } : undefined;
}

/** The company row locked until the transaction ends: writes to one company queue here. */
export async function lockCompany(tx: DbOrTx, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row;
}

export type CompanyChanges = Partial<Pick<CompanyRow, 'name' | 'accountNumber' | 'status' | 'priceGroup' | 'paymentTerms' | 'notes' | 'repOrdersNeedConfirmation'>>;

export async function insertCompany(tx: DbOrTx, values: CompanyChanges & { name: string }): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(tx: DbOrTx, companyId: number, changes: CompanyChanges): Promise<CompanyRow | undefined> {
  const [row] = await tx
    .update(companies)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row;
}

/** Marks the company changed (a location or a buyer changed). */
export async function touchCompany(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.update(companies).set({ updatedAt: new Date() }).where(eq(companies.id, companyId));
}

/** Another company with this account number, ignoring case. */
export async function accountNumberTaken(db: DbOrTx, accountNumber: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.accountNumber}) = lower(${accountNumber})`, exceptId ? ne(companies.id, exceptId) : undefined));
  return rows.length > 0;
}

/** True when the error is the account number's unique index refusing a duplicate (two writers at once). */
export function isAccountNumberConflict(error: unknown): boolean {
  const e = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'companies_account_number_idx';
}

export type LocationValues = Omit<typeof companyLocations.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

/** Takes the default of this kind from every other location of the company (before another becomes it). */
export async function clearDefault(tx: DbOrTx, companyId: number, kind: LocationRow['kind']): Promise<void> {
  await tx
    .update(companyLocations)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(companyLocations.companyId, companyId), eq(companyLocations.kind, kind), eq(companyLocations.isDefault, true)));
}

export async function insertLocation(tx: DbOrTx, companyId: number, values: LocationValues): Promise<LocationRow> {
  const [row] = await tx.insert(companyLocations).values({ ...values, companyId }).returning();
  return row!;
}

export async function updateLocation(tx: DbOrTx, companyId: number, locationId: number, values: LocationValues): Promise<LocationRow | undefined> {
  const [row] = await tx
    .update(companyLocations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)))
    .returning();
  return row;
}

export async function deleteLocation(tx: DbOrTx, companyId: number, locationId: number): Promise<LocationRow | undefined> {
  const [row] = await tx
    .delete(companyLocations)
    .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)))
    .returning();
  return row;
}

/** After the default of a kind went away: the oldest remaining location of that kind becomes the default. */
export async function promoteDefault(tx: DbOrTx, companyId: number, kind: LocationRow['kind']): Promise<void> {
  await tx.execute(sql`
    update company_locations set is_default = true, updated_at = now()
    where id = (select id from company_locations where company_id = ${companyId} and kind = ${kind} order by id limit 1)
      and not exists (select 1 from company_locations where company_id = ${companyId} and kind = ${kind} and is_default)`);
}

const buyerColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  company: users.company,
  companyId: users.companyId,
  companyRole: users.companyRole,
  spendingLimit: users.spendingLimit,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
export interface BuyerRow {
  id: number;
  username: string;
  role: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  company: string | null;
  companyId: number | null;
  companyRole: CompanyRole | null;
  spendingLimit: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** The company's live buyers: admins first, then by username. */
export async function buyersOf(db: DbOrTx, companyId: number): Promise<BuyerRow[]> {
  return db
    .select(buyerColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(sql`array_position(array['admin','buyer','requester']::text[], ${users.companyRole})`, sql`lower(${users.username})`);
}

/** A live account, locked until the transaction ends. */
export async function lockLiveUser(tx: DbOrTx, userId: number): Promise<BuyerRow | undefined> {
  const [row] = await tx
    .select(buyerColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** The live company admins' ids, locked (two admins demoting each other queue here). */
export async function lockCompanyAdmins(tx: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'admin'), isNull(users.deletedAt)))
    .for('update');
  return rows.map((r) => r.id);
}

export type MembershipChanges = { companyId?: number; companyRole?: CompanyRole; spendingLimit?: string | null };

export async function setMembership(tx: DbOrTx, userId: number, changes: MembershipChanges): Promise<BuyerRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning(buyerColumns);
  if (row && changes.companyId !== undefined) await cartsFollowCompany(tx, userId, changes.companyId);
  return row;
}

/**
 * A buyer who changes company takes their POs along (docs/decisions/0230): each becomes the new
 * company's, private again, and a PO waiting for the old company's approval goes back to being an
 * editable draft, so no company sees, prices or approves another's PO. Call in the transaction that
 * changes `users.company_id`.
 */
export async function cartsFollowCompany(tx: DbOrTx, userId: number, companyId: number | null): Promise<void> {
  await tx.execute(sql`
    update carts set company_id = ${companyId}, shared_with_company = false, approval_status = null, approval_note = null,
      submitted_at = null, submitted_checkout = null, last_modified = now()
    where user_id = ${userId} and company_id is distinct from ${companyId}`);
}

/** When a company with live buyers has no company admin left, its earliest live buyer becomes one. */
export async function ensureCompanyAdmin(tx: DbOrTx, companyId: number): Promise<number | null> {
  const promoted = await tx.execute<{ id: number }>(sql`
    update users set company_role = 'admin', updated_at = now()
    where id = (select id from users where company_id = ${companyId} and deleted_at is null order by created_at, id limit 1)
      and not exists (select 1 from users where company_id = ${companyId} and company_role = 'admin' and deleted_at is null)
    returning id`);
  return promoted.rows[0]?.id ?? null;
}

/** The first company (lowest id) whose name matches, ignoring case and repeated spaces. */
export async function findCompanyByName(db: DbOrTx, name: string): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(sql`${nameKey} = ${matchName(name)}`)
    .orderBy(asc(companies.id))
    .limit(1);
  return row;
}
