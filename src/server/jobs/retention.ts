import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pruneDeliveredWebhooks } from '../modules/webhooks';
import { IDEMPOTENCY_KEEP_HOURS } from '../plugins/idempotency-store';
import { PREVIEW_KEEP_HOURS } from '@common/domain/stock-uploads';

export interface RetentionPolicy {
  /** Activity rows older than this many days go; 0 keeps them all. */
  activityDays: number;
  /** Sent emails older than this many days go (pending and failed ones stay); 0 keeps them all. */
  sentEmailDays: number;
  /** Delivered webhook deliveries older than this many days go (pending and failed ones stay); 0 keeps them all. Default 30. */
  deliveredWebhookDays?: number;
}

export interface RetentionResult {
  activity: number;
  sentEmails: number;
  throttles: number;
  idempotencyKeys: number;
  webhookDeliveries: number;
  /** Upload previews (stock, lots, incoming) never confirmed or cancelled, with their files. */
  uploadPreviews: number;
}

/** Rows per statement: a first run over years of history must not hold one long transaction. */
const BATCH = 5_000;

async function deleteInBatches(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(statement);
    total += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < BATCH) return total;
  }
}

/**
 * Retention (ADR 0060): deletes activity older than the setting, sent emails
 * older than theirs, login throttles whose window and lock are over, and
 * Idempotency-Key answers after a day (ADR 0182) (a retry comes within seconds). Nothing younger is touched.
 */
export async function runRetentionOnce(db: Db, policy: RetentionPolicy): Promise<RetentionResult> {
  const activity =
    policy.activityDays > 0
      ? await deleteInBatches(
          db,
          sql`delete from activity_logs where id in (select id from activity_logs
                where created_at < now() - make_interval(days => ${policy.activityDays}) limit ${BATCH})`,
        )
      : 0;
  const sentEmails =
    policy.sentEmailDays > 0
      ? await deleteInBatches(
          db,
          sql`delete from email_outbox where id in (select id from email_outbox where status = 'sent'
                and coalesce(sent_at, created_at) < now() - make_interval(days => ${policy.sentEmailDays}) limit ${BATCH})`,
        )
      : 0;
  // Limiter rows (lib/rate-limits.ts) whose window or block is over: the library reads them as absent.
  // A known address is a row whose window is KNOWN_ADDRESS_DAYS, so it stays that long.
  const throttles = await deleteInBatches(
    db,
    sql`delete from rate_limits where key in (select key from rate_limits where expire < ${Date.now()} limit ${BATCH})`,
  );
  const idempotencyKeys = await deleteInBatches(
    db,
    sql`delete from idempotency_keys where ctid in (select ctid from idempotency_keys
          where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS}) limit ${BATCH})`,
  );
  const webhookDays = policy.deliveredWebhookDays ?? 30;
  const webhookDeliveries = webhookDays > 0 ? await pruneDeliveredWebhooks(db, new Date(Date.now() - webhookDays * 24 * 60 * 60 * 1000)) : 0;
  // A preview can be confirmed for an hour, by its maker only (docs/decisions/0204): after a day, or
  // once its maker is deleted, it is a kept file nobody can use. Applied and cancelled uploads stay.
  const uploadPreviews = await deleteInBatches(
    db,
    sql`delete from stock_uploads where id in (select u.id from stock_uploads u where u.status = 'previewed'
          and (u.created_at < now() - make_interval(hours => ${PREVIEW_KEEP_HOURS})
               or u.user_id is null
               or exists (select 1 from users d where d.id = u.user_id and d.deleted_at is not null)) limit ${BATCH})`,
  );
  return { activity, sentEmails, throttles, idempotencyKeys, webhookDeliveries, uploadPreviews };
}


