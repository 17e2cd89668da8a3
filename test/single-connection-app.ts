import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { insertCatalogue } from './cart-fixtures';
import { createTestDatabase } from './db';

/**
 * The app on ONE database connection, with the cart catalogue, for tests that look at that
 * connection's PostgreSQL session (what it prepared, what its transactions committed with):
 * every request of the app runs on it, one after the other. `prepare` runs before the app starts.
 */
export function useSingleConnectionApp(prepare?: (single: Database) => Promise<void>) {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const ctx = {} as { app: FastifyInstance; single: Database };
  beforeAll(async () => {
    database = await createTestDatabase();
    ctx.single = openDatabase(database.url, { max: 1 });
    await prepare?.(ctx.single);
    ctx.app = await buildApp({
      db: ctx.single.db,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' }),
      sessionSecret: 'x'.repeat(48),
      logger: false,
    });
    await ctx.app.ready();
    await insertCatalogue(ctx.single.db);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.single?.close();
    await database?.close();
  });
  return ctx;
}
