import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_MAGIC,
  END_OF_BACKUP,
  END_OF_TABLE,
  latestMigration,
  quoteIdent,
  type BackupManifest,
} from './backup-format';
import { StartupError } from '../lib/startup-error';

interface TableInfo {
  name: string;
  columns: string[];
  references: string[];
}

/** Every table of the public schema with its columns (generated ones left out) and the tables it references. */
async function readTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows } = await client.query<{ name: string; columns: string[]; references: string[] | null }>(`
    select c.relname as name,
      array(select a.attname from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum)::text[] as columns,
      array(select distinct r.relname from pg_constraint f join pg_class r on r.oid = f.confrelid
            where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid)::text[] as references
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  return rows.map((r) => ({ name: r.name, columns: r.columns, references: r.references ?? [] }));
}

/** Parents before children, so restoring in this order satisfies every foreign key. */
export function dependencyOrder<T extends { name: string; references: string[] }>(tables: T[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: T) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') throw new Error(`foreign keys form a cycle through ${table.name}`);
    state.set(table.name, 'visiting');
    for (const parent of table.references) {
      const t = byName.get(parent);
      if (t) visit(t);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function appliedMigration(client: pg.Client): Promise<number> {
  try {
    const { rows } = await client.query<{ created_at: string }>('select max(created_at) as created_at from drizzle.__drizzle_migrations');
    return Number(rows[0]?.created_at ?? 0);
  } catch {
    throw new StartupError('The source database has no portal tables. Point DATA_DIR or DATABASE_URL at the portal you want to back up.');
  }
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  bytes: number;
}

/**
 * Writes a backup of the database at `url` to `file` (ADR 0060): one
 * REPEATABLE READ, READ ONLY transaction, so every table comes from the same
 * snapshot while the portal keeps running; row counts, sequences and the
 * migration go into the manifest first. The file appears only when complete.
 */
export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  try {
    await writeFile(partial, '', { mode: 0o600 });
  } catch (error) {
    throw new StartupError(
      `Cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}). Give a path in an existing directory you may write to.`,
    );
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('set statement_timeout = 0');
    await client.query('begin isolation level repeatable read read only');
    const migrationCreatedAt = await appliedMigration(client);
    const ours = latestMigration();
    if (migrationCreatedAt !== ours.createdAt) {
      throw new StartupError(
        `The database is at a different migration than this code (${ours.tag}). Back it up with the portal version that runs it.`,
      );
    }
    const tables = dependencyOrder(await readTables(client));
    const counted: BackupManifest['tables'] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table.name)}`);
      counted.push({ name: table.name, columns: table.columns, rows: Number(rows[0]?.n ?? 0) });
    }
    const { rows: sequences } = await client.query<{ name: string; value: string | null; is_called: boolean }>(`
      select s.sequencename as name, s.last_value as value, s.last_value is not null as is_called
      from pg_sequences s where s.schemaname = 'public' order by s.sequencename`);
    const { rows: version } = await client.query<{ server_version: string }>('show server_version');
    const manifest: BackupManifest = {
      format: BACKUP_MAGIC,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migration: ours,
      postgresVersion: version[0]?.server_version ?? 'unknown',
      tables: counted,
      sequences: sequences.map((s) => ({ name: s.name, value: Number(s.value ?? 1), isCalled: s.is_called })),
    };

    const gzip = createGzip({ level: 6 });
    const output = createWriteStream(partial, { mode: 0o600 });
    const finished = new Promise<void>((resolve, reject) => {
      output.once('close', resolve);
      output.once('error', reject);
      gzip.once('error', reject);
    });
    gzip.pipe(output);
    const write = async (chunk: string | Buffer) => {
      if (!gzip.write(chunk)) await once(gzip, 'drain');
    };
    await write(`${BACKUP_MAGIC} ${BACKUP_FORMAT_VERSION}\n${JSON.stringify(manifest)}\n`);
    for (const table of counted) {
      await write(`TABLE ${table.name}\n`);
      const columns = table.columns.map(quoteIdent).join(', ');
      const stream = client.query(copyTo(`copy ${quoteIdent(table.name)} (${columns}) to stdout`));
      for await (const chunk of stream) await write(chunk as Buffer);
      await write(`${END_OF_TABLE}\n`);
    }
    await write(`${END_OF_BACKUP}\n`);
    gzip.end();
    await finished;
    await client.query('commit');
    await rename(partial, file);
    return { file, manifest, bytes: output.bytesWritten };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
