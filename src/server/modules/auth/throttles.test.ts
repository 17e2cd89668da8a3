import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { HASHING_BUSY_MESSAGE } from './hash-gate';
import {
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  PAIR_LIMIT,
  PASSWORD_CHANGE_LIMIT,
  PASSWORD_THROTTLED_MESSAGE,
  THROTTLE_WINDOW_MINUTES,
  THROTTLED_MESSAGE,
  createLoginLimits,
} from './login-throttle';

const THROTTLE_WINDOW_SECONDS = THROTTLE_WINDOW_MINUTES * 60;

/**
 * Security reviews: account-level login limit and throttled password changes (docs/decisions/0100);
 * attempts reserved before hashing, the per-address limit that spares known addresses, and the
 * hashing cap. Most earlier failures are counted with the throttle's own counter instead
 * of one scrypt login each (40 scrypts took longer than the test timeout on a busy machine);
 * the last failure goes through the route, so a route that stopped counting fails the test.
 * One hash at a time (plus one reserved for known addresses), so the cap is reached on any machine.
 */
const ctx = useTestApp({ LOGIN_HASH_CONCURRENCY: '1' });
/** The login limits the route uses, on the same table: counting through them is counting as the route does. */
const limits = () => createLoginLimits(ctx.db);

/** Wrong passwords counted as the route counts them (reserved, then judged wrong), without a scrypt each. */
const failEarlier = async (ip: string, username: string, times: number) => {
  for (let i = 0; i < times; i += 1) await limits().recordLoginFailure(await limits().reserveLoginAttempt(ip, username));
};

let network = 0;
/** A fresh /24 per test, so the per-address limit of one test never touches another. */
const addresses = () => {
  network += 1;
  return (host: number) => `10.${network}.0.${host}`;
};

const loginFrom = (ip: string, username: string, password: string) =>
  new TestClient(ctx.app).request({ method: 'POST', url: '/api/login', remoteAddress: ip, json: { username, password } });

describe('account-level login limit', () => {
  it(`refuses a correct login from a new address after ${ACCOUNT_LIMIT} failures spread over three addresses`, async () => {
    const user = await createUser(ctx.db);
    const ip = addresses();
    await failEarlier(ip(1), user.username, PAIR_LIMIT - 1);
    await failEarlier(ip(2), user.username, ACCOUNT_LIMIT - PAIR_LIMIT);
    // The account's last failure, through the route; no address reached its own limit.
    expect((await loginFrom(ip(3), user.username, 'Wrong123')).statusCode).toBe(401);
    const fromNewAddress = await loginFrom(ip(5), user.username, user.password);
    expect(fromNewAddress.statusCode).toBe(429);
    expect(fromNewAddress.json().message).toBe(THROTTLED_MESSAGE);
    expect(Number(fromNewAddress.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('still lets the real user in from an address they signed in from before', async () => {
    const user = await createUser(ctx.db);
    const ip = addresses();
    expect((await loginFrom(ip(1), user.username, user.password)).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i += 1) await failEarlier(ip(100 + i), user.username, 1);
    expect((await loginFrom(ip(200), user.username, 'Wrong123')).statusCode).toBe(401);
    expect((await loginFrom(ip(250), user.username, user.password)).statusCode).toBe(429);
    expect((await loginFrom(ip(1), user.username, user.password)).statusCode).toBe(200);
  });
});

describe('a parallel burst of wrong passwords', () => {
  it(`judges at most ${PAIR_LIMIT} of 40 parallel wrong passwords and then refuses the right one while locked`, async () => {
    const user = await createUser(ctx.db);
    const ip = addresses()(1);
    const burst = await Promise.all(Array.from({ length: 40 }, () => loginFrom(ip, user.username, 'Wrong123')));
    const statuses = burst.map((r) => r.statusCode);
    // 401 is a judged password; every other answer is a 429 that hashed nothing.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(PAIR_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - statuses.filter((s) => s === 401).length);
    const right = await loginFrom(ip, user.username, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(THROTTLED_MESSAGE);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the counts alone, without the hashing cap', () => {
  it(`admits exactly ${PAIR_LIMIT} of 40 parallel attempts at one pair; their failures lock it, "busy" ones count for nothing`, async () => {
    const ip = addresses()(1);
    const l = limits();
    const attempts = await Promise.all(Array.from({ length: 40 }, () => l.reserveLoginAttempt(ip, 'someone')));
    const admitted = attempts.filter((a) => a.allowed);
    expect(admitted).toHaveLength(PAIR_LIMIT);
    expect(attempts.filter((a) => !a.allowed).every((a) => a.refusal === 'busy' && a.retryAfterSeconds === 1)).toBe(true);
    // Told "busy" by the cap: given back, nothing counted, and the same attempts are admitted again.
    await Promise.all(admitted.map((a) => l.releaseLoginAttempt(a)));
    expect(await l.failuresOn('pair', ip, 'someone')).toBe(0);
    const again = await Promise.all(Array.from({ length: PAIR_LIMIT }, () => l.reserveLoginAttempt(ip, 'someone')));
    expect(again.every((a) => a.allowed)).toBe(true);
    await Promise.all(again.map((a) => l.recordLoginFailure(a)));
    const locked = await l.reserveLoginAttempt(ip, 'someone');
    expect(locked).toMatchObject({ allowed: false, refusal: 'locked' });
    expect(locked.retryAfterSeconds).toBeGreaterThan(THROTTLE_WINDOW_SECONDS - 60);
  });
});

describe('the per-address limit spares known addresses', () => {
  it('a correct login from a known address survives 60 failures from the same address on other accounts', async () => {
    const user = await createUser(ctx.db);
    const colleague = await createUser(ctx.db);
    const office = addresses()(1);
    expect((await loginFrom(office, user.username, user.password)).statusCode).toBe(200);
    // 60 failures from the office on other accounts: the colleague's and names that do not exist.
    for (let i = 0; i < 59; i += 1) await failEarlier(office, i % 2 ? colleague.username : `nobody-${i}`, 1);
    expect((await loginFrom(office, `nobody-else`, 'Wrong123')).statusCode).toBe(429);
    const known = await loginFrom(office, user.username, user.password);
    expect(known.statusCode).toBe(200);
  });

  it(`refuses accounts new to an address after ${ADDRESS_LIMIT} failures from it, with the same message`, async () => {
    const stranger = await createUser(ctx.db);
    const ip = addresses()(1);
    for (let i = 0; i < ADDRESS_LIMIT - 1; i += 1) await failEarlier(ip, `guess-${i}`, 1);
    expect((await loginFrom(ip, 'guess-last', 'Wrong123')).statusCode).toBe(401);
    const refused = await loginFrom(ip, stranger.username, stranger.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(THROTTLED_MESSAGE);
  });

  it('does not count a correct login against the address or the account', async () => {
    const user = await createUser(ctx.db);
    const ip = addresses()(1);
    // A busy office: many correct logins, counted and given back as the route does, without 55 scrypts.
    for (let i = 0; i < ADDRESS_LIMIT + 5; i += 1) {
      await limits().recordLoginSuccess(await limits().reserveLoginAttempt(ip, user.username));
    }
    expect((await loginFrom(ip, user.username, user.password)).statusCode).toBe(200);
    const newcomer = await createUser(ctx.db);
    expect((await loginFrom(ip, newcomer.username, newcomer.password)).statusCode).toBe(200);
  });
});

describe('the cap on concurrent password hashing', () => {
  it('answers 429 with Retry-After past the cap, and a known address still gets in during the flood', async () => {
    const user = await createUser(ctx.db);
    const home = addresses()(1);
    expect((await loginFrom(home, user.username, user.password)).statusCode).toBe(200);
    const attacker = addresses()(1);
    // 40 unknown names from one address: no per-name or per-address limit is reached, only the cap
    // (one hash running, 32 waiting at most).
    const flood = Array.from({ length: 40 }, (_, i) => loginFrom(attacker, `flood-${i}`, 'Wrong123'));
    const real = loginFrom(home, user.username, user.password);
    const [answers, mine] = await Promise.all([Promise.all(flood), real]);
    expect(mine.statusCode).toBe(200);
    const busy = answers.filter((r) => r.statusCode === 429);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.json().message).toBe(HASHING_BUSY_MESSAGE);
    expect(busy[0]!.headers['retry-after']).toBe('1');
  });
});

describe('password change and temporary-password reset are throttled', () => {
  for (const url of ['/api/user/password', '/api/password-reset']) {
    it(`${url}: after ${PASSWORD_CHANGE_LIMIT} wrong current passwords even the right one waits, unhashed`, async () => {
      const user = await createUser(ctx.db, { isTemporaryPassword: url === '/api/password-reset' });
      const c = new TestClient(ctx.app);
      await c.login(user.username, user.password);
      for (let i = 0; i < PASSWORD_CHANGE_LIMIT; i += 1) {
        const wrong = await c.post(url, { currentPassword: 'Wrong123', newPassword: 'Newpass123' });
        expect(wrong.statusCode).toBe(400);
      }
      const right = await c.post(url, { currentPassword: user.password, newPassword: 'Newpass123' });
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(PASSWORD_THROTTLED_MESSAGE);
    });
  }

  it('refuses a parallel flood past the limit before hashing', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => c.post('/api/user/password', { currentPassword: 'Wrong123', newPassword: 'Newpass123' })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PASSWORD_CHANGE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - PASSWORD_CHANGE_LIMIT);
  });

  it('starts counting again after a successful change', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT - 1; i += 1) await c.post('/api/user/password', { currentPassword: 'Wrong123', newPassword: 'Newpass123' });
    expect((await c.post('/api/user/password', { currentPassword: user.password, newPassword: 'Newpass123' })).statusCode).toBe(200);
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT - 1; i += 1) {
      expect((await c.post('/api/user/password', { currentPassword: 'Wrong123', newPassword: 'Other1234' })).statusCode).toBe(400);
    }
  });
});
