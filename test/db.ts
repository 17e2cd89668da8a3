import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client';

/** A fresh database copied from the migrated template; this test file owns it alone. */
export async function createTestDatabase(): Promise<Database & { url: string }> {
  const pattern = inject('databaseUrlPattern');
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  const url = pattern.replace('__DB__', name);
  const database = openDatabase(url, { max: 5 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
