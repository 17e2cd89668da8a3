import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signInOverHttp, type Answer } from '../../test/http';
import { embeddedPostgresPids, isAlive, startPortal, signalEmbeddedPostgres, type Spawned } from '../../test/processes';
import { DATABASE_TIMEOUT_MESSAGE } from './plugins/errors';

/**
 * A frozen database (its processes stopped: a stuck disk, a paused VM)
 * answers nothing and closes nothing. Every request must still get its 503 within
 * the configured limits, and the portal must serve again once PostgreSQL runs.
 * A real portal on its own embedded PostgreSQL, which this test stops with SIGSTOP.
 */
const dataDir = path.resolve('.tmp', `freeze-${process.pid}`);
const admin = { username: 'owner', password: 'Owner-Pass1' };
const STATEMENT_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 1_000;
/** ADR 0170: a request waits at most for a connection, then for one statement's client-side limit (statement timeout + 2 s). */
const DOCUMENTED_LIMIT_MS = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 2_000;
/** Room for a busy shared machine; a hang (the old 65 s query limit) is far beyond it. */
const MARGIN_MS = 5_000;
let portal: Spawned;
let url: string;
let frozen = false;

beforeAll(async () => {
  portal = startPortal({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    DEMO_DATA: 'false',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  });
  url = (await portal.waitFor(/listening on (http:\/\/\S+)/))[1]!;
}, 120_000);

afterAll(async () => {
  // Never leave a stopped PostgreSQL behind, whatever failed.
  if (frozen) signalEmbeddedPostgres(dataDir, 'SIGCONT');
  if (portal && portal.child.exitCode === null) {
    const postgres = embeddedPostgresPids(dataDir);
    portal.child.kill('SIGTERM');
    const stopped = await Promise.race([portal.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 20_000))]);
    if (!stopped) {
      portal.child.kill('SIGKILL');
      postgres.filter(isAlive).forEach((pid) => process.kill(pid, 'SIGKILL'));
    }
  }
  await rm(dataDir, { recursive: true, force: true });
}, 40_000);

async function timed(request: Promise<Answer>): Promise<Answer & { ms: number }> {
  const started = Date.now();
  const answer = await request;
  return { ...answer, ms: Date.now() - started };
}

describe('a frozen PostgreSQL (SIGSTOP)', () => {
  it('answers 503 with Retry-After within the documented limit, and serves again after SIGCONT', { timeout: 60_000 }, async () => {
    const cookie = await signInOverHttp(url, admin, 'admin');
    expect((await send(url, 'GET', '/api/carts', undefined, cookie)).status).toBe(200);
    expect((await send(url, 'GET', '/api/health')).status).toBe(200);

    signalEmbeddedPostgres(dataDir, 'SIGSTOP');
    frozen = true;
    try {
      // On open connections (the query limit fires) and then on new ones (the connect limit fires).
      for (let round = 0; round < 2; round += 1) {
        const [carts, login, health] = await Promise.all([
          timed(send(url, 'GET', '/api/carts', undefined, cookie)),
          timed(send(url, 'POST', '/api/login', admin)),
          timed(send(url, 'GET', '/api/health')),
        ]);
        for (const answer of [carts, login]) {
          expect(answer.status, answer.body).toBe(503);
          expect(answer.headers['retry-after']).toBe('5');
          expect(JSON.parse(answer.body).message).toBe(DATABASE_TIMEOUT_MESSAGE);
          expect(answer.ms).toBeLessThan(DOCUMENTED_LIMIT_MS + MARGIN_MS);
        }
        console.info(`frozen round ${round + 1}: carts ${carts.status} in ${carts.ms} ms, login ${login.status} in ${login.ms} ms, health ${health.status} in ${health.ms} ms`);
        expect(health.status).toBe(503);
        expect(health.ms).toBeLessThan(2_000 + MARGIN_MS);
      }
      expect(portal.child.exitCode).toBeNull();
    } finally {
      signalEmbeddedPostgres(dataDir, 'SIGCONT');
      frozen = false;
    }

    // Thawed: the portal serves again without a restart.
    const thawed = Date.now();
    const deadline = thawed + 20_000;
    let carts = await send(url, 'GET', '/api/carts', undefined, cookie);
    while (carts.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      carts = await send(url, 'GET', '/api/carts', undefined, cookie);
    }
    expect(carts.status, carts.body).toBe(200);
    console.info(`after SIGCONT: carts 200 after ${Date.now() - thawed} ms`);
    expect((await send(url, 'GET', '/api/health')).status).toBe(200);
    expect((await send(url, 'POST', '/api/login', admin)).status).toBe(200);
  });
});
