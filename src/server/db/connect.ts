import path from 'node:path';
import type { Config } from '../config';
import { migrateDatabase, openDatabase, type Database } from './client';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from './embedded';

export interface ConnectedDatabase extends Database {
  embedded: boolean;
}

const EMBEDDED_DATABASE = 'portal';

/**
 * DATABASE_URL when given, otherwise the embedded PostgreSQL in DATA_DIR.
 * Either way the committed migrations are applied before anything else runs.
 */
export async function connectDatabase(config: Config): Promise<ConnectedDatabase> {
  let server: EmbeddedServer | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    server = await startEmbeddedPostgres(path.join(config.DATA_DIR, 'postgres'));
    await ensureDatabase(server.url('postgres'), EMBEDDED_DATABASE);
    url = server.url(EMBEDDED_DATABASE);
  }
  const database = openDatabase(url, { max: 20 });
  try {
    await migrateDatabase(database.db);
  } catch (error) {
    await database.close();
    await server?.stop();
    throw error;
  }
  return {
    ...database,
    embedded: server !== undefined,
    async close() {
      await database.close();
      await server?.stop();
    },
  };
}
