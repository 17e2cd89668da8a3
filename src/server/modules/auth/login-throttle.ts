import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottles } from '../../db/schema';

/**
 * Failed password checks, counted in PostgreSQL so every app server sees the same
 * counts (docs/decisions/0100). Login: per (IP, username) pair, per IP, and per
 * account; the account lock does not apply to an address this account signed in
 * from successfully in the last 30 days, so a stranger cannot lock the real user
 * out of their usual office. Password changes: per account, counted before the
 * expensive scrypt check.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
export const PAIR_LIMIT = 10;
export const IP_LIMIT = 50;
export const ACCOUNT_LIMIT = 20;
export const PASSWORD_CHANGE_LIMIT = 5;
const KNOWN_ADDRESS_DAYS = 30;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;
export const PASSWORD_THROTTLED_MESSAGE = `Too many wrong current passwords. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;

const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);
const known = sql.raw(`interval '${KNOWN_ADDRESS_DAYS} days'`);

const name = (username: string) => username.normalize('NFKC').toLowerCase();
const pairKey = (ip: string, username: string) => `pair:${ip}:${name(username)}`;
const accountKey = (username: string) => `account:${name(username)}`;
const knownKey = (ip: string, username: string) => `known:${ip}:${name(username)}`;

export async function isLoginLocked(db: Db, ip: string, username: string): Promise<boolean> {
  const always = [pairKey(ip, username), `ip:${ip}`];
  const rows = await db.execute<{ locked: boolean }>(sql`
    select exists (select 1 from ${loginThrottles} where ${loginThrottles.key} in ${always} and ${loginThrottles.lockedUntil} > now())
      or (exists (select 1 from ${loginThrottles} where ${loginThrottles.key} = ${accountKey(username)} and ${loginThrottles.lockedUntil} > now())
          and not exists (select 1 from ${loginThrottles}
                          where ${loginThrottles.key} = ${knownKey(ip, username)} and ${loginThrottles.windowStartedAt} > now() - ${known}))
      as locked`);
  return rows.rows[0]?.locked === true;
}

/** One atomic upsert: a window older than 15 minutes starts again at 1; reaching the limit locks the key. Returns the count. */
async function countFailure(db: Db, key: string, limit: number): Promise<number> {
  const rows = await db.execute<{ failures: number }>(sql`
    insert into login_throttles (key, failures, window_started_at, locked_until)
      values (${key}, 1, now(), case when 1 >= ${limit} then now() + ${window} end)
    on conflict (key) do update set
      failures = case when login_throttles.window_started_at < now() - ${window} then 1
                      else login_throttles.failures + 1 end,
      window_started_at = case when login_throttles.window_started_at < now() - ${window} then now()
                      else login_throttles.window_started_at end,
      locked_until = case when (case when login_throttles.window_started_at < now() - ${window} then 1
                      else login_throttles.failures + 1 end) >= ${limit} then now() + ${window}
                      else login_throttles.locked_until end
    returning failures`);
  return rows.rows[0]?.failures ?? 0;
}

export async function recordLoginFailure(db: Db, ip: string, username: string): Promise<void> {
  await countFailure(db, pairKey(ip, username), PAIR_LIMIT);
  await countFailure(db, `ip:${ip}`, IP_LIMIT);
  await countFailure(db, accountKey(username), ACCOUNT_LIMIT);
}

/** A correct login: the pair starts again, and this address becomes known to the account for 30 days. */
export async function recordLoginSuccess(db: Db, ip: string, username: string): Promise<void> {
  await db.execute(sql`delete from login_throttles where key = ${pairKey(ip, username)}`);
  await db.execute(sql`
    insert into login_throttles (key, failures, window_started_at) values (${knownKey(ip, username)}, 0, now())
    on conflict (key) do update set window_started_at = now()`);
}

/**
 * Password change and temporary-password reset: the attempt is counted before the
 * current password is hashed, so parallel guesses cannot all slip past the check
 * and each refused one costs no scrypt. False when the account is over the limit.
 */
export async function takePasswordAttempt(db: Db, userId: number): Promise<boolean> {
  const attempts = await countFailure(db, `password:${userId}`, PASSWORD_CHANGE_LIMIT + 1);
  return attempts <= PASSWORD_CHANGE_LIMIT;
}

export async function clearPasswordAttempts(db: Db, userId: number): Promise<void> {
  await db.execute(sql`delete from login_throttles where key = ${`password:${userId}`}`);
}
