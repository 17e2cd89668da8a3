import { eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { sessions, users } from '../../db/schema';

/**
 * A signed-in request reads its session and its live user in one statement (ADR 0176, update):
 * one round trip before any work, still nothing kept between requests.
 */
const ctx = useTestApp();

/** The names of the prepared statements sent while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  // drizzle's public handle on the pool (its `Db` type here leaves it out).
  const pool = (ctx.db as typeof ctx.db & { $client: Pool }).$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const config = args[0];
    if (typeof config === 'object' && config !== null && 'name' in config && typeof config.name === 'string') names.push(config.name);
    return query(...args);
  }) as never);
  try {
    await work();
  } finally {
    vi.restoreAllMocks();
  }
  return names;
}

afterEach(() => vi.restoreAllMocks());

describe('session read', () => {
  it('reads the session and its user in one statement: no separate user read', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    let status = 0;
    const names = await statementsDuring(async () => {
      status = (await c.get('/api/folders')).statusCode;
    });
    expect(status).toBe(200);
    expect(names.filter((n) => n === 'auth_sessions_with_users')).toHaveLength(1);
    expect(names).not.toContain('auth_live_users_by_ids');
  });

  it('gives each of many requests read together its own user', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx.db)));
    const clients = await Promise.all(
      people.map(async (person) => {
        const c = new TestClient(ctx.app);
        await c.login(person.username, person.password);
        return c;
      }),
    );
    let answers: { statusCode: number; json(): { username: string } }[] = [];
    const names = await statementsDuring(async () => {
      answers = await Promise.all(clients.flatMap((c) => [c.get('/api/user'), c.get('/api/user')]));
    });
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(200));
    expect(answers.map((a) => a.json().username)).toEqual(people.flatMap((p) => [p.username, p.username]));
    expect(names).not.toContain('auth_live_users_by_ids');
    // Requests arriving together share the read.
    expect(names.filter((n) => n === 'auth_sessions_with_users').length).toBeLessThan(16);
  });

  it('keeps the user read with a session out of the saved session when the session is saved again', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const c = new TestClient(ctx.app);
    await c.login(admin.username, admin.password);
    // A signed-in request that changes its session: the store saves the session it read, user attached.
    expect((await c.post('/api/session/role', { role: 'salesperson' })).statusCode).toBe(200);
    const [saved] = await ctx.db.select({ sess: sessions.sess }).from(sessions).where(eq(sessions.userId, admin.id));
    expect(saved?.sess).toMatchObject({ userId: admin.id, activeRole: 'salesperson' });
    expect(Object.keys(saved?.sess ?? {})).not.toContain('userReadWithSession');
    expect(JSON.stringify(saved?.sess)).not.toContain(admin.username);
    // And the next request still reads the user with its session, in the one statement.
    const names = await statementsDuring(async () => {
      expect((await c.get('/api/user')).json()).toMatchObject({ username: admin.username, activeRole: 'salesperson' });
    });
    expect(names).not.toContain('auth_live_users_by_ids');
  });

  it('refuses a deleted user on the next request, and sees a role change at once', async () => {
    const user = await createUser(ctx.db, { role: 'salesperson' });
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    expect((await c.get('/api/user')).json()).toMatchObject({ role: 'salesperson' });
    // Typed into SQL: the server drops what it kept once it hears the change (ADR 0232b); a write request waits by itself.
    await ctx.db.update(users).set({ role: 'bold_customer' }).where(eq(users.id, user.id));
    await ctx.app.sessionChangesHeard();
    expect((await c.get('/api/user')).json()).toMatchObject({ role: 'bold_customer', activeRole: 'bold_customer' });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    await ctx.app.sessionChangesHeard();
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });
});
