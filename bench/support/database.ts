import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/server/db/embedded';

/**
 * A throwaway embedded PostgreSQL for one benchmark (or BENCH_DATABASE_URL, an
 * empty database we may fill), migrated like a real start.
 */
/** Connections in the portal's pool (bench/support/serve.ts) and in a benchmark's own pool. */
export const BENCH_POOL_SIZE = 20;

export interface BenchDatabase extends Database {
  url: string;
  /** The embedded server's postmaster, for bench/support/cpu-split.ts; undefined for BENCH_DATABASE_URL. */
  postmasterPid(): number | undefined;
}

export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const database = openDatabase(external, { max: BENCH_POOL_SIZE });
    await migrateDatabase(database.db);
    return { ...database, url: external, postmasterPid: () => undefined };
  }
  const dir = path.resolve('.tmp', `bench-${name}-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  const server = await startEmbeddedPostgres(dir, { persistent: false });
  await ensureDatabase(server.url('postgres'), 'bench');
  const database = openDatabase(server.url('bench'), { max: BENCH_POOL_SIZE });
  await migrateDatabase(database.db);
  return {
    ...database,
    url: server.url('bench'),
    postmasterPid() {
      try {
        return Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
      } catch {
        return undefined;
      }
    },
    async close() {
      await database.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
