import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from './client';
import { prepareDatabase } from './prepare';

/** The failure this prevents: two servers starting at once on an empty external database raced in bootstrap (duplicate key, crash). */
const pattern = inject('databaseUrlPattern');
const name = `portal_bootstrap_${process.pid}_${randomBytes(3).toString('hex')}`;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

afterAll(() => admin(`drop database if exists ${name} with (force)`));

describe('two servers starting at once on an empty database', () => {
  it('migrate and bootstrap one after the other: one first admin, the demo data once, no error', { timeout: 120_000 }, async () => {
    await admin(`create database ${name}`);
    const servers = [openDatabase(pattern.replace('__DB__', name), { max: 3 }), openDatabase(pattern.replace('__DB__', name), { max: 3 })];
    try {
      const options = { adminUsername: 'owner', adminPassword: 'Owner-Pass1', demoData: true };
      const results = await Promise.all(servers.map((server) => prepareDatabase(server, options)));
      expect(results.filter((r) => r.admin !== undefined)).toHaveLength(1);
      expect(results.filter((r) => r.demoProducts > 0)).toHaveLength(1);
      const { rows } = await servers[0]!.pool.query<{ n: number }>("select count(*)::int as n from users where username = 'owner'");
      expect(rows[0]?.n).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});
