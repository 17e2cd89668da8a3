import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('names its pid, refuses a second holder with a clear sentence, and frees the directory on release', { timeout: 40_000 }, async () => {
    const dir = dataDir();
    const lock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'portal.lock'), 'utf8'))).toEqual({ pid: process.pid });
    await expect(lockDataDir(dir)).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another portal process (pid ${process.pid}). Stop that one first, or give this one its own DATA_DIR.`,
    );
    await lock.release();
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(false);
    await (await lockDataDir(dir)).release();
  });

  it('takes over a lock left by a killed process once it is stale', { timeout: 40_000 }, async () => {
    const dir = dataDir();
    // What kill -9 leaves: the lock directory, no longer refreshed, and the dead owner's pid.
    mkdirSync(path.join(dir, 'portal.lock.d'));
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'portal.lock.d'), longAgo, longAgo);
    writeFileSync(path.join(dir, 'portal.lock'), JSON.stringify({ pid: 999_999 }));
    const started = Date.now();
    const lock = await lockDataDir(dir);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(JSON.parse(readFileSync(path.join(dir, 'portal.lock'), 'utf8'))).toEqual({ pid: process.pid });
    await lock.release();
  });

  it('refuses a DATA_DIR it cannot write to', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'not-a-dir');
    writeFileSync(file, '');
    await expect(lockDataDir(file)).rejects.toThrow(/is a file, not a directory/);
  });
});
