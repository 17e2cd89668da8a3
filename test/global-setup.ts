import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the test PostgreSQL server, with `__DB__` where the database name goes. */
    databaseUrlPattern: string;
    templateDatabase: string;
  }
}

// Unique per run: several runs (engineers, CI) may share one external server.
const TEMPLATE = `portal_test_template_${process.pid}`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One PostgreSQL for the whole run (embedded unless TEST_DATABASE_URL is set)
 * and one migrated template database; each test file copies it (test/db.ts).
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedServer | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  const dir = path.resolve('.tmp', `test-pg-${process.pid}`);
  if (!adminUrl) {
    await rm(dir, { recursive: true, force: true });
    server = await startEmbeddedPostgres(dir, { persistent: false });
    adminUrl = server.url('postgres');
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  const template = openDatabase(withDatabase(adminUrl, TEMPLATE), { max: 1 });
  await migrateDatabase(template.db);
  await template.close();
  await admin.end();

  project.provide('databaseUrlPattern', withDatabase(adminUrl, '__DB__'));
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    if (!server) {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${TEMPLATE} with (force)`);
      await cleanup.end();
    }
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
