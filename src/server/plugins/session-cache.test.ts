import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { buildApp } from '../app';
import { sessions, users } from '../db/schema';
import { SESSION_CACHE_CHANNEL, SessionCache } from './session-cache';

/**
 * The session and user cache (docs/decisions/0232): two servers on one database, each keeping what it
 * read while its LISTEN connection hears every change; a change on one (or typed into SQL) is refused
 * by the other at once, and without the LISTEN connection nothing is answered from memory.
 */
const ctx = useTestApp();
let other: FastifyInstance;

beforeAll(async () => {
  other = await buildApp({ db: ctx.db, config: ctx.config, sessionSecret: 'x'.repeat(48), logger: false });
  await other.ready();
  await listeners(2);
});
afterAll(async () => other?.close());

/**
 * A change typed into SQL by this test has no fence of its own (a write request has, sessions.ts):
 * each server drops what it kept once it hears it.
 */
const delivered = () => Promise.all([ctx.app.sessionChangesHeard(), other.sessionChangesHeard()]);

/** Waits until this many servers LISTEN on this database. */
async function listeners(count: number): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    const result = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${SESSION_CACHE_CHANNEL}`}`,
    );
    if (result.rows[0]?.n === count) return;
    await sleep(10);
  }
  throw new Error(`expected ${count} listeners`);
}

/** How many times the session read ran while `work` did. */
async function sessionReadsDuring(work: () => Promise<unknown>): Promise<number> {
  let reads = 0;
  const pool = (ctx.db as typeof ctx.db & { $client: Pool }).$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const config = args[0];
    if (typeof config === 'object' && config !== null && 'name' in config && config.name === 'auth_sessions_with_users') reads += 1;
    return query(...args);
  }) as never);
  try {
    await work();
  } finally {
    vi.restoreAllMocks();
  }
  return reads;
}

/** Signs in on the first server and hands back a client on each, sharing the cookie; both have read (and kept) the session. */
async function signedInOnBoth() {
  const user = await createUser(ctx.db, { role: 'bold_customer' });
  const onFirst = new TestClient(ctx.app);
  await onFirst.login(user.username, user.password);
  const onOther = new TestClient(other);
  // The same browser through another server: the clients share the cookie jar.
  (onOther as unknown as { cookies: Map<string, string> }).cookies = (onFirst as unknown as { cookies: Map<string, string> }).cookies;
  // The login's own writes notify too: let them arrive, then read once on each server.
  await sleep(100);
  expect((await onFirst.get('/api/user')).statusCode).toBe(200);
  expect((await onOther.get('/api/user')).statusCode).toBe(200);
  return { user, onFirst, onOther };
}

describe('the session cache', () => {
  it('answers a session it read again without reading it', async () => {
    const { onOther, onFirst } = await signedInOnBoth();
    const reads = await sessionReadsDuring(async () => {
      expect((await onOther.get('/api/user')).statusCode).toBe(200);
      expect((await onFirst.get('/api/user')).statusCode).toBe(200);
    });
    expect(reads).toBe(0);
  });

  it('refuses on the other server at once a session signed out on one', async () => {
    const { onFirst, onOther } = await signedInOnBoth();
    expect((await onFirst.post('/api/logout')).statusCode).toBeLessThan(300);
    expect((await onOther.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses on the other server at once a user deleted on one', async () => {
    const { user, onOther } = await signedInOnBoth();
    const admin = await createUser(ctx.db, { role: 'admin' });
    const adminClient = await new TestClient(ctx.app).signInAs(admin, 'admin');
    expect((await adminClient.delete(`/api/users/${user.id}`)).statusCode).toBe(200);
    expect((await onOther.get('/api/user')).statusCode).toBe(401);
  });

  it('drops what it kept when a session or a user changes by hand in SQL, within the notice\'s delivery', async () => {
    const demoted = await signedInOnBoth();
    await ctx.db.update(users).set({ role: 'salesperson' }).where(eq(users.id, demoted.user.id));
    await delivered();
    expect((await demoted.onOther.get('/api/user')).json()).toMatchObject({ role: 'salesperson' });
    expect((await demoted.onFirst.get('/api/user')).json()).toMatchObject({ role: 'salesperson' });

    const pruned = await signedInOnBoth();
    await ctx.db.delete(sessions).where(eq(sessions.userId, pruned.user.id));
    await delivered();
    expect((await pruned.onOther.get('/api/user')).statusCode).toBe(401);
  });

  it('answers nothing from memory once its LISTEN connection is killed, and keeps again once it is back', async () => {
    const { user, onOther } = await signedInOnBoth();
    await ctx.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${SESSION_CACHE_CHANNEL}`}`,
    );
    await listeners(0);
    // A change nobody hears: no server may answer from the session it kept.
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await onOther.get('/api/user')).statusCode).toBe(401);
    // Both servers listen again, and keep sessions again.
    await listeners(2);
    const again = await signedInOnBoth();
    expect(await sessionReadsDuring(() => again.onOther.get('/api/user'))).toBe(0);
  });
});

describe('SessionCache', () => {
  const row = (id: number) => ({ sid: `s${id}`, sess: {}, expire: new Date(Date.now() + 60_000), user: { id } as never });

  it('keeps nothing while not listening, and nothing read before a notification', () => {
    const cache = new SessionCache();
    cache.remember('s1', row(1), cache.begin());
    expect(cache.get('s1')).toBeUndefined();
    cache.setListening(true);
    const token = cache.begin();
    cache.notified('s:other');
    cache.remember('s1', row(1), token);
    expect(cache.get('s1')).toBeUndefined();
    cache.remember('s1', row(1), cache.begin());
    expect(cache.get('s1')).toBeDefined();
  });

  it("drops a session by id, every session of a user by the user's id, and everything when the connection is lost", () => {
    const cache = new SessionCache();
    cache.setListening(true);
    for (const [sid, user] of [['a', 1], ['b', 1], ['c', 2]] as const) cache.remember(sid, row(user), cache.begin());
    cache.notified('s:c');
    expect(cache.get('c')).toBeUndefined();
    cache.notified('u:1');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
    cache.remember('c', row(2), cache.begin());
    cache.setListening(false);
    cache.setListening(true);
    expect(cache.get('c')).toBeUndefined();
  });
});
