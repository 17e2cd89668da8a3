import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, demoDataEnabled, loadConfig, type Config } from './config';
import { bootstrapEmptyDatabase, type BootstrapResult } from './db/bootstrap';
import { connectDatabase } from './db/connect';
import { startOutboxSender } from './jobs/outbox-sender';
import { startSessionPruning } from './jobs/prune-sessions';
import { createActivityService } from './modules/activity';
import { resolveSessionSecret } from './session-secret';

const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

function printWelcome(config: Config, url: string, boot: BootstrapResult): void {
  const lines = [`BOLD portal listening on ${url}`];
  if (boot.admin?.password) {
    lines.push(`First admin created: ${boot.admin.username} / ${boot.admin.password} (temporary: change it at first login)`);
  } else if (boot.admin) {
    lines.push(`First admin created from ADMIN_USERNAME: ${boot.admin.username}`);
  }
  if (boot.demoAccounts.length > 0) {
    lines.push(`Demo data loaded: ${boot.demoProducts} products. Demo accounts:`);
    for (const a of boot.demoAccounts) {
      lines.push(`  ${a.role.padEnd(14)} ${a.username} / ${a.password}${a.temporary ? '  (temporary: must change it at first login)' : ''}`);
    }
  }
  if (!config.SMTP_URL) lines.push('SMTP_URL is not set: emails wait in the outbox.');
  console.log(lines.join('\n'));
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await connectDatabase(config);
  const boot = await bootstrapEmptyDatabase(database.db, {
    adminUsername: config.ADMIN_USERNAME,
    adminPassword: config.ADMIN_PASSWORD,
    demoData: database.embedded ? demoDataEnabled(config) : config.DEMO_DATA === true,
  });
  const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, path.resolve(config.DATA_DIR));
  const app = await buildApp({ db: database.db, config, sessionSecret, clientDir });
  const stopPruning = startSessionPruning(database.db, createActivityService(database.db), app.log);
  // Without SMTP_URL, emails wait in the outbox table (docs/product-decisions.md).
  const outbox = config.SMTP_URL ? startOutboxSender({ db: database.db, smtpUrl: config.SMTP_URL, log: app.log }) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopPruning();
    await outbox?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? `http://localhost:${new URL(address).port}` : address;
  printWelcome(config, shown, boot);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
