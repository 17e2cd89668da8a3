import type pg from 'pg';
import { bootstrapEmptyDatabase, type BootstrapResult } from './bootstrap';
import { migrateDatabase, withLongStatements, type Db } from './client';

/** One key for every portal: migrations and first-start bootstrap run one server at a time. */
const STARTUP_LOCK = "hashtext('bold_portal_startup')";

/**
 * Runs `work` while holding a PostgreSQL advisory lock on a connection of its
 * own. Two app servers starting at once on an empty database would otherwise
 * both create the schema and the first admin (duplicate key, crash).
 */
export function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  // The lock may wait for another server's whole bootstrap: the long client-side limit, as imports have.
  return withLongStatements(() => underStartupLock(pool, work));
}

async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // The lock waits for the other server's migrations, which may take a while.
    await client.query('set statement_timeout = 0');
    await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`);
      // Back in the pool, this connection keeps the configured statement_timeout again.
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}

/** Migrations, then the first admin and demo data on an empty database, under the startup lock. */
export function prepareDatabase(
  database: { db: Db; pool: pg.Pool },
  options: Parameters<typeof bootstrapEmptyDatabase>[1],
): Promise<BootstrapResult> {
  return withStartupLock(database.pool, async () => {
    await migrateDatabase(database.db);
    return bootstrapEmptyDatabase(database.db, options);
  });
}
