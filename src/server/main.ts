import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, demoDataEnabled, loadConfig, type Config } from './config';
import type { BootstrapResult } from './db/bootstrap';
import { connectDatabase, type ConnectedDatabase } from './db/connect';
import { prepareDatabase } from './db/prepare';
import { startOutboxSender } from './jobs/outbox-sender';
import { pruneSessionsOnce } from './jobs/prune-sessions';
import { RETENTION_EVERY_MS, runRetentionOnce } from './jobs/retention';
import { every, type ScheduledJob } from './jobs/schedule';
import { createActivityService } from './modules/activity';
import { startWebhookSender } from './modules/webhooks';
import { resolveSessionSecret } from './session-secret';
import { describeStartupFailure } from './startup-failure';

const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));
const SESSION_PRUNE_EVERY_MS = 15 * 60 * 1000;

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

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

/**
 * The shutdown sequence (ADR 0060): stop accepting connections, let requests in
 * flight finish (at most SHUTDOWN_TIMEOUT_MS, then their connections are cut),
 * stop the jobs and the outbox sender, close the pool, stop the embedded
 * PostgreSQL, release DATA_DIR, exit 0.
 */
function installShutdown(app: FastifyInstance, database: ConnectedDatabase, jobs: ScheduledJob[], timeoutMs: number): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const drained = app.close();
    const cutoff = setTimeout(() => {
      app.log.warn({ timeoutMs }, 'requests still running at the shutdown timeout; closing their connections');
      app.server.closeAllConnections();
    }, timeoutMs);
    try {
      await drained;
      clearTimeout(cutoff);
      await Promise.all(jobs.map((job) => job.stop()));
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const context = { databaseUrl: config.DATABASE_URL, port: config.PORT, host: config.HOST };

  let database: ConnectedDatabase | undefined;
  try {
    database = await connectDatabase(config);
    const boot = await prepareDatabase(database, {
      adminUsername: config.ADMIN_USERNAME,
      adminPassword: config.ADMIN_PASSWORD,
      demoData: database.embedded ? demoDataEnabled(config) : config.DEMO_DATA === true,
    });
    const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, path.resolve(config.DATA_DIR));
    const app = await buildApp({ db: database.db, config, sessionSecret, clientDir });
    const { db } = database;
    const activity = createActivityService(db);
    const jobs: ScheduledJob[] = [
      every(SESSION_PRUNE_EVERY_MS, 'session pruning', () => pruneSessionsOnce(db, activity), app.log),
      every(
        RETENTION_EVERY_MS,
        'retention',
        async () => {
          const removed = await runRetentionOnce(db, {
            activityDays: config.RETAIN_ACTIVITY_DAYS,
            sentEmailDays: config.RETAIN_SENT_EMAILS_DAYS,
            deliveredWebhookDays: config.RETAIN_WEBHOOK_DELIVERIES_DAYS,
          });
          if (Object.values(removed).some((n) => n > 0)) app.log.info({ removed }, 'retention removed old rows');
        },
        app.log,
      ),
    ];
    // Without SMTP_URL, emails wait in the outbox table (docs/product-decisions.md).
    if (config.SMTP_URL) jobs.push(startOutboxSender({ db, smtpUrl: config.SMTP_URL, log: app.log }));
    // Stopped with the other jobs: the request in flight finishes, the rest of its batch is handed back (ADR 0161).
    jobs.push(startWebhookSender({ db, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, log: app.log }));
    installShutdown(app, database, jobs, config.SHUTDOWN_TIMEOUT_MS);

    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const shown = config.HOST === '0.0.0.0' ? `http://localhost:${new URL(address).port}` : address;
    printWelcome(config, shown, boot);
    if (!database.embedded && !config.SESSION_SECRET) {
      console.warn(
        `Warning: SESSION_SECRET is not set; this server signs cookies with a secret kept in ${path.resolve(config.DATA_DIR)}. ` +
          'Give every app server on this database the same SESSION_SECRET, or users are signed out when they reach another server.',
      );
    }
  } catch (error) {
    const line = describeStartupFailure(error, context);
    await database?.close().catch(() => undefined);
    fail(line);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => fail(describeStartupFailure(error, {})));
}
