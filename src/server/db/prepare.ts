import type pg from 'pg';
import { bootstrapEmptyDatabase, type BootstrapResult } from './bootstrap';
import { migrateDatabase, type Db } from './client';

/** One key for every portal: migrations and first-start bootstrap run one server at a time. */
const STARTUP_LOCK = "hashtext('bold_portal_startup')";

/**
 * Runs `work` while holding a PostgreSQL advisory lock on a connection of its
 * own. Two app servers starting at once on an empty database would otherwise
 * both create the schema and the first admin (duplicate key, crash).
 */
export async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // The lock waits for the other server's migrations, which may take a while.
    await client.query('set statement_timeout = 0');
    await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`);
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
