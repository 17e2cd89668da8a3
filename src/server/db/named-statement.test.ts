import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { openDatabase, type Database } from './client';
import { executeNamed, executeTemplate, statementName, statementTemplate } from './named-statement';

let database: Database & { url: string };
/** One connection, so the statements prepared on it are the ones we look at. */
let single: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  single = openDatabase(database.url, { max: 1 });
});
afterAll(async () => {
  await single?.close();
  await database?.close();
});

const prepared = async () =>
  (await single.pool.query<{ name: string; calls: string }>('select name, generic_plans + custom_plans as calls from pg_prepared_statements')).rows;

describe('named statements (ADR 0153)', () => {
  it('prepares a statement once per connection and runs it again by name, with new values', async () => {
    const first = await executeNamed<{ n: number }>(single.db, 'probe', sql`select ${1}::int + ${2}::int as n`);
    const second = await executeNamed<{ n: number }>(single.db, 'probe', sql`select ${40}::int + ${2}::int as n`);
    expect(first.rows[0]?.n).toBe(3);
    expect(second.rows[0]?.n).toBe(42);
    const probes = (await prepared()).filter((s) => s.name.startsWith('probe_'));
    expect(probes).toHaveLength(1);
    expect(Number(probes[0]?.calls)).toBe(2);
  });

  it('gives different texts different names, so a connection never confuses them', async () => {
    expect(statementName('probe', 'select 1')).not.toBe(statementName('probe', 'select 2'));
    expect(statementName('probe', 'select 1')).toBe(statementName('probe', 'select 1'));
    await executeNamed(single.db, 'probe', sql`select ${1}::int as a`);
    await executeNamed(single.db, 'probe', sql`select ${1}::int as b`);
    expect((await prepared()).filter((s) => s.name.startsWith('probe_')).length).toBeGreaterThanOrEqual(3);
  });

  it('runs inside a transaction, whose rollback undoes it', async () => {
    await single.db.execute(sql`create table if not exists named_probe (n int)`);
    await expect(
      single.db.transaction(async (tx) => {
        await executeNamed(tx, 'probe', sql`insert into named_probe values (${7})`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await executeNamed(single.db, 'probe', sql`insert into named_probe values (${8})`);
    expect((await single.pool.query('select n from named_probe')).rows).toEqual([{ n: 8 }]);
  });

  it('runs a template rendered once with each call\'s values, on the pool and inside a transaction (ADR 0153)', async () => {
    await single.db.execute(sql`create table if not exists template_probe (n int, label text)`);
    const insert = statementTemplate('template_probe', sql`insert into template_probe values (${sql.placeholder('n')}, ${sql.placeholder('label')}) returning n`);
    expect(insert.name).toMatch(/^template_probe_[0-9a-f]{16}$/);
    expect((await executeTemplate(single.db, insert, { n: 1, label: 'one' })).rows).toEqual([{ n: 1 }]);
    await expect(
      single.db.transaction(async (tx) => {
        await executeTemplate(tx, insert, { n: 2, label: 'two' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expect(executeTemplate(single.db, insert, { n: 3 })).rejects.toThrow('No value for placeholder "label"');
    expect((await single.pool.query('select n, label from template_probe')).rows).toEqual([{ n: 1, label: 'one' }]);
    const probes = (await prepared()).filter((s) => s.name === insert.name);
    expect(probes).toHaveLength(1);
  });
});
