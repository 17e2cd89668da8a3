import type { StockCsvColumn } from '@common/contracts/stock';
import { stockColumnsOf, type StockStatus } from '@common/domain/stock-level';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { stockLevelSql } from '../products';
import type { StockRow } from './row-rules';

/**
 * The stock import stages the file's rows in a temporary table (one multi-row
 * insert per batch), then merges them into products with a handful of set-based
 * statements: 50,000 rows cost about 60 statements, not 50,000.
 */

type Column = { column: string; type: string };

/**
 * Product columns and their staging types, by CSV field. stockLevel is two columns, a status and a
 * count (docs/decisions/0223-stock-as-a-count-and-a-status.md), staged as the products table holds them.
 */
const COLUMNS: Record<Exclude<StockCsvColumn, 'id'>, Column[]> = {
  name: [{ column: 'name', type: 'text' }],
  collection: [{ column: 'collection', type: 'text' }],
  line: [{ column: 'line', type: 'text' }],
  size: [{ column: 'size', type: 'text' }],
  color: [{ column: 'color', type: 'text' }],
  finish: [{ column: 'finish', type: 'text' }],
  soldBy: [{ column: 'sold_by', type: 'text' }],
  description: [{ column: 'description', type: 'text' }],
  price: [{ column: 'price', type: 'numeric(12,2)' }],
  imageUrl: [{ column: 'image_url', type: 'text' }],
  stockLevel: [
    { column: 'stock_status', type: 'text' },
    { column: 'stock_count', type: 'integer' },
  ],
  coverage: [{ column: 'coverage', type: 'text' }],
  pricePerSqft: [{ column: 'price_per_sqft', type: 'numeric(12,2)' }],
  quantityOnOrder: [{ column: 'quantity_on_order', type: 'integer' }],
};
type Field = keyof typeof COLUMNS;
const FIELDS = Object.keys(COLUMNS) as Field[];
// `row` and `blanks` (the row's blank cells, comma separated) are for the preview's warnings (docs/decisions/0211).
const tableColumns = ['id integer', ...FIELDS.flatMap((f) => COLUMNS[f].map((c) => `${c.column} ${c.type}`)), 'row integer', 'blanks text'].join(', ');

/** A field's staged values, one array per column. */
function stagedValues(f: Field, rows: readonly StockRow[]): unknown[][] {
  if (f === 'stockLevel') {
    const columns = rows.map((r) => stockColumnsOf(r.stockLevel));
    return [columns.map((c) => c.stockStatus), columns.map((c) => c.stockCount)];
  }
  return [rows.map((r) => r[f])];
}

/** The value a column of an existing product takes from the staged row `s` (`p` is the product): a blank name keeps the product's. */
const valueOf = (c: Column): SQL => (c.column === 'name' ? sql.raw('coalesce(s.name, p.name)') : sql.raw(`s.${c.column}`));

/** Every column of the fields, under `alias`, or as the staged row sets them. */
const columnsOf = (fields: readonly Field[], alias: 'p' | 'o' | 's' | 'value'): SQL[] =>
  fields.flatMap((f) => COLUMNS[f].map((c) => (alias === 'value' ? valueOf(c) : sql.raw(`${alias}.${c.column}`))));

/** A field as text, as the preview shows it: of the product (`p`) or as the staged row would set it (`s`). */
function textOf(f: Field, side: 'p' | 's'): SQL {
  if (f === 'stockLevel') return stockLevelSql(side);
  const c = COLUMNS[f][0]!;
  return side === 'p' ? sql`${sql.raw(`p.${c.column}`)}::text` : sql`(${valueOf(c)})::text`;
}

export async function createStagingTable(tx: Tx): Promise<void> {
  await tx.execute(sql.raw(`create temporary table stock_import (${tableColumns}, primary key (id)) on commit drop`));
}

/** One array parameter per column: PostgreSQL reads 1,000 rows from 16 parameters. */
export async function stageRows(tx: Tx, rows: readonly StockRow[]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = [
    sql`${sql.param(rows.map((r) => r.id))}::integer[]`,
    ...FIELDS.flatMap((f) => {
      const values = stagedValues(f, rows);
      return COLUMNS[f].map((c, i) => sql`${sql.param(values[i])}::${sql.raw(c.type)}[]`);
    }),
    sql`${sql.param(rows.map((r) => r.row))}::integer[]`,
    sql`${sql.param(rows.map((r) => r.blanks.join(',')))}::text[]`,
  ];
  await tx.execute(sql`insert into stock_import select * from unnest(${sql.join(arrays, sql`, `)})`);
}

/** One import at a time: two admins uploading at once would otherwise interleave their merges. */
/**
 * The products a stock write will touch, row-locked in id order before any load (docs/decisions/0241):
 * placement takes its products in id order, then loads (products/take-stock.ts), so a merge that filled
 * one SKU's backorders (its product and loads) and then wrote a lower-id product could each wait on
 * the other: a deadlock PostgreSQL broke by failing one side. Counted rows, not returned ones: a
 * 50,000-row file sends back one number.
 */
export async function lockProductsInIdOrder(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`select count(*) from (select id from products where id = any(${sql.param([...ids])}::integer[]) order by id for update) locked`);
}

/** The staged file's products, locked as `lockProductsInIdOrder` does. */
export async function lockStagedProducts(tx: Tx): Promise<void> {
  await tx.execute(sql`select count(*) from (select p.id from products p where p.id in (select s.id from stock_import s) order by p.id for update of p) locked`);
}

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
  const assignments = sql.join(
    fields.flatMap((f) => COLUMNS[f].map((c) => sql`${sql.raw(c.column)} = ${valueOf(c)}`)),
    sql`, `,
  );
  const before = sql.join(columnsOf(fields, 'p'), sql`, `);
  const after = sql.join(columnsOf(fields, 'value'), sql`, `);
  // What changed, for the webhook events (ADR 0184): `o` is the same row as it was before this
  // statement (a join reads the statement's snapshot), `p` in RETURNING as it is now.
  const changed = (alias: 'o' | 'p', list: Field[]) => sql`row(${sql.join(columnsOf(list, alias), sql`, `)})`;
  const others = fields.filter((f) => f !== 'stockLevel');
  const stockChanged = fields.includes('stockLevel') ? sql`${changed('o', ['stockLevel'])} is distinct from ${changed('p', ['stockLevel'])}` : sql`false`;
  const otherChanged = others.length > 0 ? sql`${changed('o', others)} is distinct from ${changed('p', others)}` : sql`false`;
  const result = await tx.execute<UpdatedProduct>(sql`
    update products p set ${assignments}, updated_at = ${now}
    from stock_import s join products o on o.id = s.id
    where p.id = s.id and (${before}) is distinct from (${after})
    returning p.id, ${stockLevelSql('p')} as "stockLevel", ${stockChanged} as "stockChanged", ${otherChanged} as "otherChanged"`);
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
  const columns = FIELDS.flatMap((f) => COLUMNS[f].map((c) => c.column));
  const values = FIELDS.flatMap((f) => COLUMNS[f].map((c) => (c.column === 'name' ? derivedName : sql.raw(`s.${c.column}`))));
  const result = await tx.execute(sql`
    insert into products (id, ${sql.raw(columns.join(', '))}, updated_at)
    select s.id, ${sql.join(values, sql`, `)}, ${now}
    from stock_import s
    where not exists (select 1 from products p where p.id = s.id)
    order by s.id
    returning id, ${stockLevelSql('products')} as "stockLevel"`);
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
  const columns = levels.map((l) => stockColumnsOf(l.stockLevel));
  const result = await tx.execute(sql`
    update products p set stock_status = l.status, stock_count = l.count, updated_at = ${now}
    from unnest(
      ${sql.param(levels.map((l) => l.id))}::integer[], ${sql.param(columns.map((c) => c.stockStatus))}::text[], ${sql.param(columns.map((c) => c.stockCount))}::integer[]
    ) as l(id, status, count)
    where p.id = l.id and (p.stock_status, p.stock_count) is distinct from (l.status, l.count)
    returning p.id`);
  return (result.rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
}

/** The staged SKUs that are already products (the ones whose lots may hold their stock). */
export async function stagedProductIds(tx: Tx): Promise<number[]> {
  const result = await tx.execute(sql`select s.id from stock_import s where exists (select 1 from products p where p.id = s.id) order by s.id`);
  return (result.rows as { id: number }[]).map((r) => r.id);
}

/**
 * A SKU with lots keeps the sum of its lots, and one with incoming loads the sum of its loads, whatever
 * the file says (docs/decisions/0186-lots-data-model-and-uploads.md): the staged rows take the sums
 * before they are merged, so the merge writes them. Null keeps the staged value.
 */
export async function stageLotSums(tx: Tx, sums: readonly { id: number; stock: number | null; onOrder: number | null }[]): Promise<void> {
  if (sums.length === 0) return;
  await tx.execute(sql`
    update stock_import s set
      stock_status = case when l.stock is null then s.stock_status else 'in_stock' end,
      stock_count = coalesce(l.stock, s.stock_count),
      quantity_on_order = coalesce(l.on_order, s.quantity_on_order)
    from unnest(
      ${sql.param(sums.map((x) => x.id))}::integer[], ${sql.param(sums.map((x) => x.stock))}::integer[], ${sql.param(sums.map((x) => x.onOrder))}::integer[]
    ) as l(id, stock, on_order)
    where s.id = l.id`);
}

/** The stock columns the file staged for these SKUs, with their rows (null: the cell was blank). */
export async function stagedStockOf(
  tx: Tx,
  ids: readonly number[],
): Promise<{ id: number; row: number; stockStatus: StockStatus | null; stockCount: number | null; quantityOnOrder: number | null }[]> {
  const result = await tx.execute(sql`
    select s.id, s.row, s.stock_status as "stockStatus", s.stock_count as "stockCount", s.quantity_on_order as "quantityOnOrder"
    from stock_import s where s.id = any(${sql.param([...ids])}::integer[]) order by s.id`);
  return result.rows as { id: number; row: number; stockStatus: StockStatus | null; stockCount: number | null; quantityOnOrder: number | null }[];
}

/** The staged rows that would update a product, with every present field's text before and after (ADR 0191). */
export async function previewChanges(
  tx: Tx,
  present: ReadonlySet<StockCsvColumn>,
  limit: number,
): Promise<{ total: number; rows: { id: number; name: string; before: (string | null)[]; after: (string | null)[]; fields: string[] }[] }> {
  const fields = FIELDS.filter((f) => present.has(f));
  if (fields.length === 0) return { total: 0, rows: [] };
  const before = sql.join(columnsOf(fields, 'p'), sql`, `);
  const after = sql.join(columnsOf(fields, 'value'), sql`, `);
  const beforeText = sql.join(fields.map((f) => textOf(f, 'p')), sql`, `);
  const afterText = sql.join(fields.map((f) => textOf(f, 's')), sql`, `);
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
    fields.map((f, i) => sql`(${sql.raw(String(i))}, ${f}, ${textOf(f, 'p')}, ${f === 'stockLevel' ? stockLevelSql('s') : sql.raw(`s.${COLUMNS[f][0]!.column}::text`)})`),
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

/** The staged counts of existing products (a counted stock level), with their rows: what may fill backorders (docs/decisions/0241). */
export async function stagedCounts(tx: Tx): Promise<{ productId: number; count: number; row: number }[]> {
  const result = await tx.execute(sql`
    select s.id as "productId", s.stock_count as count, s.row from stock_import s
    where s.stock_status = 'in_stock' and s.stock_count is not null and exists (select 1 from products p where p.id = s.id)
    order by s.id`);
  return result.rows as { productId: number; count: number; row: number }[];
}

/** The staged counts lowered by the boxes set aside for backorders: those boxes are not free stock. */
export async function lowerStagedCounts(tx: Tx, lowered: readonly { productId: number; by: number }[]): Promise<void> {
  if (lowered.length === 0) return;
  await tx.execute(sql`
    update stock_import s set stock_count = s.stock_count - l.by
    from unnest(${sql.param(lowered.map((l) => l.productId))}::integer[], ${sql.param(lowered.map((l) => l.by))}::integer[]) as l(id, by)
    where s.id = l.id`);
}
