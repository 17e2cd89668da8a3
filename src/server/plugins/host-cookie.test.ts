import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { HOST_SESSION_COOKIE } from './sessions';

/** Security review, low: behind a TLS proxy the session cookie takes the __Host- prefix. */
const ctx = useTestApp({ TRUST_PROXY: 'true' });

describe('with TRUST_PROXY', () => {
  it('names the cookie __Host-bold.sid, Secure, Path=/ and no Domain; logout clears that cookie', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    const https = { 'x-forwarded-proto': 'https' };
    const login = await c.request({ method: 'POST', url: '/api/login', headers: https, json: { username: user.username, password: user.password } });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((k) => k.name === HOST_SESSION_COOKIE);
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cookie?.domain).toBeUndefined();
    expect((await c.request({ method: 'GET', url: '/api/user', headers: https })).statusCode).toBe(200);
    const logout = await c.request({ method: 'POST', url: '/api/logout', headers: https, json: {} });
    expect(logout.cookies.find((k) => k.name === HOST_SESSION_COOKIE)?.value).toBe('');
  });
});
