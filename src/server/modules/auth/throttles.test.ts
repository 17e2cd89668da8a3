import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { ACCOUNT_LIMIT, PAIR_LIMIT, PASSWORD_CHANGE_LIMIT, PASSWORD_THROTTLED_MESSAGE, recordLoginFailure, THROTTLED_MESSAGE } from './login-throttle';

/**
 * Security review: account-level login limit and throttled password changes (docs/decisions/0100).
 * Most earlier failures are counted with the throttle's own counter instead of one scrypt
 * login each (40 scrypts took longer than the test timeout on a busy machine, issue 22);
 * the last failure goes through the route, so a route that stopped counting fails the test.
 */
const ctx = useTestApp();

const failEarlier = async (ip: string, username: string, times: number) => {
  for (let i = 0; i < times; i += 1) await recordLoginFailure(ctx.db, ip, username);
};

let network = 0;
/** A fresh /24 per test, so the per-IP limit of one test never touches another. */
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
