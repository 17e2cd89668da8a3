import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient } from '../../../../test/api';
import { activeCart, CATALOGUE } from '../../../../test/cart-fixtures';
import { useSingleConnectionApp } from '../../../../test/single-connection-app';

/**
 * ADR 0172: every acknowledged write is durable, the cart add included, so
 * every commit runs with synchronous_commit = on (ADR 0155's asynchronous add is gone).
 * A deferred constraint trigger runs at the very end of each transaction, just before
 * its commit record is written, and notes the synchronous_commit that commit uses: it
 * sees a SET LOCAL in the statement, a connection option and a server setting alike.
 * The app runs on ONE connection, so an order placed after an add uses the same
 * PostgreSQL session: a setting left behind by the add's transaction would show.
 */
const ctx = useSingleConnectionApp(async (single) => {
  await single.pool.query(`
    create table commit_probe (id serial primary key, table_name text not null, commit_mode text not null, xact bigint not null);
    create function probe_commit_mode() returns trigger language plpgsql as $$
      begin
        insert into commit_probe (table_name, commit_mode, xact) values (tg_table_name, current_setting('synchronous_commit'), txid_current());
        return null;
      end $$;
    create constraint trigger probe_cart_items after insert or update on cart_items
      deferrable initially deferred for each row execute function probe_commit_mode();
    create constraint trigger probe_orders after insert on orders
      deferrable initially deferred for each row execute function probe_commit_mode();
    create constraint trigger probe_activity after insert on activity_logs
      deferrable initially deferred for each row execute function probe_commit_mode();
  `);
});

/** What the transactions since the last call committed with, per table, and which transaction wrote each row. */
async function commitsSince(after: number): Promise<{ table_name: string; commit_mode: string; xact: string }[]> {
  const { rows } = await ctx.single.pool.query<{ table_name: string; commit_mode: string; xact: string }>(
    'select table_name, commit_mode, xact::text from commit_probe where id > $1 order by id',
    [after],
  );
  return rows;
}

/** The rows of each transaction, in commit order, each transaction's tables sorted by name. */
function byTransaction(commits: { table_name: string; commit_mode: string; xact: string }[]) {
  const groups = new Map<string, { table_name: string; commit_mode: string }[]>();
  for (const { xact, ...row } of commits) groups.set(xact, [...(groups.get(xact) ?? []), row]);
  return [...groups.values()].map((rows) => rows.sort((a, b) => a.table_name.localeCompare(b.table_name)));
}

async function lastProbe(): Promise<number> {
  const { rows } = await ctx.single.pool.query<{ id: number | null }>('select max(id) as id from commit_probe');
  return rows[0]?.id ?? 0;
}

describe('cart adds commit synchronously (ADR 0172)', () => {
  it('commits a cart add, with or without an Idempotency-Key, waiting for its WAL flush', async () => {
    const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.single.db, { role: 'bold_customer' }));
    const cart = await activeCart(client);
    const start = await lastProbe();
    expect((await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 1 })).statusCode).toBe(200);
    const keyed = await client.request({
      method: 'POST',
      url: `/api/carts/${cart.id}/items`,
      headers: { 'idempotency-key': 'add-commit-mode-1' },
      json: { productId: CATALOGUE.cheap.id, quantity: 1 },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    const commits = await commitsSince(start);
    // Each add writes its line and its activity row in the same transaction. (The order of the two
    // probes within a transaction is not the point: the activity row is written by record_activity, a
    // function, whose deferred trigger events are queued before those of the statement calling it.)
    expect(byTransaction(commits)).toEqual([
      [
        { table_name: 'activity_logs', commit_mode: 'on' },
        { table_name: 'cart_items', commit_mode: 'on' },
      ],
      [
        { table_name: 'activity_logs', commit_mode: 'on' },
        { table_name: 'cart_items', commit_mode: 'on' },
      ],
    ]);
  });

  it('keeps every other write synchronous on the same connection: a quantity change and the order', async () => {
    const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.single.db, { role: 'bold_customer' }));
    const cart = await activeCart(client);
    const added = await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
    expect(added.statusCode).toBe(200);
    const start = await lastProbe();
    const changed = await client.patch(`/api/carts/${cart.id}/items/${added.json().id}`, { quantity: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    const placed = await client.post('/api/orders', {});
    expect(placed.statusCode, placed.body).toBe(201);
    const commits = await commitsSince(start);
    expect(commits.map((c) => c.table_name)).toEqual(expect.arrayContaining(['cart_items', 'orders', 'activity_logs']));
    expect(commits.filter((c) => c.commit_mode !== 'on')).toEqual([]);
    // And the connection itself still has the server's default.
    const { rows } = await ctx.single.pool.query<{ synchronous_commit: string }>('show synchronous_commit');
    expect(rows[0]?.synchronous_commit).toBe('on');
  });

  it('no server code turns synchronous_commit off (no write path trades durability)', () => {
    // SET [LOCAL] synchronous_commit TO off, set_config('synchronous_commit', 'off', ...), -c synchronous_commit=off
    const asynchronous = /synchronous_commit['"\s]*(?:,|=|\bto\b)\s*['"]?off\b/i;
    const roots = ['src', 'scripts'].map((root) => path.resolve(root));
    const offenders = roots.flatMap((root) => sourceFiles(root)).filter((file) => asynchronous.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(process.cwd(), file))).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // This file names the forbidden forms in its pattern; the test itself is what guards them.
    return /\.(ts|tsx|js|mjs|sql)$/.test(entry.name) && full !== fileURLToPath(import.meta.url) ? [full] : [];
  });
}
