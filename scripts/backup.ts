/**
 * `npm run backup -- FILE`: one consistent snapshot of the portal's database
 * (every table, uploaded files included) into FILE, while the portal runs
 * (ADR 0060). Reads DATABASE_URL, or the embedded PostgreSQL of DATA_DIR: the
 * running portal's server when there is one, else it starts it for the backup.
 */
import { connectDatabase, EMBEDDED_DATABASE } from '../src/server/db/connect';
import { runningEmbeddedUrl } from '../src/server/db/embedded';
import { backupDatabase } from '../src/server/ops/backup';
import path from 'node:path';
import { readArguments, runOrFail } from './ops-cli';

const { file, config } = readArguments('backup');
await runOrFail(config, async () => {
  let url = config.DATABASE_URL ?? runningEmbeddedUrl(path.join(config.DATA_DIR, 'postgres'), EMBEDDED_DATABASE);
  const started = url ? undefined : await connectDatabase({ ...config, maxConnections: 1 });
  url ??= started?.url;
  try {
    const { manifest, bytes } = await backupDatabase(url!, file);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Backup written to ${file}: ${manifest.tables.length} tables, ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB.`);
  } finally {
    await started?.close();
  }
});
