import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

/*
 * Migration 0036 (docs/decisions/0229-dealer-companies-and-contract-prices.md) puts every existing
 * dealer in a company: grouped by their company text ignoring case and repeated spaces, a blank one a
 * company of one; the earliest live account of each is its company admin. A database migrated up to
 * 0035 gets dealers as they were typed over the years, then 0036 runs.
 */

const migrations = new URL('../../db/migrations/', import.meta.url);
const journal = JSON.parse(readFileSync(fileURLToPath(new URL('meta/_journal.json', migrations)), 'utf8')) as { entries: { idx: number; tag: string }[] };
const statementsOf = (tag: string) =>
  readFileSync(fileURLToPath(new URL(`${tag}.sql`, migrations)), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim() !== '');

let admin: pg.Client;
let client: pg.Client;
const name = `portal_test_m0036_${process.pid}_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  const pattern = inject('databaseUrlPattern');
  admin = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  client = new pg.Client({ connectionString: pattern.replace('__DB__', name) });
  await client.connect();
  for (const entry of journal.entries.filter((e) => e.idx < 36)) {
    for (const statement of statementsOf(entry.tag)) await client.query(statement);
  }
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

interface Account {
  username: string;
  role?: string;
  company?: string | null;
  storeName?: string | null;
  storeAddress?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  createdAt: string;
  deleted?: boolean;
}

const ACCOUNTS: Account[] = [
  // The earliest of the Acme accounts is deleted: the earliest live one is the company admin.
  { username: 'acme_gone', company: 'ACME TILE', createdAt: '2020-01-01', deleted: true },
  { username: 'acme_first', company: 'Acme Tile', storeName: 'Acme Showroom', storeAddress: '1 Main St', createdAt: '2021-01-01' },
  { username: 'acme_second', company: '  acme   TILE ', storeAddress: '9 Other Rd', createdAt: '2022-01-01' },
  { username: 'acme_tab', company: 'Acme\tTile', createdAt: '2023-01-01' },
  // Not the same company: a different word.
  { username: 'acme_inc', company: 'Acme Tile Inc', createdAt: '2021-06-01' },
  // Blank companies: a company of one each, named after the store, the person, or the username.
  { username: 'blank_store', company: '   ', storeName: 'Solo Store', createdAt: '2021-02-01' },
  { username: 'blank_person', company: null, firstName: 'Jane', lastName: 'Doe', createdAt: '2021-03-01' },
  { username: 'blank_nothing', company: '', createdAt: '2021-04-01' },
  { username: 'blank_person_two', company: null, firstName: 'Jane', lastName: 'Doe', createdAt: '2021-05-01' },
  // Not dealers: never in a company, whatever their company text says.
  { username: 'rep', role: 'salesperson', company: 'Acme Tile', createdAt: '2019-01-01' },
  { username: 'boss', role: 'admin', company: 'BOLD', createdAt: '2019-01-01' },
];

describe('migration 0036: existing dealers become companies and buyers', () => {
  it('groups by company ignoring case and spaces, makes the earliest live account admin, and moves carts and orders along', async () => {
    const ids = new Map<string, number>();
    for (const a of ACCOUNTS) {
      const { rows } = await client.query(
        `insert into users (username, password_hash, role, company, store_name, store_address, first_name, last_name, created_at, deleted_at)
         values ($1, 'x', $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [a.username, a.role ?? 'bold_customer', a.company ?? null, a.storeName ?? null, a.storeAddress ?? null, a.firstName ?? null, a.lastName ?? null, a.createdAt, a.deleted ? '2024-01-01' : null],
      );
      ids.set(a.username, rows[0].id as number);
    }
    const id = (username: string) => ids.get(username)!;
    const cart = async (username: string) =>
      (await client.query(`insert into carts (user_id, name) values ($1, 'PO') returning id`, [id(username)])).rows[0].id as number;
    const order = async (username: string) =>
      (await client.query(`insert into orders (user_id, username, kind) values ($1, $2, 'purchase') returning id`, [id(username), username])).rows[0].id as number;
    const carts = { acmeSecond: await cart('acme_second'), gone: await cart('acme_gone'), rep: await cart('rep'), blank: await cart('blank_store') };
    const orders = { acmeFirst: await order('acme_first'), gone: await order('acme_gone'), rep: await order('rep') };

    for (const statement of statementsOf(journal.entries.find((e) => e.idx === 36)!.tag)) await client.query(statement);

    const users = new Map(
      (await client.query('select id, username, company_id, company_role, spending_limit from users')).rows.map((r) => [r.username as string, r]),
    );
    const companyOf = (username: string) => users.get(username)!.company_id as number | null;
    const roleOf = (username: string) => users.get(username)!.company_role as string | null;
    const companies = new Map((await client.query('select id, name, account_number, status from companies')).rows.map((r) => [r.id as number, r]));

    // One Acme company for every spelling, deleted account included; "Acme Tile Inc" is another.
    const acme = companyOf('acme_first')!;
    expect(acme).not.toBeNull();
    for (const u of ['acme_gone', 'acme_second', 'acme_tab']) expect(companyOf(u), u).toBe(acme);
    expect(companyOf('acme_inc')).not.toBe(acme);
    expect(companies.get(acme)).toMatchObject({ status: 'active', account_number: null });
    // Named as one of its accounts typed it, trimmed.
    expect((companies.get(acme)!.name as string).replace(/\s+/g, ' ').toLowerCase()).toBe('acme tile');
    // Roles: the earliest live account is the admin; the deleted earlier one is not.
    expect(roleOf('acme_first')).toBe('admin');
    expect([roleOf('acme_gone'), roleOf('acme_second'), roleOf('acme_tab')]).toEqual(['buyer', 'buyer', 'buyer']);
    expect(roleOf('acme_inc')).toBe('admin');

    // Blank companies: one company each, admin of it, named after store, person, username.
    const blanks = ['blank_store', 'blank_person', 'blank_nothing', 'blank_person_two'];
    expect(new Set(blanks.map(companyOf)).size).toBe(4);
    for (const u of blanks) expect(roleOf(u), u).toBe('admin');
    expect(companies.get(companyOf('blank_store')!)!.name).toBe('Solo Store');
    expect(companies.get(companyOf('blank_person')!)!.name).toBe('Jane Doe');
    expect(companies.get(companyOf('blank_person_two')!)!.name).toBe('Jane Doe');
    expect(companies.get(companyOf('blank_nothing')!)!.name).toBe('blank_nothing');

    // Salespeople and admins are in no company; nobody got a spending limit.
    for (const u of ['rep', 'boss']) expect([companyOf(u), roleOf(u)], u).toEqual([null, null]);
    expect([...users.values()].filter((u) => u.spending_limit !== null)).toEqual([]);
    // Every dealer company was made from a dealer: 1 Acme + 1 Acme Inc + 4 blanks.
    expect(companies.size).toBe(6);

    // Locations: the earliest live account's store address is the default ship-to; only companies with an address get one.
    const locations = (await client.query('select company_id, kind, name, street, is_default from company_locations order by id')).rows;
    expect(locations).toEqual([{ company_id: acme, kind: 'ship_to', name: 'Acme Showroom', street: '1 Main St', is_default: true }]);

    // Carts and orders follow their owner's company; a salesperson's do not get one.
    const cartCompany = async (cartId: number) => (await client.query('select company_id from carts where id = $1', [cartId])).rows[0].company_id;
    const orderCompany = async (orderId: number) => (await client.query('select company_id from orders where id = $1', [orderId])).rows[0].company_id;
    expect(await cartCompany(carts.acmeSecond)).toBe(acme);
    expect(await cartCompany(carts.gone)).toBe(acme);
    expect(await cartCompany(carts.blank)).toBe(companyOf('blank_store'));
    expect(await cartCompany(carts.rep)).toBeNull();
    expect(await orderCompany(orders.acmeFirst)).toBe(acme);
    expect(await orderCompany(orders.gone)).toBe(acme);
    expect(await orderCompany(orders.rep)).toBeNull();

    // The helper columns and table are gone.
    const leftovers = await client.query(
      `select 1 from information_schema.columns where table_name = 'companies' and column_name = 'migration_key'
       union all select 1 from information_schema.tables where table_name = 'dealer_company_keys'`,
    );
    expect(leftovers.rowCount).toBe(0);
  });
});
