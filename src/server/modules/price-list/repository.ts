import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceListAssignments, priceListEntries, priceLists, priceListVersion } from '../../db/schema';

/*
 * The price-list module's SQL (docs/decisions/0231-price-list-files-diff-and-version.md). It writes
 * only its own tables (db/schema/price-list.ts); product names and base prices, and company names,
 * are read in its own statements by name (the products and companies tables are not imported).
 */

export type PriceListRow = typeof priceLists.$inferSelect;

/** One entry row: a SKU's price from a minimum quantity. */
export interface EntryRow {
  productId: number;
  minQuantity: number;
  price: string;
}

const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
/** Codes are letters, digits, dots, dashes and underscores (PRICE_LIST_CODE), so quoting is enough. */
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;

/** Bumped in the transaction of every change to lists, entries or assignments (pricesVersion). */
export async function bumpVersion(tx: DbOrTx): Promise<void> {
  await tx.update(priceListVersion).set({ version: sql`${priceListVersion.version} + 1`, updatedAt: sql`now()` }).where(eq(priceListVersion.id, 1));
}

/**
 * The prices version: the module's counter and the newest company edit (a company's price group is
 * edited by the companies module, which bumps companies.updated_at), in one statement of two
 * index reads.
 */
export async function readPricesVersion(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    SELECT coalesce((SELECT version FROM price_list_version WHERE id = 1), 0)::text || '.' ||
           coalesce((SELECT floor(extract(epoch FROM max(updated_at)) * 1000000)::bigint FROM companies), 0)::text AS version`);
  return result.rows[0]?.version ?? '0.0';
}

interface ListWithCounts extends Record<string, unknown> {
  id: number;
  code: string;
  name: string;
  valid_from: string | null;
  valid_to: string | null;
  updated_at: Date | string;
  entry_count: number;
  sku_count: number;
  assignment_count: number;
  total: number;
}

export interface ListSummary {
  id: number;
  code: string;
  name: string;
  validFrom: string | null;
  validTo: string | null;
  updatedAt: Date;
  entryCount: number;
  skuCount: number;
  assignmentCount: number;
}

const summaryOf = (row: ListWithCounts): ListSummary => ({
  id: row.id,
  code: row.code,
  name: row.name,
  validFrom: row.valid_from,
  validTo: row.valid_to,
  updatedAt: new Date(row.updated_at),
  entryCount: Number(row.entry_count),
  skuCount: Number(row.sku_count),
  assignmentCount: Number(row.assignment_count),
});

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of lists by code, searched in code and name, with their counts (only the page's lists are counted). */
export async function listPage(db: DbOrTx, options: { search?: string; limit: number; offset: number; ids?: readonly number[] }): Promise<{ rows: ListSummary[]; total: number }> {
  const search = options.search ? likePattern(options.search) : null;
  const result = await db.execute<ListWithCounts>(sql`
    WITH matching AS (
      SELECT l.*, count(*) OVER () AS total FROM price_lists l
      WHERE (${search}::text IS NULL OR l.code ILIKE ${search} OR l.name ILIKE ${search})
        ${options.ids ? sql`AND l.id = ANY(${intArray(options.ids)})` : sql``}
      ORDER BY lower(l.code) LIMIT ${options.limit} OFFSET ${options.offset}
    )
    SELECT m.id, m.code, m.name, m.valid_from::text AS valid_from, m.valid_to::text AS valid_to, m.updated_at, m.total,
           (SELECT count(*) FROM price_list_entries e WHERE e.price_list_id = m.id) AS entry_count,
           (SELECT count(DISTINCT e.product_id) FROM price_list_entries e WHERE e.price_list_id = m.id) AS sku_count,
           (SELECT count(*) FROM price_list_assignments a WHERE a.price_list_id = m.id) AS assignment_count
    FROM matching m ORDER BY lower(m.code)`);
  if (result.rows.length === 0 && options.offset > 0) {
    const [row] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM price_lists l WHERE (${search}::text IS NULL OR l.code ILIKE ${search} OR l.name ILIKE ${search})`)).rows;
    return { rows: [], total: Number(row?.n ?? 0) };
  }
  return { rows: result.rows.map(summaryOf), total: Number(result.rows[0]?.total ?? 0) };
}

export async function findListById(db: DbOrTx, id: number, lock = false): Promise<PriceListRow | undefined> {
  const query = db.select().from(priceLists).where(eq(priceLists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findListByCode(db: DbOrTx, code: string, lock = false): Promise<PriceListRow | undefined> {
  const query = db.select().from(priceLists).where(sql`lower(${priceLists.code}) = lower(${code})`);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The lists of these codes (ignoring case), locked when asked, keyed by the lower-case code. */
export async function listsByCodes(db: DbOrTx, codes: readonly string[], lock = false): Promise<Map<string, PriceListRow>> {
  if (codes.length === 0) return new Map();
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  const query = db.select().from(priceLists).where(sql`lower(${priceLists.code}) = ANY(${textArray(lower)})`).orderBy(asc(priceLists.id));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.code.toLowerCase(), row]));
}

export interface ListHeader {
  code: string;
  name: string;
  validFrom: string | null;
  validTo: string | null;
}

export async function insertList(tx: DbOrTx, header: ListHeader): Promise<PriceListRow> {
  const [row] = await tx.insert(priceLists).values(header).returning();
  return row!;
}

export async function updateList(tx: DbOrTx, id: number, header: Partial<ListHeader>): Promise<PriceListRow | undefined> {
  const [row] = await tx
    .update(priceLists)
    .set({ ...header, updatedAt: sql`now()` })
    .where(eq(priceLists.id, id))
    .returning();
  return row;
}

/** Marks lists changed (their entries or assignments moved). */
export async function touchLists(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`UPDATE price_lists SET updated_at = now() WHERE id = ANY(${intArray(ids)})`);
}

export async function deleteList(tx: DbOrTx, id: number): Promise<PriceListRow | undefined> {
  const [row] = await tx.delete(priceLists).where(eq(priceLists.id, id)).returning();
  return row;
}

/** Every entry row of some lists, by list. */
export async function entriesOf(db: DbOrTx, listIds: readonly number[]): Promise<Map<number, EntryRow[]>> {
  const byList = new Map<number, EntryRow[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const result = await db.execute<{ l: number; p: number; m: number; price: string }>(sql`
    SELECT price_list_id AS l, product_id AS p, min_quantity AS m, price::text AS price
    FROM price_list_entries WHERE price_list_id = ANY(${intArray(listIds)})`);
  for (const row of result.rows) byList.get(row.l)!.push({ productId: row.p, minQuantity: row.m, price: row.price });
  return byList;
}

/** One SKU's entry rows in one list, lowest minimum first. */
export async function entriesOfSku(db: DbOrTx, listId: number, productId: number): Promise<EntryRow[]> {
  return db
    .select({ productId: priceListEntries.productId, minQuantity: priceListEntries.minQuantity, price: sql<string>`${priceListEntries.price}::text` })
    .from(priceListEntries)
    .where(and(eq(priceListEntries.priceListId, listId), eq(priceListEntries.productId, productId)))
    .orderBy(asc(priceListEntries.minQuantity));
}

/** What a preview compared against: a digest of the lists' entries (the confirm checks it again under the lists' locks). */
export async function entriesDigest(db: DbOrTx, listIds: readonly number[]): Promise<string> {
  if (listIds.length === 0) return 'none';
  const result = await db.execute<{ digest: string | null }>(sql`
    SELECT md5(string_agg(price_list_id || ':' || product_id || ':' || min_quantity || ':' || price::text, ',' ORDER BY price_list_id, product_id, min_quantity)) AS digest
    FROM price_list_entries WHERE price_list_id = ANY(${intArray(listIds)})`);
  return `${[...listIds].sort((a, b) => a - b).join(',')}/${result.rows[0]?.digest ?? 'empty'}`;
}

/**
 * Writes exactly the rows that differ (docs/decisions/0231): deletes by key, inserts the new keys,
 * updates the changed prices; each statement touches only its rows, whatever the list's size.
 */
export async function writeEntryChanges(
  tx: DbOrTx,
  listId: number,
  change: { added: readonly EntryRow[]; changed: readonly EntryRow[]; removed: readonly Pick<EntryRow, 'productId' | 'minQuantity'>[] },
): Promise<void> {
  const chunks = <T>(rows: readonly T[], size = 20_000): T[][] => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));
  for (const part of chunks(change.removed)) {
    await tx.execute(sql`
      DELETE FROM price_list_entries e USING unnest(${intArray(part.map((r) => r.productId))}, ${intArray(part.map((r) => r.minQuantity))}) AS k(p, m)
      WHERE e.price_list_id = ${listId} AND e.product_id = k.p AND e.min_quantity = k.m`);
  }
  for (const part of chunks(change.changed)) {
    await tx.execute(sql`
      UPDATE price_list_entries e SET price = k.price, updated_at = now()
      FROM unnest(${intArray(part.map((r) => r.productId))}, ${intArray(part.map((r) => r.minQuantity))}, ${`{${part.map((r) => r.price).join(',')}}`}::numeric[]) AS k(p, m, price)
      WHERE e.price_list_id = ${listId} AND e.product_id = k.p AND e.min_quantity = k.m AND e.price <> k.price`);
  }
  for (const part of chunks(change.added)) {
    await tx.execute(sql`
      INSERT INTO price_list_entries (price_list_id, product_id, min_quantity, price)
      SELECT ${listId}, k.p, k.m, k.price
      FROM unnest(${intArray(part.map((r) => r.productId))}, ${intArray(part.map((r) => r.minQuantity))}, ${`{${part.map((r) => r.price).join(',')}}`}::numeric[]) AS k(p, m, price)`);
  }
}

export interface EntriesPageRow {
  sku: number;
  name: string | null;
  basePrice: string | null;
  breaks: { minQuantity: number; price: string }[];
}

/** A page of a list's SKUs (by SKU), searched by SKU prefix or product name, each with its breaks. */
export async function entriesPage(db: DbOrTx, listId: number, options: { search?: string; limit: number; offset: number }): Promise<{ rows: EntriesPageRow[]; total: number }> {
  const search = options.search?.trim() || null;
  const pattern = search ? likePattern(search) : null;
  const skuPrefix = search && /^\d+$/.test(search) ? `${search}%` : null;
  const result = await db.execute<{ sku: number; name: string | null; base_price: string | null; breaks: { minQuantity: number; price: string }[]; total: number }>(sql`
    WITH skus AS (
      SELECT e.product_id, p.name, p.price::text AS base_price, count(*) OVER () AS total
      FROM (SELECT DISTINCT product_id FROM price_list_entries WHERE price_list_id = ${listId}) e
      LEFT JOIN products p ON p.id = e.product_id
      WHERE ${search}::text IS NULL OR e.product_id::text LIKE ${skuPrefix ?? ''} OR p.name ILIKE ${pattern ?? ''}
      ORDER BY e.product_id LIMIT ${options.limit} OFFSET ${options.offset}
    )
    SELECT s.product_id AS sku, s.name, s.base_price, s.total,
           (SELECT json_agg(json_build_object('minQuantity', x.min_quantity, 'price', x.price::text) ORDER BY x.min_quantity)
              FROM price_list_entries x WHERE x.price_list_id = ${listId} AND x.product_id = s.product_id) AS breaks
    FROM skus s ORDER BY s.product_id`);
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && options.offset > 0) total = -1;
  return {
    rows: result.rows.map((r) => ({ sku: r.sku, name: r.name, basePrice: r.base_price, breaks: r.breaks ?? [] })),
    total,
  };
}

export interface ProductFact {
  id: number;
  name: string;
  price: string | null;
}

/** The catalogue's SKUs among these ids, with name and base price (null = CALL). */
export async function productFacts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ProductFact>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: number; name: string; price: string | null }>(sql`
    SELECT id, name, price::text AS price FROM products WHERE id = ANY(${intArray(ids)})`);
  return new Map(result.rows.map((r) => [r.id, r]));
}

export type AssignmentRow = typeof priceListAssignments.$inferSelect & { companyName: string | null; accountNumber: string | null };

export async function assignmentsOf(db: DbOrTx, listId: number): Promise<AssignmentRow[]> {
  const result = await db.execute<{ id: number; price_list_id: number; company_id: number | null; price_group: string | null; priority: number; created_at: Date; company_name: string | null; account_number: string | null }>(sql`
    SELECT a.id, a.price_list_id, a.company_id, a.price_group, a.priority, a.created_at, c.name AS company_name, c.account_number
    FROM price_list_assignments a LEFT JOIN companies c ON c.id = a.company_id
    WHERE a.price_list_id = ${listId}
    ORDER BY a.priority DESC, (a.company_id IS NULL), lower(coalesce(c.name, a.price_group)), a.id`);
  return result.rows.map((r) => ({
    id: r.id,
    priceListId: r.price_list_id,
    companyId: r.company_id,
    priceGroup: r.price_group,
    priority: r.priority,
    createdAt: new Date(r.created_at),
    companyName: r.company_name,
    accountNumber: r.account_number,
  }));
}

/** Assigns a list to a company or a price group; the same target again takes the new priority. */
export async function upsertAssignment(tx: DbOrTx, listId: number, target: { companyId: number } | { priceGroup: string }, priority: number): Promise<number> {
  const existing = await tx
    .select({ id: priceListAssignments.id })
    .from(priceListAssignments)
    .where(
      and(
        eq(priceListAssignments.priceListId, listId),
        'companyId' in target ? eq(priceListAssignments.companyId, target.companyId) : eq(priceListAssignments.priceGroup, target.priceGroup),
      ),
    )
    .for('update');
  if (existing[0]) {
    await tx.update(priceListAssignments).set({ priority }).where(eq(priceListAssignments.id, existing[0].id));
    return existing[0].id;
  }
  const [row] = await tx
    .insert(priceListAssignments)
    .values({ priceListId: listId, priority, ...('companyId' in target ? { companyId: target.companyId } : { priceGroup: target.priceGroup }) })
    .returning({ id: priceListAssignments.id });
  return row!.id;
}

export async function deleteAssignment(tx: DbOrTx, listId: number, assignmentId: number): Promise<boolean> {
  const rows = await tx
    .delete(priceListAssignments)
    .where(and(eq(priceListAssignments.id, assignmentId), eq(priceListAssignments.priceListId, listId)))
    .returning({ id: priceListAssignments.id });
  return rows.length > 0;
}

export interface CompanyFact extends Record<string, unknown> {
  id: number;
  name: string;
  account_number: string | null;
  price_group: string | null;
}

export async function companyFact(db: DbOrTx, companyId: number): Promise<CompanyFact | undefined> {
  const result = await db.execute<CompanyFact>(sql`SELECT id, name, account_number, price_group FROM companies WHERE id = ${companyId}`);
  return result.rows[0];
}

/** Companies for the assignment picker, by name, searched in name and account number. */
export async function companyChoices(db: DbOrTx, search: string | undefined, limit = 20): Promise<CompanyFact[]> {
  const pattern = search ? likePattern(search) : null;
  const result = await db.execute<CompanyFact>(sql`
    SELECT id, name, account_number, price_group FROM companies
    WHERE ${pattern}::text IS NULL OR name ILIKE ${pattern} OR account_number ILIKE ${pattern}
    ORDER BY lower(name), id LIMIT ${limit}`);
  return result.rows;
}

/** Whether any list is assigned to the company, directly or through its price group. */
export async function companyHasLists(db: DbOrTx, companyId: number): Promise<boolean> {
  const result = await db.execute<{ yes: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM price_list_assignments a
      WHERE a.company_id = ${companyId}
         OR a.price_group = (SELECT c.price_group FROM companies c WHERE c.id = ${companyId})
    ) AS yes`);
  return result.rows[0]?.yes === true;
}
