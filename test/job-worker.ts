/**
 * A real process that runs the portal's background jobs and nothing else: the same
 * `startBackgroundJobs` main.ts starts, on DATABASE_URL, configured from the environment by the
 * same `loadConfig`. The job conformance tests (src/server/jobs/conformance.test.ts) compile it into
 * one file, start several and kill them (docs/decisions/0224); `node --import tsx test/job-worker.ts`
 * runs it as it is.
 *
 * Timings a test may shorten (production keeps pg-boss's and docs/decisions/0161's):
 * - JOB_WORKER_INTERVAL_SECONDS: pg-boss's maintenance (expiry of held jobs), its clock and polling;
 * - JOB_WORKER_WEBHOOK_POLICY: the webhook retry figures as JSON `{ firstRetryMs, maxRetryMs, maxAttempts }`.
 * Prints "job worker ready" once its workers run; SIGTERM stops it as main.ts stops a server.
 */
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { startBackgroundJobs } from '../src/server/jobs/runner';
import { WEBHOOK_POLICY, type WebhookRetryPolicy } from '../src/server/modules/webhooks';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('job worker: DATABASE_URL is required');
const interval = Number(process.env.JOB_WORKER_INTERVAL_SECONDS ?? 0) || undefined;
const policy = process.env.JOB_WORKER_WEBHOOK_POLICY
  ? ({ ...WEBHOOK_POLICY, ...(JSON.parse(process.env.JOB_WORKER_WEBHOOK_POLICY) as Partial<WebhookRetryPolicy>) } satisfies WebhookRetryPolicy)
  : undefined;

const log = Fastify({ logger: { level: config.LOG_LEVEL } }).log;
const database = { ...openDatabase(config.DATABASE_URL, { max: 5 }), embedded: false, url: config.DATABASE_URL };
const jobs = await startBackgroundJobs(database, config, log, {
  boss: interval ? { maintenanceIntervalSeconds: interval, cronMonitorIntervalSeconds: interval, cronWorkerIntervalSeconds: interval } : {},
  pollingIntervalSeconds: interval ? Math.max(0.5, interval / 2) : undefined,
  webhookPolicy: policy,
});
console.log(`job worker ready (pid ${process.pid})`);

process.once('SIGTERM', () => {
  void (async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  })();
});
