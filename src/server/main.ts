import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, demoDataEnabled, listenHost, loadConfig, type Config } from './config';
import type { BootstrapResult } from './db/bootstrap';
import { connectDatabase, type ConnectedDatabase } from './db/connect';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { prepareDatabase } from './db/prepare';
import { startBackgroundJobs, type BackgroundJobs } from './jobs/runner';
import { resolveSessionSecret } from './session-secret';
import { describeStartupFailure } from './startup-failure';

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
    // The passwords are random and stored only as hashes (ADR 0178): this is the one time they are shown.
    lines.push('  These passwords are shown only now; keep them. An admin can reset them later.');
  }
  if (config.HOST === undefined && listenHost(config) === '127.0.0.1') {
    lines.push('Demo data is on, so the portal answers on this machine only; set HOST=0.0.0.0 to serve the network (ADR 0178).');
  }
  if (!config.SMTP_URL) lines.push('SMTP_URL is not set: emails wait in the outbox.');
  console.log(lines.join('\n'));
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

/** What the shutdown sequence stops; filled in as the start-up gets there. */
interface Running {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  database: ConnectedDatabase;
  jobs: BackgroundJobs[];
  /** Settles when the start-up after listening (migrations, bootstrap, jobs) is over, however it ended. */
  started: Promise<unknown>;
}

/**
 * The shutdown sequence (ADR 0060, ADR 0171): report not ready at once (/api/health/ready
 * answers 503, every response closes its connection) and keep serving for
 * SHUTDOWN_READINESS_DELAY_MS, so a proxy checking readiness stops sending here; then stop
 * accepting and close idle keep-alive sockets; let requests in flight finish (at most
 * SHUTDOWN_TIMEOUT_MS, then their connections are cut); stop the jobs and the outbox sender,
 * close the pool, stop the embedded PostgreSQL, release DATA_DIR, exit 0. A second signal
 * ends the readiness delay early (Ctrl-C twice).
 */
function installShutdown(running: Running, config: Config): void {
  const { app, lifecycle } = running;
  let closing = false;
  let endDelay: (() => void) | undefined;
  const shutdown = async (signal: string) => {
    if (closing) {
      endDelay?.();
      return;
    }
    closing = true;
    const wasReady = lifecycle.phase === 'ready';
    lifecycle.drain();
    const startedAt = Date.now();
    try {
      // A server that was never ready has no proxy sending to it: nothing to wait for.
      const delayMs = wasReady ? config.SHUTDOWN_READINESS_DELAY_MS : 0;
      app.log.info({ signal, delayMs }, 'shutting down: not ready; serving until the proxy has noticed');
      await new Promise<void>((resolve) => {
        endDelay = resolve;
        setTimeout(resolve, delayMs).unref();
      });
      app.log.info('shutting down: no new connections; finishing requests in flight');
      const drained = app.close();
      const cutoff = setTimeout(() => {
        app.log.warn({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'requests still running at the shutdown timeout; closing their connections');
        app.server.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      await drained;
      clearTimeout(cutoff);
      // A signal during migrations: they finish (under their lock) before the pool closes.
      await running.started;
      await Promise.all(running.jobs.map((job) => job.stop()));
      await running.database.close();
      app.log.info({ ms: Date.now() - startedAt }, 'stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

/**
 * Opens the port without Fastify's "Server listening at ..." log line: the port opens before the
 * migrations (ADR 0171), and a start that then fails must print its one line and nothing that says
 * the portal is listening (docs/decisions/0202). main() logs that line once the portal is ready.
 */
async function listenQuietly(app: FastifyInstance, options: { port: number; host: string }): Promise<string> {
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    return await app.listen(options);
  } finally {
    app.log.level = level;
  }
}

/**
 * Start-up order (ADR 0171): configuration, the database connection (DATA_DIR lock and the
 * embedded PostgreSQL) and one query on it (ADR 0202), the app built without touching the
 * database, listen (a port in use fails here, before any migration or job), then migrations and the first-start bootstrap while
 * readiness answers 503, then ready and the jobs.
 */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const host = listenHost(config);
  const context = { databaseUrl: config.DATABASE_URL, port: config.PORT, host };

  let database: ConnectedDatabase | undefined;
  let app: FastifyInstance | undefined;
  try {
    database = await connectDatabase(config);
    const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, path.resolve(config.DATA_DIR));
    const lifecycle = createLifecycle();
    // PostgreSQL down, a database that is missing or a refused login: the one line, before the port
    // is opened and before anything says the portal is listening (docs/decisions/0202).
    await database.pool.query('select 1');
    app = await buildApp({ db: database.db, config, sessionSecret, clientDir, lifecycle });
    const address = await listenQuietly(app, { port: config.PORT, host });

    const connected = database;
    const running: Running = { app, lifecycle, database: connected, jobs: [], started: Promise.resolve() };
    const prepared = (async () => {
      const boot = await prepareDatabase(connected, {
        adminUsername: config.ADMIN_USERNAME,
        adminPassword: config.ADMIN_PASSWORD,
        demoData: connected.embedded ? demoDataEnabled(config) : config.DEMO_DATA === true,
      });
      await lifecycle.markReady();
      if (lifecycle.phase === 'ready') running.jobs = [await startBackgroundJobs(connected, config, running.app.log)];
      return boot;
    })();
    running.started = prepared.catch(() => undefined);
    installShutdown(running, config);
    const boot = await prepared;

    // Fastify's own line, said once the portal is ready rather than when the port opened.
    running.app.log.info(`Server listening at ${address}`);
    const shown = host === '0.0.0.0' ? `http://localhost:${new URL(address).port}` : address;
    printWelcome(config, shown, boot);
    if (!database.embedded && !config.SESSION_SECRET) {
      console.warn(
        `Warning: SESSION_SECRET is not set; this server signs cookies with a secret kept in ${path.resolve(config.DATA_DIR)}. ` +
          'Give every app server on this database the same SESSION_SECRET, or users are signed out when they reach another server.',
      );
    }
  } catch (error) {
    const line = describeStartupFailure(error, context);
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    fail(line);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => fail(describeStartupFailure(error, {})));
}
