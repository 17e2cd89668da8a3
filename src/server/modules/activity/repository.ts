import type { DbOrTx } from '../../db/client';
import { activityLogs } from '../../db/schema';

export type NewActivity = typeof activityLogs.$inferInsert;

export async function insertActivity(db: DbOrTx, entry: NewActivity): Promise<void> {
  await db.insert(activityLogs).values(entry);
}
