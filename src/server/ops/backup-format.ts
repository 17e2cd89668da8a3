import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The backup file (ADR 0060): gzip of UTF-8 lines.
 *   BOLD-PORTAL-BACKUP 1
 *   {manifest as one JSON line}
 *   TABLE <name>
 *   <COPY text-format rows of that table>
 *   \.
 *   ...one block per table, parents before children...
 *   END
 * COPY's text format escapes backslashes, so a data line is never exactly `\.`.
 */
export const BACKUP_MAGIC = 'BOLD-PORTAL-BACKUP';
export const BACKUP_FORMAT_VERSION = 1;
export const END_OF_TABLE = '\\.';
export const END_OF_BACKUP = 'END';

export interface BackupManifest {
  format: typeof BACKUP_MAGIC;
  version: number;
  createdAt: string;
  /** The last migration the source had applied; restore needs the same code version. */
  migration: { tag: string; createdAt: number };
  postgresVersion: string;
  /** In restore order: every table after the tables it references. */
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; value: number; isCalled: boolean }[];
}

/** The newest migration this code ships (drizzle's journal). */
export function latestMigration(): { tag: string; createdAt: number } {
  const journal = JSON.parse(
    readFileSync(fileURLToPath(new URL('../db/migrations/meta/_journal.json', import.meta.url)), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations');
  return { tag: last.tag, createdAt: last.when };
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
