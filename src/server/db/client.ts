import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { AsyncLocalStorage } from 'node:async_hooks';
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
  /**
   * Whether PostgreSQL answers, on a connection of its own (one, kept apart from the
   * request pool, so a busy pool never makes the health check fail). Rejects when it
   * does not answer within the ping limit.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// numeric comes back as a string (exact money); bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/** Added to a server-side limit for the client-side one, so PostgreSQL's own timeout error arrives first when it can. */
export const QUERY_TIMEOUT_MARGIN_MS = 2_000;
/** How long the health check's ping may take to connect and to answer. */
export const PING_TIMEOUT_MS = 2_000;

export interface PoolOptions {
  max?: number;
  /** How long a query waits for a connection before failing (a 503 for requests); unset waits forever. */
  connectTimeoutMs?: number;
  /** PostgreSQL's statement_timeout for every connection; unset means none. */
  statementTimeoutMs?: number;
  /**
   * Client-side limit on waiting for an answer, for ordinary statements: a server that
   * hangs (stopped, not crashed) never sends statement_timeout's error. A statement past
   * it fails with "Query read timeout" and its connection is closed, never reused.
   */
  queryTimeoutMs?: number;
  /** The same limit for statements run inside `withLongStatements` (imports, the startup lock); default queryTimeoutMs. */
  longQueryTimeoutMs?: number;
  /** Limit on ping(): connecting and answering. Default PING_TIMEOUT_MS. */
  pingTimeoutMs?: number;
}

/** Marks the statements of imports and other known-long work (ADR 0170). */
const longStatements = new AsyncLocalStorage<true>();

/**
 * Runs `work` with the long client-side query limit (PoolOptions.longQueryTimeoutMs)
 * for every statement it issues, transactions included. Pair it with
 * allowLongStatements, which raises the server-side limit inside the transaction.
 */
export function withLongStatements<T>(work: () => Promise<T>): Promise<T> {
  return longStatements.run(true, work);
}

const READ_TIMEOUT = 'Query read timeout';
type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * node-postgres's Client with two additions (ADR 0170): statements inside
 * withLongStatements get the long limit through the per-query `query_timeout` that
 * pg reads from the query config; and a connection whose statement timed out is
 * ended at once. After a client-side timeout the connection's state is unknown (the
 * statement may still run, a transaction may still be open), so nothing may use it
 * again: drizzle's transaction would otherwise roll back on it and return it to
 * the pool as if it were healthy.
 */
function portalClient(longQueryTimeoutMs: number | undefined) {
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  return class PortalClient extends pg.Client {
    #timedOut = false;

    // One signature for pg's many overloads: the arguments go to pg unchanged but for the two additions.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: unknown[]): any {
      const last = args.length > 1 ? args[args.length - 1] : undefined;
      const callback = typeof last === 'function' ? (last as QueryCallback) : undefined;
      if (this.#timedOut) {
        const error = new Error(`${READ_TIMEOUT}: an earlier statement on this connection timed out and it was closed`);
        if (callback) return void process.nextTick(callback, error);
        return Promise.reject(error);
      }
      const [config] = args;
      if (longQueryTimeoutMs !== undefined && longStatements.getStore()) {
        if (typeof config === 'string') args[0] = { text: config, query_timeout: longQueryTimeoutMs };
        else if (config && typeof config === 'object' && typeof (config as { submit?: unknown }).submit !== 'function') {
          args[0] = { ...config, query_timeout: longQueryTimeoutMs };
        }
      }
      if (callback) {
        args[args.length - 1] = (error: Error | null, result?: unknown) => {
          if (error) this.#afterError(error);
          callback(error, result);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args);
      if (result instanceof Promise) result.catch((error: Error) => this.#afterError(error));
      return result;
    }

    #afterError(error: Error): void {
      if (this.#timedOut || error.message !== READ_TIMEOUT) return;
      this.#timedOut = true;
      // pg's end() destroys the socket when a statement is still active: no goodbye to a server that is not listening.
      void this.end().catch(() => undefined);
    }
  };
}

/**
 * A pool whose checked-out clients give their place back when their connection
 * ends. drizzle's transaction() sends BEGIN before its try block and releases
 * without the error, so a connection lost or timed out at BEGIN would otherwise
 * stay counted in the pool for ever, and a few of those starve it (ADR 0170).
 * Release becomes idempotent: the later release() of the transaction is a no-op.
 */
class PortalPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // pool.query's own path releases with the error itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const onEnd = () => giveBack(new Error('Connection terminated'));
      const giveBack = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(error);
      };
      client.once('end', onEnd);
      client.release = giveBack;
      return client;
    });
  }
}

/** Each failed connection is said once (the pool's idle listener and the client's own may both hear it), without values. */
function connectionErrorReporter() {
  const reported = new WeakSet<object>();
  return (error: Error, client?: object) => {
    const key = client ?? error;
    if (reported.has(key)) return;
    reported.add(key);
    console.error(`database: a connection failed and will be replaced (${(error as { code?: string }).code ?? error.message})`);
  };
}

/**
 * Every client the pool creates gets an error listener: PostgreSQL may end a
 * connection that is checked out (57P01 inside an open transaction), and an
 * 'error' event without a listener ends the process. The request using it fails
 * on its next statement with a 503; the pool opens a new connection for the next.
 */
function listenForErrors(pool: pg.Pool): void {
  const report = connectionErrorReporter();
  pool.on('error', (error, client) => report(error, client));
  pool.on('connect', (client) => client.on('error', (error) => report(error, client)));
}

/** Before the first probe a dead peer is noticed after this much silence (plus the kernel's probes). */
const KEEPALIVE_DELAY_MS = 10_000;

export function openDatabase(url: string, options: PoolOptions = {}): Database {
  const pool = new PortalPool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    // A connection left idle inside a transaction (a hung request) must not hold locks for ever.
    idle_in_transaction_session_timeout: options.statementTimeoutMs ? options.statementTimeoutMs * 4 : undefined,
    // Notices a server that vanished without closing the socket (a stopped process still answers the probes).
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    Client: portalClient(options.longQueryTimeoutMs ?? options.queryTimeoutMs) as unknown as new () => pg.ClientBase,
  });
  listenForErrors(pool);
  const db = drizzle(pool, { schema });

  // The health check's own connection, opened at its first use.
  const pingLimit = options.pingTimeoutMs ?? PING_TIMEOUT_MS;
  let pingPool: pg.Pool | undefined;
  const ping = async () => {
    if (!pingPool) {
      pingPool = new pg.Pool({
        connectionString: url,
        max: 1,
        connectionTimeoutMillis: pingLimit,
        query_timeout: pingLimit,
        statement_timeout: pingLimit,
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      });
      listenForErrors(pingPool);
    }
    // pool.query releases a failed or timed-out connection with its error: it is closed, the next ping opens another.
    await pingPool.query('select 1');
  };
  const database: Database = {
    db,
    pool,
    ping,
    async close() {
      await Promise.all([pool.end(), pingPool?.end()]);
    },
  };
  owners.set(db, database);
  return database;
}

const owners = new WeakMap<Db, Database>();

/**
 * The ping of the Database a Db handle was opened with (app.ts is handed only the
 * Db); undefined for a handle made elsewhere.
 */
export function pingOf(db: Db): (() => Promise<void>) | undefined {
  return owners.get(db)?.ping;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Raises statement_timeout for the rest of this transaction only (imports run longer statements). */
export async function allowLongStatements(tx: Tx, timeoutMs: number): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
}
