import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { databaseUnavailable } from '../lib/pg-errors';
import { openDatabase, withLongStatements, type Database } from './client';

/**
 * The pool under what PostgreSQL and the network do to its connections (ADR 0170),
 * against the real test database: no listener missing, no broken connection reused,
 * no place in the pool lost.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const opened: Database[] = [];
const open = (options: Parameters<typeof openDatabase>[1]) => {
  const d = openDatabase(database.url, options);
  opened.push(d);
  return d;
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
  await database.close();
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('the pool', () => {
  it('survives PostgreSQL ending a connection checked out inside an open transaction (57P01)', async () => {
    const pool = open({ max: 2 });
    const error = await rejection(
      pool.db.transaction(async (tx) => {
        const pid = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
        // An 'error' event nobody listens to here would end this test process.
        await database.pool.query('select pg_terminate_backend($1)', [pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      }),
    );
    expect(databaseUnavailable(error)).toBe('down');
    expect((await pool.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    expect(pool.pool.totalCount).toBeLessThanOrEqual(2);
  });

  it('closes a connection whose statement passed the client-side limit instead of handing it to the next query', async () => {
    // No server-side limit: only the client's query_timeout ends the wait.
    const pool = open({ max: 1, queryTimeoutMs: 300 });
    let timedOutPid = 0;
    const error = await rejection(
      pool.db.transaction(async (tx) => {
        timedOutPid = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
        await tx.execute(sql`select pg_sleep(3)`);
      }),
    );
    expect(databaseUnavailable(error)).toBe('timeout');
    // The only place in the pool is free again, on a new connection, outside the abandoned transaction.
    const next = await pool.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    expect(next.rows[0]!.pid).not.toBe(timedOutPid);
    expect(pool.pool.totalCount).toBe(1);
  });

  it('gives the long limit only to statements inside withLongStatements', async () => {
    const pool = open({ max: 2, queryTimeoutMs: 300, longQueryTimeoutMs: 10_000 });
    await withLongStatements(() => pool.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.8)`)));
    await withLongStatements(() => pool.pool.query('select pg_sleep(0.8)'));
    expect(databaseUnavailable(await rejection(pool.db.execute(sql`select pg_sleep(0.8)`)))).toBe('timeout');
    expect(databaseUnavailable(await rejection(pool.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.8)`))))).toBe('timeout');
    expect((await pool.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('pings on a connection of its own: it answers while every pooled connection is taken', async () => {
    const pool = open({ max: 1, connectTimeoutMs: 300 });
    const held = await pool.pool.connect();
    try {
      await pool.ping();
      expect(databaseUnavailable(await rejection(pool.db.execute(sql`select 1`)))).toBe('timeout');
    } finally {
      held.release();
    }
  });
});
