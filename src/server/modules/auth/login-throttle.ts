import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { createLimiter, secondsUntilNext, take, type Limiter } from '../../lib/rate-limits';

/**
 * Login and password-change limits on the portal's limiter library (lib/rate-limits.ts), in
 * PostgreSQL so every app server sees the same counts (docs/decisions/0100, docs/decisions/0202,
 * docs/decisions/0222-one-limiter-library.md; the model is in docs/security.md "Accounts").
 *
 * Each login key has two counters in the 15-minute window. `load`: attempts admitted, each a point
 * taken before the password is hashed; a wrong password keeps its point (it is now a failure), a
 * right password, "busy" (the hashing cap refusing or timing out) and any error give it back. An
 * attempt is admitted only while the load with it stays within the limit, so parallel guesses
 * cannot all pass a check that their failures would have failed. `failures`: wrong passwords
 * judged; the failure that reaches the limit blocks the key for a window, and only such a block
 * locks (docs/decisions/0202): a load full of attempts in flight answers "busy" instead.
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

const WINDOW_SECONDS = THROTTLE_WINDOW_MINUTES * 60;

const name = (username: string) => username.normalize('NFKC').toLowerCase();

type KeyKind = 'pair' | 'account' | 'address';
const LIMITS: Record<KeyKind, number> = { pair: PAIR_LIMIT, account: ACCOUNT_LIMIT, address: ADDRESS_LIMIT };

interface CountedKey {
  kind: KeyKind;
  key: string;
  /** When this attempt's load point stops counting (the window it was taken in ends); 0 when it holds none. */
  heldUntil: number;
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
  /** The keys a wrong password counts on; an admitted attempt holds a load point on each. */
  counted: CountedKey[];
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;

export function createLoginLimits(db: Db) {
  // The failure that reaches the limit is the one past `limit - 1` points: the library then blocks the key for a window.
  const failureLimiter = (kind: KeyKind): Limiter =>
    createLimiter(db, { name: `login-failures-${kind}`, points: LIMITS[kind] - 1, durationSeconds: WINDOW_SECONDS, blockSeconds: WINDOW_SECONDS });
  const failures: Record<KeyKind, Limiter> = { pair: failureLimiter('pair'), account: failureLimiter('account'), address: failureLimiter('address') };
  // Compared with each key's limit below (the limit differs by key), so this one never refuses by itself.
  const load = createLimiter(db, { name: 'login-load', points: Number.MAX_SAFE_INTEGER, durationSeconds: WINDOW_SECONDS });
  const known = createLimiter(db, { name: 'login-known', points: 1, durationSeconds: KNOWN_ADDRESS_DAYS * 24 * 60 * 60 });
  const passwordAttempts = createLimiter(db, {
    name: 'password-attempts',
    points: PASSWORD_CHANGE_LIMIT,
    durationSeconds: WINDOW_SECONDS,
    blockSeconds: WINDOW_SECONDS,
  });

  const keyOf = (kind: KeyKind, ip: string, username: string) =>
    kind === 'pair' ? `${ip}:${name(username)}` : kind === 'account' ? name(username) : ip;
  const loadKey = (k: Pick<CountedKey, 'kind' | 'key'>) => `${k.kind}:${k.key}`;

  /** Gives back each load point, unless its window has ended since (then the count it was in is gone already). */
  async function giveBackAll(counted: CountedKey[]): Promise<void> {
    for (const k of counted) if (k.heldUntil > Date.now()) await load.reward(loadKey(k));
  }

  return {
    /**
     * Reserves this attempt on the pair, the account and (for an address new to the account) the
     * address, then decides: refused when a lock is in force (Retry-After until it ends) or when
     * failures and attempts in flight already fill a limit (busy: Retry-After 1). The load is one
     * upsert per key that returns the count with this attempt, so of parallel attempts only as many
     * as the limit has room for are admitted. A refused attempt holds nothing.
     *
     * The statements run one after another, never side by side: a login holds one pool connection
     * at a time, as it did with one statement, so a burst of logins cannot take the pool from the
     * rest of the portal, and the users-table lookup that follows runs on the same connection
     * (docs/decisions/0222-one-limiter-library.md).
     */
    async reserveLoginAttempt(ip: string, username: string): Promise<LoginAttempt> {
      const knownAddress = (await known.get(keyOf('pair', ip, username))) !== null;
      // A known address is not counted on the address key at all: that key is about strangers.
      const kinds: KeyKind[] = knownAddress ? ['pair', 'account'] : ['pair', 'account', 'address'];
      const checks = [];
      for (const kind of kinds) {
        const key = keyOf(kind, ip, username);
        // One statement each: the load with this attempt, and whether failures have locked the key.
        const held = await load.penalty(loadKey({ kind, key }));
        const failed = await failures[kind].get(key);
        checks.push({ kind, held, failed });
      }
      const counted: CountedKey[] = checks.map(({ kind, held }) => ({ kind, key: keyOf(kind, ip, username), heldUntil: Date.now() + held.msBeforeNext }));
      // The account limit is about strangers; a known address is not a stranger.
      const applying = checks.filter((c) => c.kind !== 'account' || !knownAddress);
      const locks = applying.filter((c) => c.failed && c.failed.consumedPoints >= LIMITS[c.kind]);
      const full = applying.some((c) => c.held.consumedPoints > LIMITS[c.kind]);
      if (locks.length === 0 && !full) return { ip, username, knownAddress, counted, allowed: true, retryAfterSeconds: 0 };
      await giveBackAll(counted);
      const lockedFor = Math.max(0, ...locks.map((c) => secondsUntilNext(c.failed!)));
      return {
        ip,
        username,
        knownAddress,
        counted: counted.map((k) => ({ ...k, heldUntil: 0 })),
        allowed: false,
        refusal: lockedFor > 0 ? 'locked' : 'busy',
        retryAfterSeconds: lockedFor || 1,
      };
    },

    /** A wrong password (or an unknown name): a failure on every counted key; its load point stays, as the failure. */
    async recordLoginFailure(attempt: Pick<LoginAttempt, 'counted'>): Promise<void> {
      for (const k of attempt.counted) {
        // The library rejects the failure that reaches the limit (it has just blocked the key): that is the lock, not a fault.
        await failures[k.kind].consume(k.key).catch((refusal: unknown) => {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
        });
      }
    },

    /** "Busy" or an error before the password was judged: the attempt gives its points back and counts for nothing. */
    async releaseLoginAttempt(attempt: Pick<LoginAttempt, 'counted'>): Promise<void> {
      await giveBackAll(attempt.counted);
    },

    /**
     * A correct password: the pair starts again (its failures and load go), the account's and the
     * address's points are given back (they count failures, and an office signing in every morning
     * must not fill its address's count), and the address becomes known to the account for 30 days.
     */
    async recordLoginSuccess(attempt: Pick<LoginAttempt, 'ip' | 'username' | 'counted'>): Promise<void> {
      const pair = keyOf('pair', attempt.ip, attempt.username);
      await failures.pair.delete(pair);
      await load.delete(loadKey({ kind: 'pair', key: pair }));
      await giveBackAll(attempt.counted.filter((k) => k.kind !== 'pair'));
      await known.set(keyOf('pair', attempt.ip, attempt.username), 1, KNOWN_ADDRESS_DAYS * 24 * 60 * 60);
    },

    /**
     * Password change and temporary-password reset: the attempt is counted before the
     * current password is hashed, so parallel guesses cannot all slip past the check
     * and each refused one costs no scrypt. False when the account is over the limit;
     * the attempt past the limit blocks the account's changes for a window.
     */
    async takePasswordAttempt(userId: number): Promise<boolean> {
      return (await take(passwordAttempts, userId)).allowed;
    },

    async clearPasswordAttempts(userId: number): Promise<void> {
      await passwordAttempts.delete(userId);
    },

    /** A key's judged failures in its window (0 when none): for tests and the operator, never for a decision. */
    async failuresOn(kind: KeyKind, ip: string, username: string): Promise<number> {
      return (await failures[kind].get(keyOf(kind, ip, username)))?.consumedPoints ?? 0;
    },
  };
}
