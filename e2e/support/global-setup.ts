import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClientIfStale } from '../../scripts/build-if-stale.mjs';
import { ADMIN_ACCOUNT, createJourneyAccounts } from './accounts';
import { freePort } from '../../src/server/lib/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}


async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      // Readiness: the server listens before it has migrated and loaded its data (ADR 0171).
      const response = await fetch(`${url}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Builds the client when stale and starts the production server on a fresh
 * embedded database with demo data (its catalogue, merchandise and announcements),
 * exactly as `npm start` would, then creates the journeys' own accounts.
 */
export default async function setup(project: TestProject) {
  await buildClientIfStale();
  // E2E_PORT pins the port (several worktrees on one machine); otherwise any free one.
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const dataDir = path.resolve('.tmp', `e2e-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      ADMIN_USERNAME: ADMIN_ACCOUNT.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT.password,
      LOG_LEVEL: 'warn',
      // The webhook journey delivers to a receiver on loopback (docs/decisions/0161).
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, server, () => log);
  // The journeys sign in with accounts of their own, not the demo data's users.
  await createJourneyAccounts(baseURL);
  project.provide('baseURL', baseURL);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  };
}
