import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { HASHING_BUSY_MESSAGE } from './hash-gate';
import { ADDRESS_LIMIT, createLoginLimits, THROTTLED_MESSAGE } from './login-throttle';

/**
 * Sign-in under bursts (docs/decisions/0202, docs/security.md "Accounts"): an office of new accounts
 * behind one address signing in at once all get in, however busy the hashing cap is; "busy" is never
 * a failed attempt; wrong passwords still lock. One hash at a time, so the cap is reached on any machine.
 */
const ctx = useTestApp({ LOGIN_HASH_CONCURRENCY: '1' });

let network = 0;
/** A fresh address per test, so one test's counts never touch another's. */
const freshAddress = () => `10.200.${(network += 1)}.1`;

/** Longest Retry-After a browser here waits out; a longer one is a lock, and the sign-in has failed. */
const LONGEST_WAIT_SECONDS = 5;

interface Outcome {
  status: number;
  tries: number;
  retryAfter?: string;
  message?: string;
}

/** One person signing in as a browser does: a 429 is tried again after its Retry-After (or 1 s), unless it is a lock. */
async function signIn(ip: string, username: string, password: string): Promise<Outcome> {
  for (let tries = 1; ; tries += 1) {
    const answer = await new TestClient(ctx.app).request({ method: 'POST', url: '/api/login', remoteAddress: ip, json: { username, password } });
    if (answer.statusCode !== 429) return { status: answer.statusCode, tries };
    const retryAfter = answer.headers['retry-after'] as string | undefined;
    const wait = Number(retryAfter ?? 1);
    if (!(wait <= LONGEST_WAIT_SECONDS) || tries >= 30) return { status: 429, tries, retryAfter, message: answer.json().message };
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

async function newAccounts(count: number) {
  const accounts = [];
  // Real scrypt hashes, as the admin API stores them; a few at a time so the machine stays usable.
  for (let i = 0; i < count; i += 8) {
    accounts.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, () => createUser(ctx.db)))));
  }
  return accounts;
}

const limits = () => createLoginLimits(ctx.db);

/** Failures judged on the address and on each account's pair and account key: all 0 when nothing was counted. */
async function failuresCounted(office: string, usernames: string[]): Promise<number[]> {
  const l = limits();
  const perAccount = await Promise.all(usernames.map(async (u) => [await l.failuresOn('pair', office, u), await l.failuresOn('account', office, u)]));
  return [await l.failuresOn('address', office, ''), ...perAccount.flat()].filter((n) => n !== 0);
}

describe('a first sign-in burst from one address', () => {
  it('40 new accounts signing in at once, retrying a 429 as a browser does: all get in, none is locked', { timeout: 120_000 }, async () => {
    const office = freshAddress();
    const accounts = await newAccounts(40);
    const outcomes = await Promise.all(accounts.map((a) => signIn(office, a.username, a.password)));
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(refused, JSON.stringify(refused.slice(0, 3))).toEqual([]);
    // Nothing was counted against anyone: no failure on the address, an account or a pair.
    expect(await failuresCounted(office, accounts.map((a) => a.username))).toEqual([]);
  });

  it('"busy" never increments a counter: 40 right passwords against a full hashing cap leave every failure count at 0', { timeout: 60_000 }, async () => {
    const office = freshAddress();
    // 40 at once against one hash running and at most 32 waiting: some are told to retry.
    const accounts = await newAccounts(40);
    // One try each, no retry: many of them meet the cap.
    const answers = await Promise.all(
      accounts.map((a) => new TestClient(ctx.app).request({ method: 'POST', url: '/api/login', remoteAddress: office, json: { username: a.username, password: a.password } })),
    );
    const busy = answers.filter((r) => r.statusCode === 429);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((r) => r.json().message === HASHING_BUSY_MESSAGE && r.headers['retry-after'] === '1')).toBe(true);
    expect(await failuresCounted(office, accounts.map((a) => a.username))).toEqual([]);
    // And every one of them still gets in on its next try.
    const again = await Promise.all(accounts.map((a) => signIn(office, a.username, a.password)));
    expect(again.filter((o) => o.status !== 200)).toEqual([]);
  });
});

describe('wrong-password bursts still lock', () => {
  it('40 parallel wrong passwords at one account, retried as a browser does: at most 10 judged, then the right one is locked out', { timeout: 60_000 }, async () => {
    const [user] = await newAccounts(1);
    const ip = freshAddress();
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => signIn(ip, user!.username, 'Wrong123')));
    expect(outcomes.filter((o) => o.status === 401).length).toBeLessThanOrEqual(10);
    expect(outcomes.every((o) => o.status === 401 || (o.status === 429 && o.message === THROTTLED_MESSAGE))).toBe(true);
    const right = await new TestClient(ctx.app).request({ method: 'POST', url: '/api/login', remoteAddress: ip, json: { username: user!.username, password: user!.password } });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(THROTTLED_MESSAGE);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(60);
  });

  it(`wrong passwords for many names from one address, in bursts with retries: at most ${ADDRESS_LIMIT} judged, then new accounts there are locked out`, { timeout: 120_000 }, async () => {
    const ip = freshAddress();
    const guesses = Array.from({ length: ADDRESS_LIMIT + 20 }, (_, i) => `guess-${network}-${i}`);
    const outcomes = await Promise.all(guesses.map((name) => signIn(ip, name, 'Wrong123')));
    expect(outcomes.filter((o) => o.status === 401).length).toBeLessThanOrEqual(ADDRESS_LIMIT);
    expect(outcomes.every((o) => o.status === 401 || (o.status === 429 && o.message === THROTTLED_MESSAGE))).toBe(true);
    const [stranger] = await newAccounts(1);
    const refused = await new TestClient(ctx.app).request({ method: 'POST', url: '/api/login', remoteAddress: ip, json: { username: stranger!.username, password: stranger!.password } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(THROTTLED_MESSAGE);
  });
});
