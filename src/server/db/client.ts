import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// numeric comes back as a string (exact money); bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface PoolOptions {
  max?: number;
  /** How long a query waits for a connection before failing (a 503 for requests); unset waits forever. */
  connectTimeoutMs?: number;
  /** PostgreSQL's statement_timeout for every connection; unset means none. */
  statementTimeoutMs?: number;
  /**
   * Client-side limit on waiting for an answer: a server that hangs (stopped,
   * not crashed) never sends statement_timeout's error. Must exceed every
   * server-side limit, imports' included.
   */
  queryTimeoutMs?: number;
}

export function openDatabase(url: string, options: PoolOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    // A connection left idle inside a transaction (a hung request) must not hold locks for ever.
    idle_in_transaction_session_timeout: options.statementTimeoutMs ? options.statementTimeoutMs * 4 : undefined,
    // Notices a server that vanished without closing the socket.
    keepAlive: true,
  });
  // A dropped idle connection must not crash the process; the pool replaces it. Said once, without values.
  pool.on('error', (error) => console.error(`database: an idle connection failed and will be replaced (${(error as { code?: string }).code ?? error.message})`));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Raises statement_timeout for the rest of this transaction only (imports run longer statements). */
export async function allowLongStatements(tx: Tx, timeoutMs: number): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
}
