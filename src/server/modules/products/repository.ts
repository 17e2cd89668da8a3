import { asc, count, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, systemSettings } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

/**
 * A token that changes in the same transaction as any change to products, so
 * every app server can tell with one indexed read whether its cached catalogue
 * is current (docs/decisions/0010).
 */
export const CATALOGUE_VERSION = 'catalogue_version';

export async function listProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.id));
}

export async function readCatalogueVersion(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, CATALOGUE_VERSION))
    .limit(1);
  return row?.value ?? null;
}

/** Creates the version row if there is none yet; an existing one is left alone. */
export async function initCatalogueVersion(db: DbOrTx, token: string): Promise<void> {
  await db.insert(systemSettings).values({ key: CATALOGUE_VERSION, value: token }).onConflictDoNothing({ target: systemSettings.key });
}

/** A version made from the data itself, for a database whose version row has gone missing. */
export async function derivedCatalogueVersion(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ n: count(), latest: max(products.updatedAt) }).from(products);
  return `derived-${row?.n ?? 0}-${row?.latest?.getTime() ?? 0}`;
}
