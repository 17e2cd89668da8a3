/**
 * `npm run restore -- FILE`: loads a backup into an empty database: a new
 * DATA_DIR (the embedded PostgreSQL is created there) or an empty external one
 * in DATABASE_URL, any PostgreSQL from 15 on (ADR 0060). Refuses a database that
 * already has tables. Afterwards `npm start` with the same DATA_DIR or DATABASE_URL.
 */
import { connectDatabase } from '../src/server/db/connect';
import { restoreDatabase } from '../src/server/ops/restore';
import { readArguments, runOrFail } from './ops-cli';

const { file, config } = readArguments('restore');
await runOrFail(config, async () => {
  const target = await connectDatabase({ ...config, maxConnections: 1 });
  try {
    const { manifest, rows } = await restoreDatabase(target.url, file);
    console.log(`Restored ${file} (written ${manifest.createdAt}): ${manifest.tables.length} tables, ${rows} rows.`);
  } finally {
    await target.close();
  }
});
