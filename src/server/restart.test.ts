import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = path.resolve('.tmp', `restart-${process.pid}`);
const running: ChildProcess[] = [];

function withoutHost(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { HOST: _host, ...rest } = env;
  return rest;
}

/** Starts the real server process (as `npm start` does) and resolves with its URL and output. */
function startServer(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    // No HOST: with demo data on, the server must choose this machine only (ADR 0178).
    env: { ...withoutHost(process.env), PORT: '0', DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('reuses its data on a second start and recovers from SIGKILL', { timeout: 120_000 }, async () => {
    const first = await startServer();
    expect(first.output()).toContain('Demo data loaded');
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.output()).toContain('set HOST=0.0.0.0 to serve the network');
    // Demo passwords are random and printed once, at the first start (ADR 0178).
    const dealerPassword = /\bdealer \/ (\S+)/.exec(first.output())?.[1];
    expect(dealerPassword).toBeTruthy();
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    // A crash: no shutdown hooks run, the embedded PostgreSQL is orphaned with its pid file.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startServer();
    expect(second.output()).not.toContain('Demo data loaded');
    const login = await fetch(`${second.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()) },
      body: JSON.stringify({ username: 'dealer', password: dealerPassword }),
    });
    expect(login.status).toBe(200);

    // A clean stop on SIGTERM.
    const exit = new Promise<number | null>((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
