import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, QUERY_TIMEOUT_MARGIN_MS, type Database } from './client';
import { lockDataDir } from './data-dir';

export interface ConnectedDatabase extends Database {
  embedded: boolean;
  url: string;
}

export const EMBEDDED_DATABASE = 'portal';

export type ConnectOptions = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
  Partial<Pick<Config, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_IMPORT_STATEMENT_TIMEOUT_MS'>> & {
    maxConnections?: number;
  };

/**
 * DATABASE_URL when given, otherwise the embedded PostgreSQL in DATA_DIR (locked
 * to this process first, ADR 0060). The embedded package is imported only here
 * and only without DATABASE_URL: importing it installs signal hooks.
 */
export async function connectDatabase(config: ConnectOptions): Promise<ConnectedDatabase> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let releaseLock: (() => Promise<void>) | undefined;
  if (!url) {
    const lock = await lockDataDir(config.DATA_DIR);
    releaseLock = lock.release;
    try {
      const { startEmbeddedPostgres, ensureDatabase } = await import('./embedded');
      const server = await startEmbeddedPostgres(path.join(path.resolve(config.DATA_DIR), 'postgres'));
      stopEmbedded = () => server.stop();
      await ensureDatabase(server.url('postgres'), EMBEDDED_DATABASE);
      url = server.url(EMBEDDED_DATABASE);
    } catch (error) {
      await stopEmbedded?.();
      await lock.release();
      throw error;
    }
  }
  const statementMs = config.DB_STATEMENT_TIMEOUT_MS;
  const database = openDatabase(url, {
    max: config.maxConnections ?? 20,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: statementMs,
    // PostgreSQL's own timeouts answer first; these catch a server that stopped answering at all (ADR 0170).
    queryTimeoutMs: statementMs ? statementMs + QUERY_TIMEOUT_MARGIN_MS : undefined,
    longQueryTimeoutMs: statementMs ? Math.max(statementMs, config.DB_IMPORT_STATEMENT_TIMEOUT_MS ?? 0) + QUERY_TIMEOUT_MARGIN_MS : undefined,
  });
  return {
    ...database,
    url,
    embedded: stopEmbedded !== undefined,
    async close() {
      await database.close();
      await stopEmbedded?.();
      await releaseLock?.();
    },
  };
}
