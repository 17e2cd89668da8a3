import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { activeCart, CATALOGUE, insertCatalogue } from '../../../test/cart-fixtures';
import { killLeftovers, spawnProcess } from '../../../test/processes';
import { samplePdf, samplePng, uploadForm } from '../../../test/sample-files';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';

/**
 * The backup test: back up a populated portal with `npm run backup`,
 * restore with `npm run restore` into a fresh DATA_DIR and into an empty
 * database of the external server (the CI's PostgreSQL 15 when
 * TEST_DATABASE_URL is set), then compare row counts and file checksums and
 * sign in with an old password.
 */
const ctx = useTestApp();
const pattern = inject('databaseUrlPattern');
const scratch = path.resolve('.tmp', `backup-${process.pid}-${randomBytes(3).toString('hex')}`);
const backupFile = path.join(scratch, 'portal.backup.gz');
const externalName = `portal_restore_${process.pid}_${randomBytes(3).toString('hex')}`;
const sourceUrl = () => (ctx.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let dealer: Awaited<ReturnType<typeof createUser>>;
const uploads: { id: number; sha: string }[] = [];

async function runScript(script: 'backup' | 'restore', env: Record<string, string | undefined>) {
  const run = spawnProcess(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, backupFile], env);
  return { code: await run.exited, stdout: run.output(), stderr: run.stderr().trim() };
}

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: pattern.replace('__DB__', 'postgres') });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Row count of every public table. */
async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const result: Record<string, number> = {};
    for (const { name } of rows) result[name] = Number((await client.query(`select count(*) as n from "${name}"`)).rows[0].n);
    return result;
  } finally {
    await client.end();
  }
}

/** Signs in with the dealer's old password and downloads every uploaded file, comparing checksums. */
async function checkPortal(url: string) {
  const database = (await import('../db/client')).openDatabase(url, { max: 2 });
  const app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }), sessionSecret: 'r'.repeat(48), logger: false });
  try {
    const client = await new TestClient(app).signInAs(dealer);
    expect((await activeCart(client)).items).toEqual([expect.objectContaining({ productId: CATALOGUE.plenty.id, quantity: 4 })]);
    for (const upload of uploads) {
      const download = await client.get(`/api/files/${upload.id}/download`);
      expect(download.statusCode, download.body).toBe(200);
      expect(sha256(download.rawPayload)).toBe(upload.sha);
    }
    // Sequences continue after the restored ids.
    const user = await createUser(database.db);
    expect(user.id).toBeGreaterThan(dealer.id);
  } finally {
    await app.close();
    await database.close();
  }
}

beforeAll(async () => {
  await mkdir(scratch, { recursive: true });
  await insertCatalogue(ctx.db);
  const admin = await createUser(ctx.db, { role: 'admin' });
  const uploader = await new TestClient(ctx.app).signInAs(admin, 'admin');
  for (const file of [{ data: await samplePdf('Backed up', 3), filename: 'spec.pdf' }, { data: samplePng, filename: 'swatch.png' }]) {
    const uploaded = await uploader.request({ method: 'POST', url: '/api/files', payload: uploadForm(file) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    uploads.push({ id: uploaded.json().id, sha: sha256(file.data) });
  }
  dealer = await createUser(ctx.db, { role: 'bold_customer', password: 'Old-Pass1' });
  const client = await new TestClient(ctx.app).signInAs(dealer);
  const cart = await activeCart(client);
  await client.post(`/api/carts/${cart.id}/items`, { productId: CATALOGUE.plenty.id, quantity: 2 });
  expect((await client.post('/api/orders', { items: [{ productId: CATALOGUE.plenty.id, quantity: 2 }] })).statusCode).toBe(201);
  await client.post(`/api/carts/${(await activeCart(client)).id}/items`, { productId: CATALOGUE.plenty.id, quantity: 4 });
});

afterAll(async () => {
  killLeftovers();
  await adminQuery(`drop database if exists ${externalName} with (force)`);
  await rm(scratch, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('back up, restore into a new DATA_DIR and into an empty external database: same rows, same files, old passwords', { timeout: 240_000 }, async () => {
    const backup = await runScript('backup', { DATABASE_URL: sourceUrl() });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*portal\.backup\.gz: \d+ tables, \d+ rows/m);
    const expected = await counts(sourceUrl());
    expect(expected.file_blobs).toBe(2);
    expect(expected.orders).toBe(1);

    // Into a fresh embedded DATA_DIR.
    const dataDir = path.join(scratch, 'restored-data');
    const embedded = await runScript('restore', { DATABASE_URL: undefined, DATA_DIR: dataDir });
    expect(embedded.code, embedded.stderr).toBe(0);
    expect(embedded.stdout).toMatch(/^Restored .*: \d+ tables, \d+ rows\.$/m);
    const started = await connectDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, maxConnections: 2 });
    try {
      expect(await counts(started.url)).toEqual(expected);
      await checkPortal(started.url);
    } finally {
      await started.close();
    }

    // Into an empty database on the external server.
    await adminQuery(`create database ${externalName}`);
    const externalUrl = pattern.replace('__DB__', externalName);
    const external = await runScript('restore', { DATABASE_URL: externalUrl });
    expect(external.code, external.stderr).toBe(0);
    expect(await counts(externalUrl)).toEqual(expected);
    await checkPortal(externalUrl);

    // A database that is not empty is refused, in one line, and left as it was.
    const again = await runScript('restore', { DATABASE_URL: externalUrl });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The target database is not empty \(\d+ tables\)\. Restore into a new DATA_DIR or an empty database/);
    expect(again.stderr.split('\n')).toHaveLength(1);
  });

  it('a missing or foreign file is refused in one line', { timeout: 60_000 }, async () => {
    const missing = spawnProcess(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', path.join(scratch, 'nope.gz')], {
      DATABASE_URL: pattern.replace('__DB__', 'postgres'),
    });
    expect(await missing.exited).toBe(1);
    expect(missing.stderr().trim()).toMatch(/nope\.gz does not exist\. Give the path of a file written by npm run backup\.$/);
  });
});
