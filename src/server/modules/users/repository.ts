import type { UsersQuery } from '@common/contracts/users';
import { ROLES } from '@common/domain/permissions';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    NewUser,
    'role' | 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'storeName' | 'storeAddress' | 'storeCity' | 'storeState' | 'storeZip' | 'storeContactName' | 'storePhone'
  >
> &
  /** A dealer's company columns (docs/decisions/0230): set together, cleared together. */
  Partial<Pick<NewUser, 'companyId' | 'companyRole' | 'spendingLimit'>>;

const live = isNull(users.deletedAt);

const fullName = sql`nullif(lower(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;
// Roles sort in the order the app lists them (admin, salesperson, BOLD customer), not alphabetically.
const roleOrder = sql`array_position(array[${sql.join(ROLES.map((r) => sql`${r}`), sql`, `)}]::text[], ${users.role})`;

/** What each sort key orders by; null names and never-signed-in users come last either way. */
const SORT_COLUMNS: Record<UsersQuery['sort'], SQL> = {
  username: sql`lower(${users.username})`,
  name: fullName,
  role: roleOrder,
  created: sql`${users.createdAt}`,
  lastLogin: sql`${users.lastLoginAt}`,
};

/** `%term%` for ILIKE with the term's own % _ \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(term: string): SQL | undefined {
  const pattern = containsPattern(term);
  const matches = [users.username, users.email, users.company, users.firstName, users.lastName].map((c) => sql`${c} ilike ${pattern}`);
  matches.push(sql`concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${pattern}`);
  if (/^\d{1,9}$/.test(term)) matches.push(eq(users.id, Number(term)));
  return or(...matches);
}

/**
 * One page of live users and the number matching the filters, in one statement
 * (`count(*) over ()` is computed before LIMIT). ADR 0133: 10,000 rows sort in a few ms.
 */
export async function listUsersPage(db: DbOrTx, query: UsersQuery): Promise<{ rows: UserRow[]; total: number }> {
  const conditions = [live];
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.temporaryPassword !== undefined) conditions.push(eq(users.isTemporaryPassword, query.temporaryPassword));
  if (query.search) conditions.push(searchCondition(query.search)!);
  const direction = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const found = await db
    .select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`${SORT_COLUMNS[query.sort]} ${direction} nulls last`, sql`${users.id} ${direction}`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  if (found.length > 0 || query.page === 1) return { rows: found.map((f) => f.user), total: found[0]?.total ?? 0 };
  // Past the last page there is no row to carry the count: ask for it alone.
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(users).where(and(...conditions));
  return { rows: [], total: counted?.total ?? 0 };
}

export async function findLiveUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live));
  return row;
}

/** Of these lower-cased usernames, the ones a live account already has. */
export async function takenUsernames(db: DbOrTx, lowerNames: string[]): Promise<Set<string>> {
  if (lowerNames.length === 0) return new Set();
  const rows = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, lowerNames), live));
  return new Set(rows.map((r) => r.name));
}

export async function insertUsers(db: DbOrTx, values: NewUser[]): Promise<UserRow[]> {
  return db.insert(users).values(values).returning();
}

export async function updateUser(db: DbOrTx, id: number, changes: UserChanges & { isTemporaryPassword?: boolean; passwordHash?: string }) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, id), live))
    .returning();
  return row;
}

export async function softDeleteUser(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(users)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, id), live));
}

/**
 * Locks every live admin row until the transaction ends and returns their ids. Two
 * admins removing each other at the same moment queue here, and the second sees the
 * first one's change, so the last admin can never be removed (PostgreSQL re-checks
 * the WHERE of a locked row that changed).
 */
export async function lockLiveAdmins(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), live))
    .for('update');
  return rows.map((r) => r.id);
}

/** True when the error is the live-username unique index refusing a duplicate. */
export function isUsernameConflict(error: unknown): boolean {
  const pgError = (error as { cause?: unknown })?.cause ?? error;
  const e = pgError as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'users_username_live_idx';
}
