import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { systemSettings } from '../../db/schema';

export async function listSettings(db: DbOrTx) {
  return db.select().from(systemSettings).orderBy(asc(systemSettings.key));
}

export async function readSetting(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key)).limit(1);
  return row?.value ?? null;
}

export async function insertSettingIfMissing(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.insert(systemSettings).values({ key, value }).onConflictDoNothing({ target: systemSettings.key });
}

export async function putSetting(db: DbOrTx, key: string, value: string | null): Promise<void> {
  const updatedAt = new Date();
  await db
    .insert(systemSettings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt } });
}
