import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, repAssignments, users } from '../../db/schema';

/*
 * Rep assignments (migration 0042, docs/decisions/0235): which salespeople order for which companies.
 * The auth module's session read checks the same table live; its trigger drops cached sessions.
 */

const assigner = alias(users, 'assigner');

export async function repsOf(db: DbOrTx, companyId: number) {
  return db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      assignedAt: repAssignments.assignedAt,
      assignerUsername: assigner.username,
      assignerFirstName: assigner.firstName,
      assignerLastName: assigner.lastName,
    })
    .from(repAssignments)
    .innerJoin(users, and(eq(users.id, repAssignments.userId), isNull(users.deletedAt)))
    .leftJoin(assigner, eq(assigner.id, repAssignments.assignedByUserId))
    .where(eq(repAssignments.companyId, companyId))
    .orderBy(sql`lower(${users.username})`);
}

/** Assigns; true when the row is new (assigning twice changes nothing). */
export async function insertAssignment(db: DbOrTx, values: { userId: number; companyId: number; assignedByUserId: number | null }): Promise<boolean> {
  const rows = await db.insert(repAssignments).values(values).onConflictDoNothing().returning({ userId: repAssignments.userId });
  return rows.length > 0;
}

/** Removes; true when there was one. Its trigger tells every server to re-read the rep's sessions. */
export async function deleteAssignment(db: DbOrTx, userId: number, companyId: number): Promise<boolean> {
  const rows = await db
    .delete(repAssignments)
    .where(and(eq(repAssignments.userId, userId), eq(repAssignments.companyId, companyId)))
    .returning({ userId: repAssignments.userId });
  return rows.length > 0;
}

const companyColumns = { id: companies.id, name: companies.name, accountNumber: companies.accountNumber, status: companies.status };

/** The companies a salesperson is assigned to, by name. */
export async function assignedCompanies(db: DbOrTx, userId: number) {
  return db
    .select(companyColumns)
    .from(repAssignments)
    .innerJoin(companies, eq(companies.id, repAssignments.companyId))
    .where(eq(repAssignments.userId, userId))
    .orderBy(sql`lower(${companies.name})`, asc(companies.id));
}

/** An admin's picker: any company, searched by name or account number, the first `limit` by name. */
export async function searchCompanies(db: DbOrTx, q: string | undefined, limit: number) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select(companyColumns)
    .from(companies)
    .where(pattern ? or(ilike(companies.name, pattern), ilike(companies.accountNumber, pattern)) : undefined)
    .orderBy(sql`lower(${companies.name})`, asc(companies.id))
    .limit(limit);
}

/** A live account by id, for checking that an assignment names a salesperson. */
export async function findLiveAccount(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** A live salesperson by username (ignoring case), for the assignments upload. */
export async function findSalespersonByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)));
  return row;
}
