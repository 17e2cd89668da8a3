import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { isAlive, killLeftovers, spawnProcess, startPortal, type Spawned } from '../../test/processes';

const dataDir = path.resolve('.tmp', `shutdown-${process.pid}`);
const admin = { username: 'owner', password: 'Owner-Pass1' };
const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password };

afterAll(async () => {
  killLeftovers();
  await new Promise((r) => setTimeout(r, 500));
  await rm(dataDir, { recursive: true, force: true });
});

interface Outcome {
  name: string;
  status?: number;
  error?: string;
}

/** One request on its own connection (no keep-alive), as a fresh client or a retrying proxy sends it. */
function send(url: string, method: string, pathname: string, body: unknown, cookie = ''): Promise<{ status: number; body: string; cookie: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body ?? {});
    const req = request(
      `${url}${pathname}`,
      {
        method,
        agent: false,
        headers: { 'content-type': 'application/json', 'x-request-timestamp': String(Date.now()), cookie, 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : payload);
  });
}

async function signIn(url: string): Promise<string> {
  const login = await send(url, 'POST', '/api/login', admin);
  expect(login.status, login.body).toBe(200);
  const role = await send(url, 'POST', '/api/session/role', { role: 'admin' }, login.cookie);
  expect(role.status, role.body).toBe(200);
  return role.cookie || login.cookie;
}

async function announcementTitles(url: string, cookie: string): Promise<Set<string>> {
  const announcements = await send(url, 'GET', '/api/announcements', undefined, cookie);
  expect(announcements.status).toBe(200);
  return new Set((JSON.parse(announcements.body) as { title: string }[]).map((a) => a.title));
}


/**
 * Six clients create announcements as fast as they can (a write with no per-user cap,
 * unlike purchase orders, ADR 0179); once 20 have succeeded the portal gets SIGTERM.
 * Each worker stops at its first refused connection.
 */
async function burstThenStop(url: string, portal: Spawned): Promise<{ outcomes: Outcome[]; exitCode: number | null }> {
  const cookie = await signIn(url);
  const outcomes: Outcome[] = [];
  let counter = 0;
  let stopSending = false;
  const worker = async () => {
    while (!stopSending) {
      const name = `burst-${(counter += 1)}`;
      try {
        const answer = await send(url, 'POST', '/api/announcements', { title: name, message: 'Written during a shutdown' }, cookie);
        outcomes.push({ name, status: answer.status });
      } catch (error) {
        outcomes.push({ name, error: (error as NodeJS.ErrnoException).code ?? String(error) });
        // Refused: the server has stopped listening; this worker is done.
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return;
      }
    }
  };
  const workers = Array.from({ length: 6 }, worker);
  while (outcomes.filter((o) => o.status === 200).length < 20) {
    const refused = outcomes.find((o) => o.status !== undefined && o.status !== 200);
    if (refused) throw new Error(`The burst was refused before the stop: ${JSON.stringify(refused)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  portal.child.kill('SIGTERM');
  const exitCode = await portal.exited;
  stopSending = true;
  await Promise.all(workers);
  return { outcomes, exitCode };
}

/** No 5xx, no answer but 200; connection errors only before a request started. */
function expectCleanOutcomes(outcomes: Outcome[]) {
  const answered = outcomes.filter((o) => o.status !== undefined);
  expect(answered.filter((o) => o.status !== 200)).toEqual([]);
  const failed = outcomes.filter((o) => o.error !== undefined);
  expect(failed.every((o) => ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(o.error!)), JSON.stringify(failed)).toBe(true);
  return { answered, failed };
}

describe('npm start and SIGTERM', () => {
  it('refuses a second start on the DATA_DIR in use; stops the whole portal on SIGTERM under a write burst', { timeout: 180_000 }, async () => {
    // `npm start` itself, as a supervisor or container runtime runs it.
    const npm = spawnProcess('npm', ['start'], { ...env, BUILD_CLIENT: 'false' });
    const url = (await npm.waitFor(/listening on (http:\/\/\S+)/))[1]!;
    const serverPid = (JSON.parse(readFileSync(path.join(dataDir, 'portal.lock'), 'utf8')) as { pid: number }).pid;
    const postgresPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

    // A second portal on the same DATA_DIR is refused in one line and the first keeps serving.
    const second = startPortal(env);
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim()).toBe(
      `DATA_DIR ${dataDir} is in use by another portal process (pid ${serverPid}). Stop that one first, or give this one its own DATA_DIR.`,
    );
    expect((await send(url, 'GET', '/api/health', undefined)).status).toBe(200);

    const { outcomes, exitCode } = await burstThenStop(url, npm);
    expect(exitCode, npm.output()).toBe(0);
    expect(isAlive(serverPid)).toBe(false);
    expect(isAlive(postgresPid)).toBe(false);
    // Every answer was a success: no 500 from a database stopped under the app, no 503 for a started request.
    const { answered, failed } = expectCleanOutcomes(outcomes);

    // After a restart: every answered write is there, and no write that got no answer was applied.
    const again = startPortal(env);
    const againUrl = (await again.waitFor(/listening on (http:\/\/\S+)/))[1]!;
    const names = await announcementTitles(againUrl, await signIn(againUrl));
    expect(answered.filter((o) => !names.has(o.name))).toEqual([]);
    expect(failed.filter((o) => names.has(o.name))).toEqual([]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('with DATABASE_URL: SIGTERM under a write burst loses no answered write and applies no unanswered one', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const portal = startPortal({ ...env, DATA_DIR: `${dataDir}-external`, DATABASE_URL: database.url, SESSION_SECRET: 'e'.repeat(40) });
      const url = (await portal.waitFor(/listening on (http:\/\/\S+)/))[1]!;
      const { outcomes, exitCode } = await burstThenStop(url, portal);
      expect(exitCode, portal.output()).toBe(0);
      const { answered, failed } = expectCleanOutcomes(outcomes);
      const { rows } = await database.pool.query<{ title: string }>("select title from announcements where title like 'burst-%'");
      const names = new Set(rows.map((r) => r.title));
      expect(answered.filter((o) => !names.has(o.name))).toEqual([]);
      expect(failed.filter((o) => names.has(o.name))).toEqual([]);
    } finally {
      await database.close();
      await rm(`${dataDir}-external`, { recursive: true, force: true });
    }
  });
});
