import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UsersPage } from '@common/contracts/users';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { users } from '../../db/schema';
import { hashPassword, hashTemporaryPassword, needsRehash, verifyPassword } from '../../lib/password-hash';

const ctx = useTestApp();

async function adminClient() {
  const admin = await createUser(ctx.db, { role: 'admin' });
  return new TestClient(ctx.app).signInAs(admin, 'admin');
}

/**
 * 30 users sharing a prefix found by search, so other tests' users never get in the way:
 * every third an admin, every fifth with a temporary password, created a minute apart,
 * ten of them signed in (user i at hour i).
 */
async function seed() {
  const prefix = `lst${Date.now().toString(36)}`;
  const passwordHash = await hashPassword('Secret123');
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 30 }, (_, i) => ({
    username: `${prefix}-${String(i).padStart(2, '0')}`,
    passwordHash,
    role: i % 3 === 0 ? ('admin' as const) : ('salesperson' as const),
    firstName: `First${String(29 - i).padStart(2, '0')}`,
    lastName: 'Tester',
    email: `${prefix}.${i}@example.com`,
    isTemporaryPassword: i % 5 === 0,
    createdAt: new Date(base + i * 60_000),
    lastLoginAt: i < 10 ? new Date(base + i * 3_600_000) : null,
  }));
  await ctx.db.insert(users).values(rows);
  return { prefix, names: rows.map((r) => r.username) };
}

async function page(c: TestClient, query: string): Promise<UsersPage> {
  const response = await c.get(`/api/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/users: paged, sorted, filtered on the server', () => {
  it('pages with the total of all matches', async () => {
    const c = await adminClient();
    const { prefix, names } = await seed();
    const first = await page(c, `search=${prefix}&pageSize=12`);
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 12 });
    expect(first.users.map((u) => u.username)).toEqual(names.slice(0, 12));
    const last = await page(c, `search=${prefix}&pageSize=12&page=3`);
    expect(last.users.map((u) => u.username)).toEqual(names.slice(24));
    expect(last.total).toBe(30);
    // Past the end: no rows, the count still right.
    expect(await page(c, `search=${prefix}&pageSize=12&page=9`)).toMatchObject({ users: [], total: 30 });
  });

  it('sorts by username, name, role, created and last login, both ways', async () => {
    const c = await adminClient();
    const { prefix, names } = await seed();
    const order = async (sort: string, dir: string) =>
      (await page(c, `search=${prefix}&pageSize=100&sort=${sort}&dir=${dir}`)).users.map((u) => u.username);
    expect(await order('username', 'desc')).toEqual([...names].reverse());
    // First names run the other way round (First29 for user 0).
    expect(await order('name', 'asc')).toEqual([...names].reverse());
    expect(await order('created', 'desc')).toEqual([...names].reverse());
    const byRole = await order('role', 'asc');
    expect(byRole.slice(0, 10)).toEqual(names.filter((_, i) => i % 3 === 0));
    // Never-signed-in users come last both ways.
    expect((await order('lastLogin', 'desc')).slice(0, 10)).toEqual(names.slice(0, 10).reverse());
    expect((await order('lastLogin', 'asc')).slice(0, 10)).toEqual(names.slice(0, 10));
    const newest = (await page(c, `search=${prefix}&sort=lastLogin&dir=desc&pageSize=1`)).users[0];
    expect(newest?.lastLoginAt).toBe(new Date(Date.UTC(2026, 0, 1) + 9 * 3_600_000).toISOString());
    expect(newest?.createdAt).toBe(new Date(Date.UTC(2026, 0, 1) + 9 * 60_000).toISOString());
  });

  it('filters by role and by temporary password, and searches name, email and username', async () => {
    const c = await adminClient();
    const { prefix, names } = await seed();
    const admins = await page(c, `search=${prefix}&role=admin&pageSize=100`);
    expect(admins.total).toBe(10);
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true);
    const temporary = await page(c, `search=${prefix}&temporaryPassword=true&pageSize=100`);
    expect(temporary.users.map((u) => u.username)).toEqual(names.filter((_, i) => i % 5 === 0));
    const both = await page(c, `search=${prefix}&temporaryPassword=true&role=admin`);
    expect(both.users.map((u) => u.username)).toEqual([names[0], names[15]]);
    expect((await page(c, `search=${prefix}&temporaryPassword=false`)).total).toBe(24);
    // By email, by "first last" and by a name within the prefix's users.
    expect((await page(c, `search=${prefix}.7@example`)).users.map((u) => u.username)).toEqual([names[7]]);
    const byName = await page(c, `search=${encodeURIComponent('First22 Tester')}`);
    expect(byName.users.map((u) => u.username)).toContain(names[7]);
    // A % in the search is a character, not a wildcard.
    expect((await page(c, `search=${encodeURIComponent(`${prefix}%`)}`)).total).toBe(0);
  });

  it('refuses bad parameters with 400 and a message', async () => {
    const c = await adminClient();
    for (const query of ['page=0', 'page=abc', 'pageSize=1000', 'pageSize=0', 'sort=password', 'dir=up', 'role=owner', 'temporaryPassword=yes', `search=${'x'.repeat(101)}`, 'limit=5']) {
      const response = await c.get(`/api/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
  });

  it('is for user managers only', async () => {
    const sales = await createUser(ctx.db, { role: 'salesperson' });
    const c = await new TestClient(ctx.app).signInAs(sales);
    expect((await c.get('/api/users')).statusCode).toBe(403);
  });
});

describe('sign-in records the last login', () => {
  it('sets lastLoginAt, shown in the list', async () => {
    const c = await adminClient();
    const user = await createUser(ctx.db);
    expect((await page(c, `search=${user.username}`)).users[0]?.lastLoginAt).toBeNull();
    const before = Date.now();
    expect((await new TestClient(ctx.app).post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(200);
    const shown = (await page(c, `search=${user.username}`)).users[0]?.lastLoginAt;
    expect(shown).not.toBeNull();
    expect(new Date(shown!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('replaces a cheap bulk-import hash with a full one at sign-in (ADR 0132)', async () => {
    const user = await createUser(ctx.db, { isTemporaryPassword: true });
    await ctx.db.update(users).set({ passwordHash: await hashTemporaryPassword(user.password) }).where(eq(users.id, user.id));
    expect((await new TestClient(ctx.app).post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(needsRehash(row!.passwordHash)).toBe(false);
    expect(await verifyPassword(user.password, row!.passwordHash)).toBe(true);
  });
});
