import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Login and password-change counters, in PostgreSQL so every app server sees the same
 * counts (docs/decisions/0100, docs/decisions/0202; the model is in docs/security.md "Accounts").
 *
 * Each key counts two things: `failures` (wrong passwords judged in the window) and `pending`
 * (attempts admitted and not judged yet). An attempt is admitted only while failures + pending
 * stay within the limit, in one statement over the three keys before the password is hashed, so
 * parallel guesses cannot all pass a check that their failures would have failed. Only a wrong
 * password becomes a failure, and only failures lock: a right password, "busy" (the hashing cap
 * refusing or timing out) and any error give the pending slot back (docs/decisions/0202).
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
/** No attempt is in flight this long (the hashing cap's wait is seconds): older pending counts are from a stopped server. */
export const PENDING_STALE_SECONDS = 60;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;
export const PASSWORD_THROTTLED_MESSAGE = `Too many wrong current passwords. Please try again in ${THROTTLE_WINDOW_MINUTES} minutes.`;

const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);
const knownFor = sql.raw(`interval '${KNOWN_ADDRESS_DAYS} days'`);
const pendingFor = sql.raw(`interval '${PENDING_STALE_SECONDS} seconds'`);

const name = (username: string) => username.normalize('NFKC').toLowerCase();
const pairKey = (ip: string, username: string) => `pair:${ip}:${name(username)}`;
const accountKey = (username: string) => `account:${name(username)}`;
const addressKey = (ip: string) => `ip:${ip}`;
const knownKey = (ip: string, username: string) => `known:${ip}:${name(username)}`;

/** The row's window is over and no lock is in force: its failures no longer count. */
const over = sql`(login_throttles.window_started_at <= now() - ${window}
                  and (login_throttles.locked_until is null or login_throttles.locked_until <= now()))`;
const lockedNow = sql`coalesce(login_throttles.locked_until > now(), false)`;
const livePending = sql`(case when login_throttles.pending_at > now() - ${pendingFor} then login_throttles.pending else 0 end)`;

/**
 * One counter's upsert for a password change: every attempt counts; the attempt that goes past
 * `limit` locks the key for a window (not extended by later attempts). Returns the key's
 * `locked_until` when it is in force.
 */
function countAttempt(key: string, limit: number): SQL {
  return sql`
    insert into login_throttles (key, failures, window_started_at, locked_until)
      values (${key}, 1, now(), case when 1 > ${limit} then now() + ${window} end)
    on conflict (key) do update set
      failures = case when ${over} then 1 else login_throttles.failures + 1 end,
      window_started_at = case when ${over} then now() else login_throttles.window_started_at end,
      locked_until = case when ${over} then null
                          when login_throttles.failures + 1 = ${limit} + 1 then now() + ${window}
                          else login_throttles.locked_until end
    returning case when locked_until > now() then locked_until end as locked_until`;
}

/**
 * A login attempt takes a pending slot on the key unless a lock is in force (then nothing changes).
 * Returns the lock when in force, else failures + pending with this attempt: the caller admits it
 * when that is within the limit and gives the slot back when it does not.
 */
function holdSlot(key: string, onlyIf: SQL = sql`true`): SQL {
  return sql`
    insert into login_throttles (key, failures, window_started_at, pending, pending_at)
      select ${key}, 0, now(), 1, now() where ${onlyIf}
    on conflict (key) do update set
      failures = case when ${over} then 0 else login_throttles.failures end,
      window_started_at = case when ${over} then now() else login_throttles.window_started_at end,
      locked_until = case when ${over} then null else login_throttles.locked_until end,
      pending = case when ${lockedNow} then ${livePending} else ${livePending} + 1 end,
      pending_at = case when ${lockedNow} then login_throttles.pending_at else now() end
    returning case when locked_until > now() then locked_until end as locked_until, failures + pending as load`;
}

/**
 * A wrong password: the slot becomes a failure; reaching the limit locks the key for a window.
 * An upsert, so a failure still counts if retention removed the row while the password was hashed.
 */
function failSlot(key: string, limit: number, held: boolean): SQL {
  const failures = sql`(case when ${over} then 1 else login_throttles.failures + 1 end)`;
  return sql`
    insert into login_throttles (key, failures, window_started_at, locked_until)
      values (${key}, 1, now(), case when 1 >= ${limit} then now() + ${window} end)
    on conflict (key) do update set
      pending = ${held ? sql`greatest(0, ${livePending} - 1)` : sql`login_throttles.pending`},
      failures = ${failures},
      window_started_at = case when ${over} then now() else login_throttles.window_started_at end,
      locked_until = case when ${lockedNow} then login_throttles.locked_until
                          when ${failures} >= ${limit} then now() + ${window} end`;
}

/** A right password, "busy" or an error: the slot is given back, nothing is counted. */
function releaseSlot(key: string): SQL {
  return sql`update login_throttles set pending = greatest(0, ${livePending} - 1) where key = ${key}`;
}

interface CountedKey {
  key: string;
  limit: number;
  /** This attempt holds a pending slot on the key (it was not locked). */
  held: boolean;
}

export interface LoginAttempt {
  ip: string;
  username: string;
  /** False: refuse with 429 before hashing anything. */
  allowed: boolean;
  /** Why it was refused: a lock (failures reached a limit) or too many attempts in flight for a key. */
  refusal?: 'locked' | 'busy';
  /** The account signed in from this address in the last 30 days (its logins get the reserved hashing slot). */
  knownAddress: boolean;
  /** When refused: seconds until the lock that refused it ends (1 when busy). */
  retryAfterSeconds: number;
  /** The keys a wrong password counts on; an admitted attempt holds a slot on each it was not locked on. */
  counted: CountedKey[];
}

type ReservationRow = {
  known: boolean;
  pair_locked: string | null;
  pair_load: number;
  account_locked: string | null;
  account_load: number;
  /** Null when the address was not counted (a known address). */
  address_locked: string | null;
  address_load: number | null;
};

const secondsUntil = (until: Date | string | null | undefined) =>
  until ? Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 1000)) : 0;

/** Gives back every slot the attempt holds; one row per statement, so no lock order can deadlock against a reservation. */
async function releaseHeld(db: Db, counted: CountedKey[]): Promise<void> {
  await Promise.all(counted.filter((k) => k.held).map((k) => db.execute(releaseSlot(k.key))));
}

/**
 * Reserves this attempt on the pair, the account and the address in one statement (each key's
 * row is locked only while the statement runs), then decides: refused when a lock is in force
 * (Retry-After until it ends) or when failures and attempts in flight already fill a limit
 * (busy: Retry-After 1). A refused attempt is never counted and holds nothing.
 */
export async function reserveLoginAttempt(db: Db, ip: string, username: string): Promise<LoginAttempt> {
  // A known address is not counted on the address key at all: its logins then never wait for that
  // row's lock behind a flood from the same address (bench/login-flood.ts), and the key stays about strangers.
  const rows = await db.execute<ReservationRow>(sql`
    with known as (select exists (select 1 from login_throttles
                                  where key = ${knownKey(ip, username)} and window_started_at > now() - ${knownFor}) as known),
         pair as (${holdSlot(pairKey(ip, username))}),
         account as (${holdSlot(accountKey(username))}),
         address as (${holdSlot(addressKey(ip), sql`not (select known from known)`)})
    select known.known, pair.locked_until as pair_locked, pair.load as pair_load,
           account.locked_until as account_locked, account.load as account_load,
           address.locked_until as address_locked, address.load as address_load
    from known cross join pair cross join account left join address on true`);
  const row = rows.rows[0];
  if (!row) throw new Error('login throttle returned no row');
  const known = row.known === true;
  // A key's slot is held unless a lock was in force there (then the statement changed nothing).
  const slot = (key: string, limit: number, locked: string | null, load: number | null, applies: boolean) => ({ key, limit, held: !locked, locked, load: Number(load), applies });
  const slots = [
    slot(pairKey(ip, username), PAIR_LIMIT, row.pair_locked, row.pair_load, true),
    // The account and address limits are about strangers; a known address is not a stranger (and not counted on the address).
    slot(accountKey(username), ACCOUNT_LIMIT, row.account_locked, row.account_load, !known),
    ...(known ? [] : [slot(addressKey(ip), ADDRESS_LIMIT, row.address_locked, row.address_load, true)]),
  ];
  const counted: CountedKey[] = slots.map(({ key, limit, held }) => ({ key, limit, held }));
  const lockedFor = Math.max(0, ...slots.filter((s) => s.applies).map((s) => secondsUntil(s.locked)));
  const full = slots.some((s) => s.applies && s.held && s.load > s.limit);
  if (lockedFor === 0 && !full) return { ip, username, knownAddress: known, counted, allowed: true, retryAfterSeconds: 0 };
  await releaseHeld(db, counted);
  return {
    ip,
    username,
    knownAddress: known,
    counted: counted.map((k) => ({ ...k, held: false })),
    allowed: false,
    refusal: lockedFor > 0 ? 'locked' : 'busy',
    retryAfterSeconds: lockedFor || 1,
  };
}

/** A wrong password (or an unknown name): a failure on every counted key; a key reaching its limit locks. */
export async function recordLoginFailure(db: Db, attempt: Pick<LoginAttempt, 'counted'>): Promise<void> {
  await Promise.all(attempt.counted.map((k) => db.execute(failSlot(k.key, k.limit, k.held))));
}

/** "Busy" or an error before the password was judged: the attempt gives its slots back and counts for nothing. */
export async function releaseLoginAttempt(db: Db, attempt: Pick<LoginAttempt, 'counted'>): Promise<void> {
  await releaseHeld(db, attempt.counted);
}

/**
 * A correct password: the pair starts again, the account's and (for a new address) the address's
 * slots are given back (they count failures, and an office signing in every morning must not fill
 * its address's count), and the address becomes known to the account for 30 days.
 */
export async function recordLoginSuccess(db: Db, attempt: Pick<LoginAttempt, 'ip' | 'username' | 'counted'>): Promise<void> {
  const pair = pairKey(attempt.ip, attempt.username);
  await db.execute(sql`delete from login_throttles where key = ${pair}`);
  await releaseHeld(db, attempt.counted.filter((k) => k.key !== pair));
  await db.execute(sql`
    insert into login_throttles (key, failures, window_started_at) values (${knownKey(attempt.ip, attempt.username)}, 0, now())
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
