import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { systemSettings } from '../../db/schema';

export async function listSettings(db: DbOrTx) {
  return db.select().from(systemSettings).orderBy(asc(systemSettings.key));
}

export async function putSetting(db: DbOrTx, key: string, value: string | null): Promise<void> {
  const updatedAt = new Date();
  await db
    .insert(systemSettings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt } });
}
