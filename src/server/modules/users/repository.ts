import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Pick<NewUser, 'role' | 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'storeName' | 'storeAddress'>>;

const live = isNull(users.deletedAt);

export async function listLiveUsers(db: DbOrTx): Promise<UserRow[]> {
  return db.select().from(users).where(live).orderBy(asc(sql`lower(${users.username})`), asc(users.id));
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
