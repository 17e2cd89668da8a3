import { rm } from 'node:fs/promises';
import path from 'node:path';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/server/db/embedded';

/**
 * A throwaway embedded PostgreSQL for one benchmark (or BENCH_DATABASE_URL, an
 * empty database we may fill), migrated like a real start.
 */
export async function benchDatabase(name: string): Promise<Database & { url: string }> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const database = openDatabase(external, { max: 20 });
    await migrateDatabase(database.db);
    return { ...database, url: external };
  }
  const dir = path.resolve('.tmp', `bench-${name}-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  const server = await startEmbeddedPostgres(dir, { persistent: false });
  await ensureDatabase(server.url('postgres'), 'bench');
  const database = openDatabase(server.url('bench'), { max: 20 });
  await migrateDatabase(database.db);
  return {
    ...database,
    url: server.url('bench'),
    async close() {
      await database.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
