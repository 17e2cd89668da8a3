import { asc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { closedDays } from '../../db/schema';

const view = { day: closedDays.day, name: closedDays.name };

/** Closed days from `from` on (all when omitted), in date order. */
export async function listClosedDays(db: DbOrTx, from?: string) {
  return db
    .select(view)
    .from(closedDays)
    .where(from ? gte(closedDays.day, from) : undefined)
    .orderBy(asc(closedDays.day));
}

/** False when the day is already in the list. */
export async function insertClosedDay(db: DbOrTx, values: { day: string; name: string; createdBy: number }): Promise<boolean> {
  const rows = await db.insert(closedDays).values(values).onConflictDoNothing().returning({ day: closedDays.day });
  return rows.length > 0;
}

export async function deleteClosedDay(db: DbOrTx, day: string) {
  const rows = await db.delete(closedDays).where(eq(closedDays.day, day)).returning(view);
  return rows[0];
}
