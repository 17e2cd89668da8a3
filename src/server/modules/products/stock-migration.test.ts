import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MAX_STOCK_COUNT, stockColumnsOf } from '@common/domain/stock-level';

/*
 * Migration 0032 (docs/decisions/0223-stock-as-a-count-and-a-status.md) reads every stored stock
 * level as parseStockLevel reads it. A database migrated up to the migration before it gets odd
 * rows, as hand edits and older imports left them; then 0032 runs, and each row's status and count
 * must be what `stockColumnsOf` (parseStockLevel) gives for its text.
 */

const migrations = new URL('../../db/migrations/', import.meta.url);
const journal = JSON.parse(readFileSync(fileURLToPath(new URL('meta/_journal.json', migrations)), 'utf8')) as { entries: { idx: number; tag: string }[] };
const statementsOf = (tag: string) =>
  readFileSync(fileURLToPath(new URL(`${tag}.sql`, migrations)), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim() !== '');

const ODD = [
  '0', '', '   ', '12', ' 12 ', '\t7\n', '12.5', '0.9', '-3', '-0.5', '1,322', '1,322.75', '1,32', '1e3', '$12', '12 boxes', 'lots',
  'Special Order Only', 'special order', 'SPECIAL_ORDER only', 'Special-Order', 'call: special  order', 'special order / fabrication',
  'Fabrication Required - 2 Week Lead', 'fabrication required', 'FABRICATION', 'Fabrication_Required', '99999999999', '2147483647', '٣',
];

let admin: pg.Client;
let client: pg.Client;
const name = `portal_test_m0032_${process.pid}_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  const pattern = inject('databaseUrlPattern');
  admin = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  client = new pg.Client({ connectionString: pattern.replace('__DB__', name) });
  await client.connect();
  for (const entry of journal.entries.filter((e) => e.idx < 32)) {
    for (const statement of statementsOf(entry.tag)) await client.query(statement);
  }
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

describe('migration 0032: stock_level text becomes stock_status and stock_count', () => {
  it('reads every odd value as parseStockLevel does, keeps updated_at, and drops the triggers and functions', async () => {
    const stamp = '2026-01-02T03:04:05.000Z';
    for (const [i, level] of ODD.entries()) {
      await client.query('insert into products (id, name, stock_level, updated_at) values ($1, $2, $3, $4)', [i + 1, `Odd ${i + 1}`, level, stamp]);
    }
    // A SKU with lots: under the old triggers its level is the lots' sum, and stays so.
    await client.query(`insert into product_lots (product_id, lot, quantity) values (4, 'A', 5), (4, 'B', 7)`);

    for (const statement of statementsOf(journal.entries.find((e) => e.idx === 32)!.tag)) await client.query(statement);

    const rows = (await client.query('select id, stock_status, stock_count, updated_at from products order by id')).rows as {
      id: number;
      stock_status: string;
      stock_count: number | null;
      updated_at: Date;
    }[];
    const expected = ODD.map((level, i) => (i + 1 === 4 ? { stockStatus: 'in_stock', stockCount: 12 } : stockColumnsOf(level)));
    expect(rows.map((r) => ({ stockStatus: r.stock_status, stockCount: r.stock_count }))).toEqual(expected);
    // Spot checks of the reading itself, so a change to both sides at once is seen.
    const of = (level: string) => rows[ODD.indexOf(level)]!;
    expect(of('12.5')).toMatchObject({ stock_status: 'in_stock', stock_count: 12 });
    expect(of('1,322.75')).toMatchObject({ stock_status: 'in_stock', stock_count: 1322 });
    expect(of('-3')).toMatchObject({ stock_status: 'in_stock', stock_count: 0 });
    expect(of('lots')).toMatchObject({ stock_status: 'in_stock', stock_count: 0 });
    expect(of('special order / fabrication')).toMatchObject({ stock_status: 'special_order', stock_count: null });
    expect(of('Fabrication_Required')).toMatchObject({ stock_status: 'fabrication', stock_count: null });
    expect(of('99999999999')).toMatchObject({ stock_status: 'in_stock', stock_count: MAX_STOCK_COUNT });
    expect(rows.filter((r) => r.updated_at.toISOString() !== stamp).map((r) => r.id)).toEqual([]);

    const columns = (await client.query(`select column_name from information_schema.columns where table_name = 'products' and column_name like 'stock%' order by 1`)).rows;
    expect(columns.map((c: { column_name: string }) => c.column_name)).toEqual(['stock_count', 'stock_status']);
    const triggers = (await client.query(`select tgname from pg_trigger where not tgisinternal and tgrelid in ('products'::regclass, 'product_lots'::regclass, 'incoming_loads'::regclass) order by 1`)).rows;
    expect(triggers.map((t: { tgname: string }) => t.tgname)).toEqual(['products_touch_updated_at']);
    const functions = (await client.query(`select proname from pg_proc where proname in ('product_as_seen', 'lots_sync_stock_level', 'incoming_sync_on_order', 'products_keep_lot_sums', 'lots_on_order_total')`)).rows;
    expect(functions).toEqual([]);
    // The CHECKs hold: a count without in_stock, or a negative one, is refused.
    await expect(client.query(`update products set stock_status = 'fabrication' where id = 5`)).rejects.toThrow(/products_stock_count_status_check/);
    await expect(client.query(`update products set stock_count = -1 where id = 5`)).rejects.toThrow(/products_stock_count_check/);
  }, 120_000);
});
