import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { sessions } from '../db/schema';
import { SESSION_COOKIE } from './sessions';

/** Security review, low: sessions slid forever and logout left the cookie behind. */
const ctx = useTestApp();
const HOUR = 60 * 60 * 1000;

/**
 * Moves the sign-in time of the user's sessions into the past, as if they had stayed active since.
 * The row changes behind the server's back; the server drops what it kept once it hears the change
 * (ADR 0232b), which a change typed into SQL waits for.
 */
async function signedInAgo(userId: number, ms: number) {
  await ctx.db
    .update(sessions)
    .set({ sess: sql`jsonb_set(${sessions.sess}, '{startedAt}', to_jsonb(${Date.now() - ms}::bigint))` })
    .where(eq(sessions.userId, userId));
  await ctx.app.sessionChangesHeard();
}

describe('absolute session lifetime', () => {
  it('ends a session without remember me 24 hours after sign-in, however active', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password, false);
    await signedInAgo(user.id, 23 * HOUR);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    await signedInAgo(user.id, 25 * HOUR);
    expect((await c.get('/api/user')).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('ends a remember-me session 30 days after sign-in', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password, true);
    await signedInAgo(user.id, 29 * 24 * HOUR);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    await signedInAgo(user.id, 31 * 24 * HOUR);
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('keeps the stored expiry within 24 hours of sign-in', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password, false);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expire.getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
  });
});

describe('logout', () => {
  it('clears the session cookie', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    const logout = await c.post('/api/logout');
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
