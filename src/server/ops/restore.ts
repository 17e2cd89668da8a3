import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateDatabase, openDatabase } from '../db/client';
import { StartupError } from '../lib/startup-error';
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_MAGIC,
  END_OF_BACKUP,
  END_OF_TABLE,
  latestMigration,
  quoteIdent,
  type BackupManifest,
} from './backup-format';

const broken = (file: string, what: string) =>
  new StartupError(`${file} is not a complete portal backup (${what}). Use a file written by npm run backup.`);

/** Refuses a target that holds any table: restore never mixes into existing data. */
async function requireEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: string }>(`
    select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')`);
  const tables = Number(rows[0]?.n ?? 0);
  if (tables > 0) {
    throw new StartupError(
      `The target database is not empty (${tables} tables). Restore into a new DATA_DIR or an empty database (createdb), never over a running portal.`,
    );
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
}

/**
 * Restores a backup into the empty database at `url` (ADR 0060): our migrations
 * build the schema (and seed a few rows, which each table's load replaces), then every table is loaded with COPY in the manifest's
 * order (parents first) inside one transaction, the sequences are set, and the
 * row counts are checked against the manifest before the commit.
 */
export async function restoreDatabase(url: string, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new StartupError(`${file} does not exist. Give the path of a file written by npm run backup.`);
  const gunzip = createGunzip();
  const lines = createInterface({ input: createReadStream(file).pipe(gunzip), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (what: string): Promise<string> => {
    try {
      const line = await lines.next();
      if (line.done) throw broken(file, `it ends before ${what}`);
      return line.value;
    } catch (error) {
      if (error instanceof StartupError) throw error;
      throw broken(file, (error as Error).message);
    }
  };

  const header = await next('the header');
  if (header !== `${BACKUP_MAGIC} ${BACKUP_FORMAT_VERSION}`) throw broken(file, 'unknown header');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await next('the manifest')) as BackupManifest;
  } catch (error) {
    if (error instanceof StartupError) throw error;
    throw broken(file, 'unreadable manifest');
  }
  const ours = latestMigration();
  if (manifest.migration.createdAt !== ours.createdAt) {
    throw new StartupError(
      `${file} was written at migration ${manifest.migration.tag}; this code is at ${ours.tag}. Restore it with the portal version that wrote it, then upgrade.`,
    );
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set statement_timeout = 0');
    await requireEmpty(client);
    const schema = openDatabase(url, { max: 1 });
    try {
      await migrateDatabase(schema.db);
    } finally {
      await schema.close();
    }

    await client.query('begin');
    let total = 0;
    for (const table of manifest.tables) {
      if ((await next(`table ${table.name}`)) !== `TABLE ${table.name}`) throw broken(file, `table ${table.name} missing`);
      const columns = table.columns.map(quoteIdent).join(', ');
      // A row a migration seeds (price_list_version's one row) is the backup's to give: the table is
      // loaded as the backup has it. Children come after their parents, so nothing references it yet.
      await client.query(`delete from ${quoteIdent(table.name)}`);
      const copy = client.query(copyFrom(`copy ${quoteIdent(table.name)} (${columns}) from stdin`));
      const done = new Promise<void>((resolve, reject) => {
        copy.once('finish', resolve);
        copy.once('error', reject);
      });
      for (;;) {
        const line = await next(`the end of table ${table.name}`);
        if (line === END_OF_TABLE) break;
        if (!copy.write(`${line}\n`)) await Promise.race([once(copy, 'drain'), done]);
      }
      copy.end();
      await done;
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table.name)}`);
      if (Number(rows[0]?.n) !== table.rows) {
        throw broken(file, `table ${table.name} has ${rows[0]?.n} rows, the manifest says ${table.rows}`);
      }
      total += table.rows;
    }
    if ((await next('its end')) !== END_OF_BACKUP) throw broken(file, 'no end marker');
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2, $3)', [quoteIdent(sequence.name), sequence.value, sequence.isCalled]);
    }
    await client.query('commit');
    return { manifest, rows: total };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
    lines.return?.(undefined);
  }
}
