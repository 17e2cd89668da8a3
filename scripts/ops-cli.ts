/**
 * Shared by `npm run backup` and `npm run restore`: the configuration the
 * portal uses (DATABASE_URL or DATA_DIR), the FILE argument, and the rule that
 * a failure is one line on stderr and exit 1.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { StartupError } from '../src/server/lib/startup-error';
import { describeStartupFailure } from '../src/server/startup-failure';

export function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

export function readArguments(command: 'backup' | 'restore'): { file: string; config: Config } {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    fail(`Usage: npm run ${command} -- FILE (one file path; DATABASE_URL or DATA_DIR choose the database as for npm start).`);
  }
  try {
    return { file: path.resolve(file), config: loadConfig() };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

export async function runOrFail(config: Config, work: () => Promise<void>): Promise<void> {
  try {
    await work();
    process.exit(0);
  } catch (error) {
    fail(error instanceof StartupError ? error.message : describeStartupFailure(error, { databaseUrl: config.DATABASE_URL }));
  }
}
