import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottles } from '../../db/schema';

/**
 * Failed logins are counted per (IP, username) pair and per IP, in PostgreSQL
 * so every app server sees the same counts (docs/product-decisions.md: 10 failures in 15
 * minutes locks the pair for 15 minutes). The IP-wide limit stops one address
 * from spraying many usernames.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
const PAIR_LIMIT = 10;
const IP_LIMIT = 50;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;

function keysFor(ip: string, username: string) {
  return [
    { key: `pair:${ip}:${username.toLowerCase()}`, limit: PAIR_LIMIT },
    { key: `ip:${ip}`, limit: IP_LIMIT },
  ];
}

export async function isLoginLocked(db: Db, ip: string, username: string): Promise<boolean> {
  const keys = keysFor(ip, username).map((k) => k.key);
  const rows = await db.execute<{ locked: boolean }>(
    sql`select exists (select 1 from ${loginThrottles}
         where ${loginThrottles.key} in ${keys} and ${loginThrottles.lockedUntil} > now()) as locked`,
  );
  return rows.rows[0]?.locked === true;
}

export async function recordLoginFailure(db: Db, ip: string, username: string): Promise<void> {
  const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);
  for (const { key, limit } of keysFor(ip, username)) {
    // One atomic upsert: a window older than 15 minutes starts again at 1.
    await db.execute(sql`
      insert into login_throttles (key, failures, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_throttles.window_started_at < now() - ${window} then 1
                        else login_throttles.failures + 1 end,
        window_started_at = case when login_throttles.window_started_at < now() - ${window} then now()
                        else login_throttles.window_started_at end,
        locked_until = case when (case when login_throttles.window_started_at < now() - ${window} then 1
                        else login_throttles.failures + 1 end) >= ${limit} then now() + ${window}
                        else login_throttles.locked_until end`);
  }
}

export async function clearLoginFailures(db: Db, ip: string, username: string): Promise<void> {
  const [pair] = keysFor(ip, username);
  await db.execute(sql`delete from login_throttles where key = ${pair?.key ?? ''}`);
}
