import type { MerchandiseRowValue } from '@common/domain/merchandise-import';
import type { MerchandiseType } from '@common/domain/cart-rules';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { merchandise } from '../../db/schema';

const columns = {
  id: merchandise.id,
  type: merchandise.type,
  code: merchandise.code,
  name: merchandise.name,
  description: merchandise.description,
  line: merchandise.line,
  category: merchandise.category,
  handboardType: merchandise.handboardType,
  price: merchandise.price,
};

/** One type's active items (what salespeople see) in the order the screen groups them: category or line, then name. */
export async function listByType(db: DbOrTx, type: MerchandiseType) {
  const rows = await db
    .select(columns)
    .from(merchandise)
    .where(and(eq(merchandise.type, type), eq(merchandise.active, true)))
    .orderBy(
      asc(sql`coalesce(${merchandise.category}, '')`),
      asc(sql`coalesce(${merchandise.line}, '')`),
      asc(merchandise.name),
      asc(merchandise.code),
    );
  return rows.map((row) => ({ ...row, type }));
}

/** The codes among `codes` that exist for `type`; `activeOnly` leaves out deactivated items (docs/decisions/0131). */
export async function existingKeys(db: DbOrTx, type: MerchandiseType, codes: string[], activeOnly = false): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: merchandise.code })
    .from(merchandise)
    .where(and(eq(merchandise.type, type), inArray(merchandise.code, codes), activeOnly ? eq(merchandise.active, true) : undefined));
  return new Set(rows.map((r) => r.code));
}

/** Every item, deactivated ones too, for Manage Merchandise: by type, then code. */
export async function listAll(db: DbOrTx) {
  return db
    .select({ ...columns, active: merchandise.active })
    .from(merchandise)
    .orderBy(asc(merchandise.type), asc(merchandise.code));
}

export async function findById(db: DbOrTx, id: number, options: { lock?: boolean } = {}) {
  const query = db.select({ ...columns, active: merchandise.active }).from(merchandise).where(eq(merchandise.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateById(db: DbOrTx, id: number, values: Omit<MerchandiseRowValue, 'type' | 'code'>) {
  const [row] = await db
    .update(merchandise)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(merchandise.id, id))
    .returning({ ...columns, active: merchandise.active });
  return row;
}

export async function deleteById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(merchandise).where(eq(merchandise.id, id));
}

export async function deactivateById(db: DbOrTx, id: number): Promise<void> {
  await db.update(merchandise).set({ active: false, updatedAt: sql`now()` }).where(eq(merchandise.id, id));
}

/** Inserts new codes and overwrites existing ones, in batches; the caller holds the transaction. */
export async function upsert(tx: DbOrTx, rows: MerchandiseRowValue[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(merchandise)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [merchandise.type, merchandise.code],
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          line: sql`excluded.line`,
          category: sql`excluded.category`,
          handboardType: sql`excluded.handboard_type`,
          price: sql`excluded.price`,
          // Uploading a deactivated code again lists it again.
          active: true,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** What a cart shows of some entries, in the order a cart lists them: line, category, name, code. */
export async function findEntries(db: DbOrTx, keys: readonly { type: MerchandiseType; code: string }[]) {
  if (keys.length === 0) return [];
  const byType = new Map<MerchandiseType, string[]>();
  for (const key of keys) byType.set(key.type, [...(byType.get(key.type) ?? []), key.code]);
  return db
    .select({
      type: merchandise.type,
      code: merchandise.code,
      name: merchandise.name,
      description: merchandise.description,
      line: merchandise.line,
      category: merchandise.category,
      handboardType: merchandise.handboardType,
    })
    .from(merchandise)
    .where(or(...[...byType].map(([type, codes]) => and(eq(merchandise.type, type), inArray(merchandise.code, codes)))))
    .orderBy(asc(merchandise.line), asc(merchandise.category), asc(merchandise.name), asc(merchandise.code));
}

export type MerchandiseEntryRow = Awaited<ReturnType<typeof findEntries>>[number];

/**
 * What a workbook preview saw, as one digest of every item, every field, in a fixed order
 * (docs/decisions/0214, as the lots files' digest, ADR 0196): the confirm computes it again under
 * the table lock and applies only when it is the same. A row's text form tells NULL from ''.
 */
export async function merchandiseDigest(db: DbOrTx): Promise<string> {
  const result = await db.execute(sql`
    select md5(coalesce(string_agg((type, code, name, description, line, category, handboard_type, price, active)::text, E'\n' order by type, code), '')) as digest
    from merchandise`);
  return String((result.rows[0] as { digest: string }).digest);
}

/** The confirm holds writers off until it commits: nothing changes between its digest and its upsert. */
export async function lockMerchandise(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table merchandise in share row exclusive mode`);
}
