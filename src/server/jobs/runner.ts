import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { ConnectedDatabase } from '../db/connect';
import { QUEUES } from '../lib/jobs';
import { createActivityService } from '../modules/activity';
import { sendArrivalNotices } from '../modules/lots';
import { createMailOutbox } from '../modules/mail';
import { createProductsService } from '../modules/products';
import { expireQuotesOnce } from '../modules/quotes';
import { todayIn } from '@common/domain/business-days';
import { createSettingsService } from '../modules/settings';
import { createWebhooksService, createWebhookSender, WEBHOOK_POLICY, type DeliveryJob, type WebhookRetryPolicy } from '../modules/webhooks';
import { createOutboxSender, OUTBOX_POLICY, smtpTransport } from './outbox-sender';
import { pruneSessionsOnce } from './prune-sessions';
import { pruneTombstonesOnce } from './prune-tombstones';
import { runRetentionOnce } from './retention';

/**
 * When the scheduled jobs run (cron, UTC). pg-boss's clock lets one server per minute turn a
 * schedule into a job, and one worker takes each job, so with any number of servers each runs
 * once per period (docs/decisions/0215-background-jobs-on-pg-boss.md).
 */
export const SCHEDULES = {
  [QUEUES.retention]: '0 * * * *',
  [QUEUES.pruneSessions]: '*/15 * * * *',
  // "Notify me": lots changes send at once; this catches every other way stock arrives (a stock CSV, another server).
  [QUEUES.arrivalNotices]: '* * * * *',
  // Field mode's deleted SKUs, kept the days a device may sync by changes (docs/decisions/0228, 0234).
  [QUEUES.pruneTombstones]: '20 3 * * *',
  // Quotes past their valid-until day expire and their lot holds are released within a minute (docs/decisions/0236).
  [QUEUES.expireQuotes]: '* * * * *',
} as const;

export interface BackgroundJobs {
  /** Stops fetching, lets the jobs in hand finish (at most `timeoutMs`), then lets the pool close. */
  stop(): Promise<void>;
}

/** pg-boss over the portal's pool: its maintenance (expiry of leases, archiving) and its clock run on every server, under its own locks. */
export function createBoss(database: Pick<ConnectedDatabase, 'pool'>, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  return new PgBoss({
    db: { executeSql: (text, values) => database.pool.query(text, values) },
    migrate: true,
    maintenanceIntervalSeconds: 30,
    cronMonitorIntervalSeconds: 30,
    ...options,
  });
}

/**
 * What a process may change in how its workers run: pg-boss's intervals and the webhook retry figures.
 * main.ts hands in nothing; the job conformance tests run real processes with shorter timings
 * (test/job-worker.ts).
 */
export interface BackgroundJobOptions {
  boss?: Partial<PgBoss.ConstructorOptions>;
  pollingIntervalSeconds?: number;
  webhookPolicy?: WebhookRetryPolicy;
}

/** Starts the workers and schedules with the server (main.ts, once the database is migrated). */
export async function startBackgroundJobs(
  database: ConnectedDatabase,
  config: Config,
  log: FastifyBaseLogger,
  options: BackgroundJobOptions = {},
): Promise<BackgroundJobs> {
  const { db } = database;
  const boss = createBoss(database, options.boss);
  boss.on('error', (err) => log.warn({ err }, 'background jobs: pg-boss error'));
  await boss.start();

  const activity = createActivityService(db);
  const retention = async () => {
    const removed = await runRetentionOnce(db, {
      activityDays: config.RETAIN_ACTIVITY_DAYS,
      sentEmailDays: config.RETAIN_SENT_EMAILS_DAYS,
      deliveredWebhookDays: config.RETAIN_WEBHOOK_DELIVERIES_DAYS,
    });
    if (Object.values(removed).some((n) => n > 0)) log.info({ removed }, 'retention removed old rows');
  };
  const arrivals = { db, mail: createMailOutbox(db), products: createProductsService({ db, settings: createSettingsService(db) }), from: config.ORDER_EMAIL_FROM };
  const quoteSteps = {
    products: arrivals.products,
    mail: arrivals.mail,
    events: createWebhooksService({ db, activity, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, log }).publisher,
    email: { from: config.ORDER_EMAIL_FROM, to: config.ORDER_EMAIL_TO },
    today: () => todayIn(),
  };
  const scheduled: Record<keyof typeof SCHEDULES, () => Promise<unknown>> = {
    [QUEUES.retention]: retention,
    [QUEUES.pruneSessions]: () => pruneSessionsOnce(db, activity),
    [QUEUES.arrivalNotices]: () => sendArrivalNotices(arrivals),
    [QUEUES.expireQuotes]: async () => {
      const expired = await expireQuotesOnce(db, quoteSteps);
      if (expired.quotes > 0 || expired.holds > 0) log.info({ expired }, 'expired quotes and released their lot holds');
    },
    [QUEUES.pruneTombstones]: async () => {
      const removed = await pruneTombstonesOnce(db);
      if (removed > 0) log.info({ removed }, 'removed product tombstones past the changes feed');
    },
  };
  for (const [queue, work] of Object.entries(scheduled)) {
    await boss.schedule(queue, SCHEDULES[queue as keyof typeof SCHEDULES]);
    await boss.work(queue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
      await work();
    });
  }

  // Without SMTP_URL, emails wait in the outbox table (docs/product-decisions.md): nobody takes their jobs.
  let closeTransport = () => {};
  if (config.SMTP_URL) {
    const transport = smtpTransport(config.SMTP_URL);
    closeTransport = () => transport.close?.();
    const sender = createOutboxSender({ db, transport, log });
    await boss.work<{ emailId: number }>(
      QUEUES.email,
      { batchSize: OUTBOX_POLICY.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      (jobs) => sender.deliverAll(jobs),
    );
  }
  // Webhook deliveries are jobs too (docs/decisions/0224-webhook-deliveries-on-pg-boss.md). On stop the
  // request in flight finishes; the rest of its batch gets new jobs (ADR 0161).
  const webhooks = createWebhookSender({ db, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, log, policy: options.webhookPolicy });
  await boss.work<DeliveryJob['data']>(
    QUEUES.webhook,
    { batchSize: WEBHOOK_POLICY.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds ?? WEBHOOK_POLICY.pollingIntervalSeconds },
    (jobs) => webhooks.deliverAll(jobs),
  );

  return {
    async stop() {
      webhooks.stop();
      // close: false: the pool is the portal's and main.ts closes it after this.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
      closeTransport();
    },
  };
}
