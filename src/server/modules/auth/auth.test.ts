import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activityLogs, sessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/sessions';
import { INVALID_CREDENTIALS } from './service';

const ctx = useTestApp();
const client = () => new TestClient(ctx.app);

function sessionCookie(response: { cookies: { name: string; value: string; expires?: Date; maxAge?: number; httpOnly?: boolean; sameSite?: string }[] }) {
  return response.cookies.find((c) => c.name === SESSION_COOKIE);
}

describe('sign-in', () => {
  it('answers 401 to GET /api/user when anonymous', async () => {
    const response = await client().get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('gives the same message for an unknown user and a wrong password', async () => {
    const user = await createUser(ctx.db);
    const wrong = await client().post('/api/login', { username: user.username, password: 'Nope1234' });
    const unknown = await client().post('/api/login', { username: 'nobody-here', password: 'Nope1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(INVALID_CREDENTIALS);
    expect(unknown.json().message).toBe(INVALID_CREDENTIALS);
  });

  it('signs a salesperson in with their role active and never returns the password hash', async () => {
    const user = await createUser(ctx.db, { role: 'salesperson', email: 'sam@example.com' });
    const c = client();
    const login = await c.post('/api/login', { username: user.username.toUpperCase(), password: user.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: user.username, role: 'salesperson', activeRole: 'salesperson' });
    expect(JSON.stringify(login.json())).not.toContain('scrypt');
    const cookie = sessionCookie(login);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const me = await c.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().permissions).toEqual(['view_stock', 'manage_orders', 'view_prices', 'chat']);
    expect(me.json()).not.toHaveProperty('passwordHash');
  });

  it('leaves an admin without an active role until one is chosen', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const c = client();
    const login = await c.login(admin.username, admin.password);
    expect(login.json()).toMatchObject({ activeRole: null, permissions: [] });
  });

  it('uses a browser-session cookie without remember me and a 30-day one with it', async () => {
    const user = await createUser(ctx.db);
    const short = sessionCookie(await client().login(user.username, user.password, false));
    expect(short?.expires).toBeUndefined();
    expect(short?.maxAge).toBeUndefined();
    const long = sessionCookie(await client().login(user.username, user.password, true));
    const days = ((long?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('issues a new session id at every login', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    const first = sessionCookie(await c.login(user.username, user.password))?.value;
    const second = sessionCookie(await c.login(user.username, user.password))?.value;
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('records login and logout with IP, user agent and session id', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    await c.request({ method: 'POST', url: '/api/login', json: { username: user.username, password: user.password }, headers: { 'user-agent': 'vitest-agent' } });
    const logout = await c.post('/api/logout');
    expect(logout.statusCode).toBe(200);
    expect((await c.get('/api/user')).statusCode).toBe(401);
    const rows = await ctx.db.select().from(activityLogs).where(eq(activityLogs.userId, user.id));
    expect(rows.map((r) => r.type).sort()).toEqual(['login', 'logout', 'session_start']);
    const login = rows.find((r) => r.type === 'login');
    expect(login).toMatchObject({ ipAddress: '127.0.0.1', userAgent: 'vitest-agent' });
    expect(login?.sessionId).toBeTruthy();
    // session_start (docs/decisions/0135) is the new session's first row, in that same session.
    const started = rows.find((r) => r.type === 'session_start');
    expect(started).toMatchObject({ sessionId: login?.sessionId, userAgent: 'vitest-agent', metadata: { rememberMe: false } });
  });

  it('treats a session idle past its expiry as signed out', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    await c.login(user.username, user.password);
    await ctx.db.update(sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('signs out a deleted user at their next request', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    await c.login(user.username, user.password);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('rejects a malformed login body with a message, never a 500', async () => {
    const c = client();
    const missing = await c.post('/api/login', { username: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Username is required');
    const broken = await c.request({ method: 'POST', url: '/api/login', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON');
  });
});

describe('login throttling', () => {
  it('locks a username and IP pair after 10 failures, even for the right password', async () => {
    const user = await createUser(ctx.db);
    const c = client();
    for (let i = 0; i < 10; i++) {
      expect((await c.post('/api/login', { username: user.username, password: 'Wrong123' })).statusCode).toBe(401);
    }
    const locked = await c.post('/api/login', { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed login attempts/);
  });
});

describe('registration', () => {
  it('is disabled by default', async () => {
    const response = await client().post('/api/register', { username: 'newdealer', password: 'Dealer123' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Registration is disabled');
  });
});
