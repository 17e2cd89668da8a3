import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Login and password-change counters, in PostgreSQL so every app server sees the same
 * counts (docs/decisions/0100, issue 23; the model is in docs/security.md "Accounts").
 *
 * Every login attempt is *reserved* before the password is hashed: one statement counts
 * it on three keys and says whether it may be judged. Parallel requests therefore cannot
 * all pass a check that a later write would have failed (issue 23: 40 parallel guesses
 * were all judged, then the right one got in).
 *
 * | key                   | limit / 15 min | refuses                                                    |
 * |-----------------------|----------------|------------------------------------------------------------|
 * | (address, account)    | 10             | that pair, even the right password                         |
 * | account               | 20             | that account from addresses it has not signed in from      |
 * | address               | 50             | accounts that have not signed in from that address         |
 *
 * An address the account signed in from in the last 30 days is "known": neither the
 * account's nor the address's count refuses it, so strangers' guesses and a colleague's
 * typos behind the same NAT never lock a real user out of their usual office.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
export const PAIR_LIMIT = 10;
export const ADDRESS_LIMIT = 50;
export const ACCOUNT_LIMIT = 20;
export const PASSWORD_CHANGE_LIMIT = 5;
export const KNOWN_ADDRESS_DAYS = 30;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;
export const PASSWORD_THROTTLED_MESSAGE = `Too many wrong current passwords. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;

const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);
const knownFor = sql.raw(`interval '${KNOWN_ADDRESS_DAYS} days'`);

const name = (username: string) => username.normalize('NFKC').toLowerCase();
const pairKey = (ip: string, username: string) => `pair:${ip}:${name(username)}`;
const accountKey = (username: string) => `account:${name(username)}`;
const addressKey = (ip: string) => `ip:${ip}`;
const knownKey = (ip: string, username: string) => `known:${ip}:${name(username)}`;

/**
 * One counter's upsert: a window that is over (and not locked) starts again at 1; the
 * attempt that goes past `limit` locks the key for a window. The lock is not extended by
 * later attempts, so it ends 15 minutes after the limit was passed. Returns the key's
 * `locked_until` when it is in force.
 */
function countAttempt(key: string, limit: number, onlyIf: SQL = sql`true`): SQL {
  const over = sql`(login_throttles.window_started_at <= now() - ${window}
                    and (login_throttles.locked_until is null or login_throttles.locked_until <= now()))`;
  return sql`
    insert into login_throttles (key, failures, window_started_at, locked_until)
      select ${key}, 1, now(), case when 1 > ${limit} then now() + ${window} end where ${onlyIf}
    on conflict (key) do update set
      failures = case when ${over} then 1 else login_throttles.failures + 1 end,
      window_started_at = case when ${over} then now() else login_throttles.window_started_at end,
      locked_until = case when ${over} then null
                          when login_throttles.failures + 1 = ${limit} + 1 then now() + ${window}
                          else login_throttles.locked_until end
    returning case when locked_until > now() then locked_until end as locked_until`;
}

export interface LoginAttempt {
  /** False: refuse with 429 before hashing anything. */
  allowed: boolean;
  /** The account signed in from this address in the last 30 days (its logins get the reserved hashing slot). */
  knownAddress: boolean;
  /** When refused: seconds until the lock that refused it ends. */
  retryAfterSeconds: number;
}

const secondsUntil = (until: Date | string | null | undefined) =>
  until ? Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 1000)) : 0;

/**
 * Counts this attempt on the pair, the account and the address in one statement (each key's
 * row is locked only while the statement runs), then decides. A refused attempt is counted
 * too: a flood keeps its own locks in force and never reaches scrypt.
 */
export async function reserveLoginAttempt(db: Db, ip: string, username: string): Promise<LoginAttempt> {
  // A known address is not counted on the address key at all: its logins then never wait for that
  // row's lock behind a flood from the same address (bench/login-flood.ts), and the key stays about strangers.
  const rows = await db.execute<{ pair: string | null; account: string | null; address: string | null; known: boolean }>(sql`
    with known as (select exists (select 1 from login_throttles
                                  where key = ${knownKey(ip, username)} and window_started_at > now() - ${knownFor}) as known),
         pair as (${countAttempt(pairKey(ip, username), PAIR_LIMIT)}),
         account as (${countAttempt(accountKey(username), ACCOUNT_LIMIT)}),
         address as (${countAttempt(addressKey(ip), ADDRESS_LIMIT, sql`not (select known from known)`)})
    select pair.locked_until as pair, account.locked_until as account, address.locked_until as address, known.known
    from known cross join pair cross join account left join address on true`);
  const row = rows.rows[0];
  if (!row) throw new Error('login throttle returned no row');
  const known = row.known === true;
  // The account and address locks are about strangers; a known address is not a stranger.
  const locks = known ? [row.pair] : [row.pair, row.account, row.address];
  const retryAfterSeconds = Math.max(0, ...locks.map(secondsUntil));
  return { allowed: retryAfterSeconds === 0, knownAddress: known, retryAfterSeconds };
}

/**
 * A correct password: the pair starts again, the account's and (for a new address) the address's counts give this
 * attempt back (they count failures, and an office signing in every morning must not fill
 * its address's count), and the address becomes known to the account for 30 days.
 * One row per statement, so no lock order can deadlock against a reservation.
 */
export async function recordLoginSuccess(db: Db, ip: string, username: string, attempt: Pick<LoginAttempt, 'knownAddress'>): Promise<void> {
  await db.execute(sql`delete from login_throttles where key = ${pairKey(ip, username)}`);
  // A known address's attempt was never counted on the address key.
  for (const key of attempt.knownAddress ? [accountKey(username)] : [accountKey(username), addressKey(ip)]) {
    await db.execute(sql`update login_throttles set failures = failures - 1 where key = ${key} and failures > 0`);
  }
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
  const rows = await db.execute<{ locked_until: string | null }>(countAttempt(`password:${userId}`, PASSWORD_CHANGE_LIMIT));
  return !rows.rows[0]?.locked_until;
}

export async function clearPasswordAttempts(db: Db, userId: number): Promise<void> {
  await db.execute(sql`delete from login_throttles where key = ${`password:${userId}`}`);
}
