import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface RateVerdict {
  allowed: boolean;
  /** When refused: seconds until the minute's window ends. */
  retryAfterSeconds: number;
}

/** Counts one request of an account in a fixed one-minute window (a `login_throttles` row, so every server shares it). */
export async function takeAccountRequest(db: Db, key: string, perMinute: number): Promise<RateVerdict> {
  const over = sql`login_throttles.window_started_at <= now() - interval '1 minute'`;
  const rows = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into login_throttles (key, failures, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when ${over} then 1 else login_throttles.failures + 1 end,
      window_started_at = case when ${over} then now() else login_throttles.window_started_at end
    returning failures as count,
      greatest(1, ceil(extract(epoch from window_started_at + interval '1 minute' - now())))::int as retry_after`);
  const row = rows.rows[0];
  const count = Number(row?.count ?? 0);
  return { allowed: count <= perMinute, retryAfterSeconds: count <= perMinute ? 0 : Number(row?.retry_after ?? 60) };
}

/**
 * The browser's activity reports, limited per account rather than per session
 * (each new sign-in got a fresh 60 a minute), in PostgreSQL so the limit holds across servers.
 * Handed to the activity routes by app.ts.
 */
export function activityReportLimit(db: Db): (userId: number, perMinute: number) => Promise<RateVerdict> {
  return (userId, perMinute) => takeAccountRequest(db, `activity:${userId}`, perMinute);
}
