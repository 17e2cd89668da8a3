import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { StartupError } from '../lib/startup-error';

function describeCode(code: string | undefined): string {
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'the disk is full';
  return code ?? 'unknown error';
}

/**
 * Creates DATA_DIR one level at a time. Node's recursive mkdir spins for ever on
 * some virtual file systems (DATA_DIR=/proc/x); a plain mkdir fails at once.
 */
export function ensureDataDir(dataDir: string): string {
  const dir = path.resolve(dataDir);
  const missing: string[] = [];
  let existing = dir;
  while (!existsSync(existing)) {
    missing.unshift(existing);
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) {
    throw new StartupError(`DATA_DIR ${dir}: ${existing} is a file, not a directory. Set DATA_DIR to a directory path (default ./data).`);
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new StartupError(
        `DATA_DIR ${dir}: cannot create ${level} (${describeCode(code)}). Set DATA_DIR to a writable directory you own.`,
      );
    }
  }
  return dir;
}

/**
 * proper-lockfile's lock is a directory whose mtime the owner refreshes every UPDATE_MS; one not
 * refreshed for STALE_MS (the owner was killed) is taken over. A start waits a little longer than
 * that for a lock to go stale before it gives up.
 */
const STALE_MS = 5_000;
const UPDATE_MS = 1_000;
const WAIT_MS = STALE_MS + 2 * UPDATE_MS;
const RETRY_MS = 500;

/** Who holds the lock, for the refusal message; written once the lock is ours. */
function readOwnerPid(file: string): number | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown };
    return typeof parsed.pid === 'number' ? parsed.pid : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is a live process (signal 0 tests without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const inUse = (dir: string, pid: number | null) =>
  new StartupError(
    `DATA_DIR ${dir} is in use by another portal process${pid === null ? '' : ` (pid ${pid})`}. Stop that one first, or give this one its own DATA_DIR.`,
  );

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * One portal process per DATA_DIR (docs/decisions/0217-http-and-file-helpers-from-libraries.md):
 * proper-lockfile holds portal.lock.d; portal.lock names the owner's pid. A second start while the
 * owner lives is refused; a lock left by a killed process is taken over once it is stale. The lock is
 * taken before the embedded PostgreSQL's crash recovery runs, so that recovery never stops a live
 * portal's server.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = ensureDataDir(dataDir);
  const ownerFile = path.join(dir, 'portal.lock');
  // A live owner is refused at once; only a lock whose owner is gone is waited on until it is stale.
  const owner = readOwnerPid(ownerFile);
  if (owner !== null && owner !== process.pid && isAlive(owner) && (await lockfile.check(dir, { lockfilePath: path.join(dir, 'portal.lock.d'), stale: STALE_MS }))) {
    throw inUse(dir, owner);
  }
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lockfile.lock(dir, {
      lockfilePath: path.join(dir, 'portal.lock.d'),
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: { retries: Math.ceil(WAIT_MS / RETRY_MS), factor: 1, minTimeout: RETRY_MS, maxTimeout: RETRY_MS },
      // Also called when the event loop stalled past STALE_MS and the refresh came late: the portal
      // keeps serving (stopping it would turn a slow moment into an outage) and says so once.
      onCompromised: (error) => console.error(`DATA_DIR ${dir}: its lock was not refreshed in time (${error.message}).`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOCKED') throw inUse(dir, readOwnerPid(ownerFile));
    throw new StartupError(`DATA_DIR ${dir} is not writable (${describeCode(code)}). Set DATA_DIR to a writable directory you own.`);
  }
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid }), { mode: 0o600 });
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      if (readOwnerPid(ownerFile) === process.pid) unlinkSync(ownerFile);
      await releaseLock();
    },
  };
}
