import type { StockCsvColumn } from '@common/contracts/stock';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { StockRow } from './row-rules';

/**
 * The stock import stages the file's rows in a temporary table (one multi-row
 * insert per batch), then merges them into products with a handful of set-based
 * statements: 50,000 rows cost about 60 statements, not 50,000.
 */

/** Product columns and their staging types, by CSV field. */
const COLUMNS: Record<Exclude<StockCsvColumn, 'id'>, { column: string; type: string }> = {
  name: { column: 'name', type: 'text' },
  collection: { column: 'collection', type: 'text' },
  line: { column: 'line', type: 'text' },
  size: { column: 'size', type: 'text' },
  color: { column: 'color', type: 'text' },
  finish: { column: 'finish', type: 'text' },
  soldBy: { column: 'sold_by', type: 'text' },
  description: { column: 'description', type: 'text' },
  price: { column: 'price', type: 'numeric(12,2)' },
  imageUrl: { column: 'image_url', type: 'text' },
  stockLevel: { column: 'stock_level', type: 'text' },
  coverage: { column: 'coverage', type: 'text' },
  pricePerSqft: { column: 'price_per_sqft', type: 'numeric(12,2)' },
  quantityOnOrder: { column: 'quantity_on_order', type: 'integer' },
};
type Field = keyof typeof COLUMNS;
const FIELDS = Object.keys(COLUMNS) as Field[];
// `row` and `blanks` (the row's blank cells, comma separated) are for the preview's warnings (docs/decisions/0211).
const tableColumns = ['id integer', ...FIELDS.map((f) => `${COLUMNS[f].column} ${COLUMNS[f].type}`), 'row integer', 'blanks text'].join(', ');

export async function createStagingTable(tx: Tx): Promise<void> {
  await tx.execute(sql.raw(`create temporary table stock_import (${tableColumns}, primary key (id)) on commit drop`));
}

/** One array parameter per column: PostgreSQL reads 1,000 rows from 15 parameters. */
export async function stageRows(tx: Tx, rows: readonly StockRow[]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = [
    sql`${sql.param(rows.map((r) => r.id))}::integer[]`,
    ...FIELDS.map((f) => sql`${sql.param(rows.map((r) => r[f]))}::${sql.raw(COLUMNS[f].type)}[]`),
    sql`${sql.param(rows.map((r) => r.row))}::integer[]`,
    sql`${sql.param(rows.map((r) => r.blanks.join(',')))}::text[]`,
  ];
  await tx.execute(sql`insert into stock_import select * from unnest(${sql.join(arrays, sql`, `)})`);
}

/** One import at a time: two admins uploading at once would otherwise interleave their merges. */
export async function lockStockImport(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stock_import'))`);
}

/**
 * Updates existing products from the staged rows, only the fields whose column
 * is in the file, and only rows where something differs (so updated_at and the
 * counts mean real changes). A blank name keeps the product's name.
 */
export async function updateExisting(tx: Tx, present: ReadonlySet<StockCsvColumn>, now: Date): Promise<UpdatedProduct[]> {
  const fields = FIELDS.filter((f) => present.has(f));
  if (fields.length === 0) return [];
  const value = (f: Field): SQL =>
    f === 'name' ? sql.raw('coalesce(s.name, p.name)') : sql.raw(`s.${COLUMNS[f].column}`);
  const assignments = sql.join(
    fields.map((f) => sql`${sql.raw(COLUMNS[f].column)} = ${value(f)}`),
    sql`, `,
  );
  const before = sql.join(fields.map((f) => sql.raw(`p.${COLUMNS[f].column}`)), sql`, `);
  const after = sql.join(fields.map(value), sql`, `);
  // What changed, for the webhook events (ADR 0184): `o` is the same row as it was before this
  // statement (a join reads the statement's snapshot), `p` in RETURNING as it is now.
  const changed = (alias: 'o' | 'p', list: Field[]) => sql.raw(`row(${list.map((f) => `${alias}.${COLUMNS[f].column}`).join(', ')})`);
  const others = fields.filter((f) => f !== 'stockLevel');
  const stockChanged = fields.includes('stockLevel') ? sql`o.stock_level is distinct from p.stock_level` : sql`false`;
  const otherChanged = others.length > 0 ? sql`${changed('o', others)} is distinct from ${changed('p', others)}` : sql`false`;
  const result = await tx.execute<UpdatedProduct>(sql`
    update products p set ${assignments}, updated_at = ${now}
    from stock_import s join products o on o.id = s.id
    where p.id = s.id and (${before}) is distinct from (${after})
    returning p.id, p.stock_level as "stockLevel", ${stockChanged} as "stockChanged", ${otherChanged} as "otherChanged"`);
  return result.rows.sort((a, b) => a.id - b.id);
}

/** A product an upload changed, and which kind of change it was. */
export type UpdatedProduct = {
  id: number;
  stockLevel: string;
  stockChanged: boolean;
  otherChanged: boolean;
};

/** Inserts the staged rows that are new products; columns missing from the file get the spec's defaults. Answers them by SKU. */
export async function insertNew(tx: Tx, now: Date): Promise<{ id: number; stockLevel: string }[]> {
  // A new product with no name is named from what describes it, else "SKU n".
  const derivedName = sql.raw(`coalesce(s.name, nullif(concat_ws(' ', s.line, s.size, s.color, s.finish), ''), 'SKU ' || s.id)`);
  const columns = FIELDS.map((f) => COLUMNS[f].column);
  const values = FIELDS.map((f) => (f === 'name' ? derivedName : sql.raw(`s.${COLUMNS[f].column}`)));
  const result = await tx.execute(sql`
    insert into products (id, ${sql.raw(columns.join(', '))}, updated_at)
    select s.id, ${sql.join(values, sql`, `)}, ${now}
    from stock_import s
    where not exists (select 1 from products p where p.id = s.id)
    order by s.id
    returning id, stock_level as "stockLevel"`);
  return (result.rows as { id: number; stockLevel: string }[]).sort((a, b) => a.id - b.id);
}

/** SKUs in the catalogue that the file did not mention. */
export async function missingProductIds(tx: Tx): Promise<number[]> {
  const result = await tx.execute(sql`
    select p.id from products p
    where not exists (select 1 from stock_import s where s.id = p.id)
    order by p.id`);
  return (result.rows as { id: number }[]).map((r) => r.id);
}

/** What mode=replace would remove: the products the file does not mention, with their names, by SKU. */
export async function missingProducts(tx: Tx): Promise<{ id: number; name: string }[]> {
  const result = await tx.execute(sql`
    select p.id, p.name from products p
    where not exists (select 1 from stock_import s where s.id = p.id)
    order by p.id`);
  return result.rows as { id: number; name: string }[];
}

/** mode=replace: removes products the file did not mention (the caller has taken them out of carts). */
export async function deleteMissingProducts(tx: Tx): Promise<number[]> {
  const result = await tx.execute(sql`
    delete from products p
    where not exists (select 1 from stock_import s where s.id = p.id)
    returning p.id`);
  return (result.rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
}

/** The SKUs of the list that are not in the catalogue. */
export async function unknownProductIds(tx: Tx, ids: readonly number[]): Promise<number[]> {
  const result = await tx.execute(sql`
    select i.id from unnest(${sql.param(ids)}::integer[]) as i(id)
    where not exists (select 1 from products p where p.id = i.id)
    order by i.id`);
  return (result.rows as { id: number }[]).map((r) => r.id);
}

/** Sets stock levels by SKU in one statement; answers the SKUs whose level really changed. */
export async function setStockLevels(tx: Tx, levels: readonly { id: number; stockLevel: string }[], now: Date): Promise<number[]> {
  const result = await tx.execute(sql`
    update products p set stock_level = l.level, updated_at = ${now}
    from unnest(${sql.param(levels.map((l) => l.id))}::integer[], ${sql.param(levels.map((l) => l.stockLevel))}::text[]) as l(id, level)
    where p.id = l.id and p.stock_level is distinct from l.level
    returning p.id`);
  return (result.rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
}

/** The staged rows that would update a product, with every present field's text before and after (ADR 0191). */
export async function previewChanges(
  tx: Tx,
  present: ReadonlySet<StockCsvColumn>,
  limit: number,
): Promise<{ total: number; rows: { id: number; name: string; before: (string | null)[]; after: (string | null)[]; fields: string[] }[] }> {
  const fields = FIELDS.filter((f) => present.has(f));
  if (fields.length === 0) return { total: 0, rows: [] };
  const value = (f: Field): SQL => (f === 'name' ? sql.raw('coalesce(s.name, p.name)') : sql.raw(`s.${COLUMNS[f].column}`));
  const before = sql.join(fields.map((f) => sql.raw(`p.${COLUMNS[f].column}`)), sql`, `);
  const after = sql.join(fields.map(value), sql`, `);
  const beforeText = sql.join(fields.map((f) => sql`${sql.raw(`p.${COLUMNS[f].column}`)}::text`), sql`, `);
  const afterText = sql.join(fields.map((f) => sql`(${value(f)})::text`), sql`, `);
  const result = await tx.execute(sql`
    select p.id, p.name, array[${beforeText}] as before, array[${afterText}] as after, count(*) over () as total
    from products p join stock_import s on s.id = p.id
    where (${before}) is distinct from (${after})
    order by p.id
    limit ${limit}`);
  const rows = result.rows as { id: number; name: string; before: (string | null)[]; after: (string | null)[]; total: string | number }[];
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map((r) => ({ id: r.id, name: r.name, before: r.before, after: r.after, fields })) };
}

/** Staged rows that are not yet products: what the upload would add. */
export async function previewCreated(tx: Tx, limit: number): Promise<{ total: number; rows: { id: number; name: string }[] }> {
  const result = await tx.execute(sql`
    select s.id, coalesce(s.name, nullif(concat_ws(' ', s.line, s.size, s.color, s.finish), ''), 'SKU ' || s.id) as name, count(*) over () as total
    from stock_import s
    where not exists (select 1 from products p where p.id = s.id)
    order by s.id
    limit ${limit}`);
  const rows = result.rows as { id: number; name: string; total: string | number }[];
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map((r) => ({ id: r.id, name: r.name })) };
}

/** One warning of the preview about an existing product (docs/decisions/0211), before the stock file is applied. */
export interface FieldWarningRow {
  kind: 'cleared' | 'priceWithoutSqft';
  row: number;
  sku: number;
  field: string;
  before: string | null;
  after: string | null;
  /** priceWithoutSqft: the price per sq ft that stays. */
  pricePerSqft: string | null;
}

/**
 * What the staged file would do to existing products without saying so: every field a blank
 * cell would clear (or reset to the spec's default), and every box price changed while its price
 * per sq ft stays. Counted in full, listed in row order up to `limit`. Two set-based statements.
 */
export async function fieldWarnings(
  tx: Tx,
  present: ReadonlySet<StockCsvColumn>,
  limit: number,
): Promise<{ total: number; rows: FieldWarningRow[] }> {
  const cleared = await clearedFields(tx, present, limit);
  const prices = await pricesWithoutSqft(tx, present, limit);
  // A stable sort: one row's cleared fields keep the file's column order.
  const rows = [...cleared.rows, ...prices.rows].sort((a, b) => a.row - b.row).slice(0, limit);
  return { total: cleared.total + prices.total, rows };
}

async function clearedFields(tx: Tx, present: ReadonlySet<StockCsvColumn>, limit: number) {
  const fields = FIELDS.filter((f) => f !== 'name' && present.has(f));
  if (fields.length === 0) return { total: 0, rows: [] as FieldWarningRow[] };
  const pairs = sql.join(
    fields.map((f, i) => sql`(${sql.raw(String(i))}, ${f}, ${sql.raw(`p.${COLUMNS[f].column}::text`)}, ${sql.raw(`s.${COLUMNS[f].column}::text`)})`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select s.row, s.id as sku, x.field, x.before, x.after, count(*) over () as total
    from stock_import s join products p on p.id = s.id
    cross join lateral (values ${pairs}) as x(ord, field, before, after)
    where s.blanks <> '' and x.field = any(string_to_array(s.blanks, ',')) and x.before is distinct from x.after
    order by s.row, x.ord
    limit ${limit}`);
  const rows = result.rows as { row: number; sku: number; field: string; before: string | null; after: string | null; total: string | number }[];
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r): FieldWarningRow => ({ kind: 'cleared', row: r.row, sku: r.sku, field: r.field, before: r.before, after: r.after, pricePerSqft: null })),
  };
}

async function pricesWithoutSqft(tx: Tx, present: ReadonlySet<StockCsvColumn>, limit: number) {
  if (!present.has('price')) return { total: 0, rows: [] as FieldWarningRow[] };
  // Without the column, or with the same figure, the sq ft price stays what it was; a blank one is a clear, listed above.
  const sqftStays = present.has('pricePerSqft') ? sql`p.price_per_sqft is not distinct from s.price_per_sqft` : sql`true`;
  const result = await tx.execute(sql`
    select s.row, s.id as sku, p.price::text as before, s.price::text as after, p.price_per_sqft::text as "pricePerSqft", count(*) over () as total
    from stock_import s join products p on p.id = s.id
    where s.price is not null and p.price is distinct from s.price and p.price_per_sqft is not null and ${sqftStays}
    order by s.row
    limit ${limit}`);
  const rows = result.rows as { row: number; sku: number; before: string | null; after: string | null; pricePerSqft: string | null; total: string | number }[];
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r): FieldWarningRow => ({ kind: 'priceWithoutSqft', row: r.row, sku: r.sku, field: 'price', before: r.before, after: r.after, pricePerSqft: r.pricePerSqft })),
  };
}
