import { USER_MESSAGES } from '@common/contracts/users';
import { PASSWORD_MESSAGES } from '@common/domain/password-rules';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activityLogs, emailOutbox, sessions, users } from '../../db/schema';
import { verifyPassword } from '../../lib/password-hash';
import { PASSWORD_CHANGE_REQUIRED } from '../../plugins/access';

const ctx = useTestApp();
const client = () => new TestClient(ctx.app);

async function signedInAdmin() {
  const admin = await createUser(ctx.db, { role: 'admin' });
  return { admin, c: await client().signInAs(admin, 'admin') };
}

async function rowOf(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function activityFor(targetUserId: number) {
  return ctx.db.select().from(activityLogs).where(eq(activityLogs.targetUserId, targetUserId));
}

let counter = 0;
const uniqueName = (prefix = 'new') => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

describe('who may call the user routes', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/users'],
    ['POST', '/api/users', { username: 'someone', password: 'Secret123' }],
    ['PATCH', '/api/users/1', { firstName: 'X' }],
    ['DELETE', '/api/users/1'],
    ['POST', '/api/users/1/reset-password'],
    ['POST', '/api/bypass-password-reset/1'],
    ['GET', '/api/users/import-template.csv'],
  ];
  const send = (c: TestClient, [method, url, body]: [string, string, unknown?]) =>
    c.request({ method: method as 'GET', url, json: method === 'GET' ? undefined : (body ?? {}) });

  it('asks anonymous callers to sign in', async () => {
    for (const call of calls) expect((await send(client(), call)).statusCode, call.join(' ')).toBe(401);
  });

  it.each(['salesperson', 'bold_customer'] as const)('refuses a %s', async (role) => {
    const user = await createUser(ctx.db, { role });
    const c = await client().signInAs(user);
    for (const call of calls) expect((await send(c, call)).statusCode, call.join(' ')).toBe(403);
  });

  it('refuses an admin acting as salesperson or customer (the active role counts)', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    for (const role of ['salesperson', 'bold_customer'] as const) {
      const c = await client().signInAs(admin, role);
      for (const call of calls) expect((await send(c, call)).statusCode, `${role} ${call.join(' ')}`).toBe(403);
    }
  });

  it('refuses an admin who still has a temporary password', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', isTemporaryPassword: true });
    const c = client();
    await c.login(admin.username, admin.password);
    const response = await c.get('/api/users');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PASSWORD_CHANGE_REQUIRED);
  });

  it('does not change state on GET /api/bypass-password-reset (docs/product-decisions.md: POST only)', async () => {
    const { c } = await signedInAdmin();
    const temp = await createUser(ctx.db, { isTemporaryPassword: true });
    expect((await c.get(`/api/bypass-password-reset/${temp.id}`)).statusCode).toBe(404);
    expect((await rowOf(temp.id)).isTemporaryPassword).toBe(true);
  });
});

describe('GET /api/users', () => {
  it('lists live users without password hashes', async () => {
    const { c } = await signedInAdmin();
    const listed = await createUser(ctx.db, { email: 'listed@example.com' });
    const gone = await createUser(ctx.db);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const response = await c.get(`/api/users?search=${listed.username}`);
    expect(response.statusCode).toBe(200);
    const body = (response.json() as { users: { id: number; username: string }[] }).users;
    expect(body.find((u) => u.id === listed.id)).toMatchObject({ username: listed.username, email: 'listed@example.com', role: 'salesperson' });
    const goneSearch = (await c.get(`/api/users?search=${gone.username}`)).json() as { users: { id: number }[]; total: number };
    expect(goneSearch).toMatchObject({ users: [], total: 0 });
    expect(response.body).not.toContain('scrypt');
    expect(response.body).not.toContain('passwordHash');
  });
});

describe('POST /api/users ("Create user")', () => {
  it.each([
    [{ username: 'ab', password: 'Secret123' }, USER_MESSAGES.usernameTooShort, 'username'],
    [{ password: 'Secret123' }, USER_MESSAGES.usernameRequired, 'username'],
    [{ username: 'validname', password: 'Ab1' }, PASSWORD_MESSAGES.tooShort, 'password'],
    [{ username: 'validname', password: 'lowercase1' }, PASSWORD_MESSAGES.needsCapital, 'password'],
    [{ username: 'validname', password: 'Secret123', role: 'owner' }, 'Role must be admin, salesperson or bold_customer', 'role'],
    [{ username: 'validname', password: 'Secret123', email: 'not-an-email' }, USER_MESSAGES.invalidEmail, 'email'],
    [{ username: 'validname', password: 'Secret123', isTemporaryPassword: false }, 'New users always start with a temporary password', 'isTemporaryPassword'],
  ])('refuses %j with "%s" and creates nothing', async (body, message, path) => {
    const { c } = await signedInAdmin();
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const response = await c.post('/api/users', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().errors[0].path).toBe(path);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a common password with its own message on the password field', async () => {
    const { c } = await signedInAdmin();
    const username = uniqueName();
    const response = await c.post('/api/users', { username, password: 'Password1', isTemporaryPassword: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PASSWORD_MESSAGES.tooCommon, errors: [{ path: 'password', message: PASSWORD_MESSAGES.tooCommon }] });
    expect(await ctx.db.select().from(users).where(eq(users.username, username))).toEqual([]);
  });

  it('creates a salesperson by default with a temporary password, logs user_created and queues a welcome email', async () => {
    const { admin, c } = await signedInAdmin();
    const username = uniqueName();
    const response = await c.post('/api/users', {
      username,
      password: 'Tilework7',
      email: 'new.person@example.com',
      firstName: 'New',
      lastName: 'Person',
      phone: '',
      isTemporaryPassword: true,
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({ username, role: 'salesperson', isTemporaryPassword: true, email: 'new.person@example.com', phone: null });
    const row = await rowOf(created.id);
    expect(await verifyPassword('Tilework7', row.passwordHash)).toBe(true);

    const logged = await activityFor(created.id);
    expect(logged).toEqual([expect.objectContaining({ type: 'user_created', userId: admin.id })]);

    const mail = await ctx.db.select().from(emailOutbox).where(sql`${'new.person@example.com'} = any(${emailOutbox.toAddresses})`);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'welcome', status: 'pending', fromAddress: ctx.config.ORDER_EMAIL_FROM });
    expect(mail[0]!.textBody).toContain(username);
    expect(mail[0]!.textBody).not.toContain('Tilework7');
  });

  it('queues no email for a user without an address', async () => {
    const { c } = await signedInAdmin();
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    const response = await c.post('/api/users', { username: uniqueName(), password: 'Tilework7', role: 'bold_customer', email: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('bold_customer');
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('lets the new user sign in only to change the temporary password', async () => {
    const { c } = await signedInAdmin();
    const username = uniqueName();
    await c.post('/api/users', { username, password: 'Tilework7' });
    const newcomer = client();
    const login = await newcomer.login(username, 'Tilework7');
    expect(login.json().isTemporaryPassword).toBe(true);
    expect((await newcomer.get('/api/system/settings')).statusCode).toBe(403);
    const changed = await newcomer.post('/api/password-reset', { currentPassword: 'Tilework7', newPassword: 'MyOwn123' });
    expect(changed.statusCode).toBe(200);
    expect((await newcomer.get('/api/system/settings')).statusCode).toBe(200);
  });

  it('refuses a username a live user has, whatever its case, but frees a deleted user’s name', async () => {
    const { c } = await signedInAdmin();
    const existing = await createUser(ctx.db);
    const clash = await c.post('/api/users', { username: existing.username.toUpperCase(), password: 'Tilework7' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(USER_MESSAGES.usernameTaken);

    expect((await c.delete(`/api/users/${existing.id}`)).statusCode).toBe(200);
    const reused = await c.post('/api/users', { username: existing.username, password: 'Tilework7' });
    expect(reused.statusCode).toBe(200);
    expect(reused.json().id).not.toBe(existing.id);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes the profile and role, ignores username and password, and logs user_updated', async () => {
    const { c } = await signedInAdmin();
    const user = await createUser(ctx.db);
    const response = await c.patch(`/api/users/${user.id}`, {
      role: 'bold_customer',
      company: 'Coastal Floors',
      email: 'buyer@example.com',
      username: 'hijack',
      password: 'Hijack123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: user.username, role: 'bold_customer', company: 'Coastal Floors', email: 'buyer@example.com' });
    const row = await rowOf(user.id);
    expect(await verifyPassword(user.password, row.passwordHash)).toBe(true);
    const logged = await activityFor(user.id);
    expect(logged.find((l) => l.type === 'user_updated')?.metadata).toMatchObject({
      action: 'edited',
      fromRole: 'salesperson',
      toRole: 'bold_customer',
    });
  });

  it('clears a field sent blank and keeps fields not sent', async () => {
    const { c } = await signedInAdmin();
    const user = await createUser(ctx.db, { email: 'keep@example.com' });
    await ctx.db.update(users).set({ company: 'Old Co' }).where(eq(users.id, user.id));
    const response = await c.patch(`/api/users/${user.id}`, { company: '' });
    expect(response.json()).toMatchObject({ company: null, email: 'keep@example.com' });
  });

  it.each([
    [{ email: 'nope' }, USER_MESSAGES.invalidEmail],
    [{ role: 'superuser' }, 'Role must be admin, salesperson or bold_customer'],
  ])('refuses %j with "%s"', async (body, message) => {
    const { c } = await signedInAdmin();
    const user = await createUser(ctx.db);
    const response = await c.patch(`/api/users/${user.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for an unknown or deleted user', async () => {
    const { c } = await signedInAdmin();
    const gone = await createUser(ctx.db);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    for (const id of [999_999, gone.id]) {
      const response = await c.patch(`/api/users/${id}`, { firstName: 'X' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(USER_MESSAGES.notFound);
    }
    expect((await c.patch('/api/users/abc', { firstName: 'X' })).statusCode).toBe(400);
  });

  it('does not let an admin demote themselves', async () => {
    const { admin, c } = await signedInAdmin();
    const response = await c.patch(`/api/users/${admin.id}`, { role: 'salesperson' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(USER_MESSAGES.demoteSelf);
    expect((await rowOf(admin.id)).role).toBe('admin');
    // Their own name is theirs to edit.
    expect((await c.patch(`/api/users/${admin.id}`, { firstName: 'Ada', role: 'admin' })).statusCode).toBe(200);
  });

  it('takes the admin role away at once from a demoted admin’s open session', async () => {
    const { c } = await signedInAdmin();
    const other = await createUser(ctx.db, { role: 'admin' });
    const otherSession = await client().signInAs(other, 'admin');
    expect((await otherSession.get('/api/users')).statusCode).toBe(200);
    expect((await c.patch(`/api/users/${other.id}`, { role: 'salesperson' })).statusCode).toBe(200);
    expect((await otherSession.get('/api/users')).statusCode).toBe(403);
    expect((await otherSession.get('/api/user')).json()).toMatchObject({ role: 'salesperson', activeRole: 'salesperson' });
  });
});

describe('DELETE /api/users/{id}', () => {
  it('soft-deletes the user, ends their sessions and keeps their activity readable', async () => {
    const { admin, c } = await signedInAdmin();
    const user = await createUser(ctx.db);
    const theirs = client();
    await theirs.login(user.username, user.password);
    expect((await theirs.get('/api/user')).statusCode).toBe(200);

    const response = await c.delete(`/api/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect((await theirs.get('/api/user')).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await rowOf(user.id)).deletedAt).not.toBeNull();
    expect((await c.get(`/api/users?search=${user.username}`)).json()).toMatchObject({ users: [], total: 0 });
    expect((await client().post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(401);

    const logs = await c.get(`/api/admin/activity-logs?userId=${user.id}`);
    expect(logs.json().logs).toContainEqual(expect.objectContaining({ type: 'login', username: user.username }));
    const about = await activityFor(user.id);
    expect(about).toContainEqual(expect.objectContaining({ type: 'user_updated', userId: admin.id, metadata: expect.objectContaining({ action: 'deleted' }) }));
    expect(about).toContainEqual(expect.objectContaining({ type: 'session_end' }));

    expect((await c.delete(`/api/users/${user.id}`)).statusCode).toBe(404);
  });

  it('does not let an admin delete themselves', async () => {
    const { admin, c } = await signedInAdmin();
    const response = await c.delete(`/api/users/${admin.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(USER_MESSAGES.deleteSelf);
    expect((await rowOf(admin.id)).deletedAt).toBeNull();
  });
});

describe('the last admin (concurrent requests queue on the admin rows)', () => {
  /** Leaves exactly these two live admins, so each is the other's only fellow admin. */
  async function onlyAdmins(ids: number[]) {
    await ctx.db
      .update(users)
      .set({ role: 'salesperson' })
      .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), sql`${users.id} not in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`));
  }

  /**
   * Holds the admin rows locked from another connection until both requests are
   * waiting for them, then lets go: the first to get the lock wins, and the second
   * must see the first one's change.
   */
  async function race(first: () => Promise<{ statusCode: number; json(): { message: string } }>, second: typeof first) {
    // The app's own pool knows this file's database.
    const url = (ctx.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query("select id from users where role = 'admin' and deleted_at is null for update");
      const both = Promise.all([first(), second()]);
      for (let waited = 0; waited < 100; waited += 1) {
        // pg_stat_activity is a snapshot per transaction, so clear it to see the requests arrive.
        await blocker.query('select pg_stat_clear_snapshot()');
        const { rows } = await blocker.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (rows[0].n >= 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await blocker.query('commit');
      return await both;
    } finally {
      await blocker.end();
    }
  }

  it.each([
    ['demote', (c: TestClient, id: number) => c.patch(`/api/users/${id}`, { role: 'salesperson' })],
    ['delete', (c: TestClient, id: number) => c.delete(`/api/users/${id}`)],
  ] as const)('lets only one of two admins %s the other', async (_action, act) => {
    const a = await createUser(ctx.db, { role: 'admin' });
    const b = await createUser(ctx.db, { role: 'admin' });
    await onlyAdmins([a.id, b.id]);
    const ca = await client().signInAs(a, 'admin');
    const cb = await client().signInAs(b, 'admin');
    const results = await race(
      () => act(ca, b.id),
      () => act(cb, a.id),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(USER_MESSAGES.lastAdmin);
    const admins = await ctx.db.select().from(users).where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
    expect(admins).toHaveLength(1);
  });
});

describe('POST /api/users/{id}/reset-password', () => {
  it('sets a strong temporary password, ends the user’s sessions and logs it', async () => {
    const { admin, c } = await signedInAdmin();
    const user = await createUser(ctx.db);
    const theirs = client();
    await theirs.login(user.username, user.password);

    const response = await c.post(`/api/users/${user.id}/reset-password`);
    expect(response.statusCode).toBe(200);
    const { temporaryPassword, username } = response.json();
    expect(username).toBe(user.username);
    expect(temporaryPassword).toMatch(/[A-Z]/);
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);

    expect((await theirs.get('/api/user')).statusCode).toBe(401);
    expect((await client().post('/api/login', { username: user.username, password: user.password })).statusCode).toBe(401);
    const again = client();
    expect((await again.login(user.username, temporaryPassword)).json().isTemporaryPassword).toBe(true);

    const logged = await activityFor(user.id);
    expect(logged).toContainEqual(expect.objectContaining({ type: 'password_changed', userId: admin.id }));
    expect(JSON.stringify(logged)).not.toContain(temporaryPassword);
  });

  it('keeps the admin’s own session when they reset their own password', async () => {
    const { admin, c } = await signedInAdmin();
    const response = await c.post(`/api/users/${admin.id}/reset-password`);
    expect(response.statusCode).toBe(200);
    expect((await c.get('/api/user')).json()).toMatchObject({ id: admin.id, isTemporaryPassword: true });
  });

  it('answers 404 for an unknown user', async () => {
    const { c } = await signedInAdmin();
    const response = await c.post('/api/users/999999/reset-password');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(USER_MESSAGES.notFound);
  });
});

describe('POST /api/bypass-password-reset/{userId}', () => {
  it.each(['abc', '0', '-4', '1.5'])('refuses the id %s with "Invalid User ID"', async (id) => {
    const { c } = await signedInAdmin();
    const response = await c.post(`/api/bypass-password-reset/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(USER_MESSAGES.invalidUserId);
  });

  it('answers 404 for an unknown user', async () => {
    const { c } = await signedInAdmin();
    const response = await c.post('/api/bypass-password-reset/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(USER_MESSAGES.notFound);
  });

  it('clears the temporary-password requirement and logs it', async () => {
    const { admin, c } = await signedInAdmin();
    const temp = await createUser(ctx.db, { isTemporaryPassword: true });
    const theirs = client();
    await theirs.login(temp.username, temp.password);
    expect((await theirs.get('/api/system/settings')).statusCode).toBe(403);

    const response = await c.post(`/api/bypass-password-reset/${temp.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.stringContaining(temp.username), username: temp.username });
    expect((await rowOf(temp.id)).isTemporaryPassword).toBe(false);
    expect((await theirs.get('/api/system/settings')).statusCode).toBe(200);
    const logged = await activityFor(temp.id);
    expect(logged).toContainEqual(
      expect.objectContaining({ type: 'user_updated', userId: admin.id, metadata: { action: 'password_requirement_bypassed' } }),
    );
  });

  it('answers success without a change for a user with no requirement', async () => {
    const { c } = await signedInAdmin();
    const user = await createUser(ctx.db);
    const response = await c.post(`/api/bypass-password-reset/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    expect(await activityFor(user.id)).toEqual([]);
  });
});

describe('every admin write leaves the other users alone', () => {
  it('never touches rows it was not asked about', async () => {
    const { c } = await signedInAdmin();
    const bystander = await createUser(ctx.db, { email: 'bystander@example.com' });
    const target = await createUser(ctx.db);
    await c.patch(`/api/users/${target.id}`, { company: 'X' });
    await c.post(`/api/users/${target.id}/reset-password`);
    await c.delete(`/api/users/${target.id}`);
    const row = await rowOf(bystander.id);
    expect(row).toMatchObject({ email: 'bystander@example.com', company: null, deletedAt: null, isTemporaryPassword: false });
    const others = await ctx.db.select().from(activityLogs).where(and(eq(activityLogs.targetUserId, bystander.id), ne(activityLogs.type, 'login')));
    expect(others).toEqual([]);
  });
});
