import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
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

interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks (Linux): tells a live owner from a reused pid. */
  started: string | null;
}

function processStartTime(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's process.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartTime(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: parsed.started ?? null } : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * One portal process per DATA_DIR (ADR 0060). The lock file holds the owner's
 * pid and start time; a second start while the owner lives is refused, a lock
 * left by a killed process is taken over. The lock is taken before the embedded
 * PostgreSQL's crash recovery runs, so that recovery never stops a live portal's server.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = ensureDataDir(dataDir);
  const file = path.join(dir, 'portal.lock');
  const me: LockOwner = { pid: process.pid, started: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new StartupError(`DATA_DIR ${dir} is not writable (${describeCode(code)}). Set DATA_DIR to a writable directory you own.`);
      }
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && isAlive(owner)) {
        throw new StartupError(
          `DATA_DIR ${dir} is in use by another portal process (pid ${owner.pid}). Stop that one first, or give this one its own DATA_DIR.`,
        );
      }
      // Left by a process that is gone (kill -9, power loss): take it over.
      unlinkSync(file);
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (readOwner(file)?.pid === process.pid) unlinkSync(file);
    };
    process.once('exit', release);
    return { release };
  }
  throw new StartupError(`DATA_DIR ${dir}: another process keeps taking its lock file. Give each portal its own DATA_DIR.`);
}
