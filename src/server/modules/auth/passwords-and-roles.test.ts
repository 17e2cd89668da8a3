import { PASSWORD_MESSAGES } from '@common/domain/password-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activityLogs, users } from '../../db/schema';
import { verifyPassword } from '../../lib/password-hash';
import { PASSWORD_CHANGE_REQUIRED, ROLE_NOT_CHOSEN } from '../../plugins/access';

const ctx = useTestApp();

describe('temporary password confinement', () => {
  it('lets a temporary-password user read /api/user but nothing else until the password changes', async () => {
    const user = await createUser(ctx.db, { isTemporaryPassword: true });
    const c = new TestClient(ctx.app);
    const login = await c.login(user.username, user.password);
    expect(login.json().isTemporaryPassword).toBe(true);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    const blocked = await c.get('/api/system/settings');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(PASSWORD_CHANGE_REQUIRED);

    const changed = await c.post('/api/password-reset', { currentPassword: user.password, newPassword: 'Better123' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().isTemporaryPassword).toBe(false);
    expect((await c.get('/api/system/settings')).statusCode).toBe(200);
  });
});

describe('password change rules', () => {
  it.each([
    ['Ab1', 'Password must be at least 6 characters'],
    ['lowercase1', 'Password must contain at least one capital letter'],
  ])('refuses %s with "%s" and changes nothing', async (newPassword, message) => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    const response = await c.post('/api/user/password', { currentPassword: user.password, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(user.password, row!.passwordHash)).toBe(true);
  });

  // ASVS 6.2.4: the spec's rules pass, the list of common passwords does not.
  for (const url of ['/api/user/password', '/api/password-reset']) {
    it.each(['Password1', 'Welcome1', 'Qwerty123'])(`${url} refuses the common password %s with its own message on the field`, async (newPassword) => {
      const user = await createUser(ctx.db, { isTemporaryPassword: url === '/api/password-reset' });
      const c = new TestClient(ctx.app);
      await c.login(user.username, user.password);
      const response = await c.post(url, { currentPassword: user.password, newPassword });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: PASSWORD_MESSAGES.tooCommon,
        errors: [{ path: 'newPassword', message: PASSWORD_MESSAGES.tooCommon }],
      });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(await verifyPassword(user.password, row!.passwordHash)).toBe(true);
    });
  }

  it('refuses a wrong current password', async () => {
    const user = await createUser(ctx.db);
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    const response = await c.post('/api/user/password', { currentPassword: 'Wrong1234', newPassword: 'Better123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Current password is incorrect');
  });

  it('stores the new password, logs password_changed and ends the other sessions', async () => {
    const user = await createUser(ctx.db);
    const phone = new TestClient(ctx.app);
    const desk = new TestClient(ctx.app);
    await phone.login(user.username, user.password);
    await desk.login(user.username, user.password);
    const response = await desk.post('/api/user/password', { currentPassword: user.password, newPassword: 'Better123' });
    expect(response.statusCode).toBe(200);
    expect((await desk.get('/api/user')).statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    const logged = await ctx.db.select().from(activityLogs).where(eq(activityLogs.type, 'password_changed'));
    expect(logged.some((r) => r.userId === user.id)).toBe(true);
    await new TestClient(ctx.app).login(user.username, 'Better123');
  });

  it('requires sign-in to change a password', async () => {
    const response = await new TestClient(ctx.app).post('/api/user/password', { currentPassword: 'x', newPassword: 'Better123' });
    expect(response.statusCode).toBe(401);
  });
});

describe('choosing a role (docs/product-decisions.md: only admins switch)', () => {
  it('lets an admin act as each of the three roles with that role’s permissions', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const c = new TestClient(ctx.app);
    await c.login(admin.username, admin.password);
    const asSales = await c.post('/api/session/role', { role: 'salesperson' });
    expect(asSales.json()).toMatchObject({ activeRole: 'salesperson', role: 'admin' });
    expect(asSales.json().permissions).not.toContain('manage_users');
    expect((await c.get('/api/user')).json().activeRole).toBe('salesperson');
    const asAdmin = await c.post('/api/session/role', { role: 'admin' });
    expect(asAdmin.json().permissions).toContain('manage_users');
    const asCustomer = await c.post('/api/session/role', { role: 'bold_customer' });
    expect(asCustomer.json().permissions).toEqual(['view_stock', 'view_prices', 'chat']);
  });

  it('refuses a salesperson who asks to act as admin or customer', async () => {
    const user = await createUser(ctx.db, { role: 'salesperson' });
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    for (const role of ['admin', 'bold_customer']) {
      const response = await c.post('/api/session/role', { role });
      expect(response.statusCode).toBe(403);
    }
    expect((await c.get('/api/user')).json().activeRole).toBe('salesperson');
    expect((await c.post('/api/session/role', { role: 'salesperson' })).statusCode).toBe(200);
  });

  it('refuses a customer who asks to act as admin', async () => {
    const user = await createUser(ctx.db, { role: 'bold_customer' });
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    expect((await c.post('/api/session/role', { role: 'admin' })).statusCode).toBe(403);
  });

  it('refuses an unknown role with a message', async () => {
    const admin = await createUser(ctx.db, { role: 'admin' });
    const c = new TestClient(ctx.app);
    await c.login(admin.username, admin.password);
    const response = await c.post('/api/session/role', { role: 'owner' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Role must be admin, salesperson or bold_customer');
  });

  it('refuses role choice to anonymous users', async () => {
    expect((await new TestClient(ctx.app).post('/api/session/role', { role: 'admin' })).statusCode).toBe(401);
  });

  it('names the missing role choice when an admin has not picked one', () => {
    expect(ROLE_NOT_CHOSEN).toBe('Please choose a role to continue');
  });
});

describe('the spec rules of the password flows', () => {
  it.each(['/api/password-reset', '/api/user/password'])('%s refuses a new password equal to the current one', async (url) => {
    const user = await createUser(ctx.db, { isTemporaryPassword: url === '/api/password-reset', password: 'Same1234' });
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    const response = await c.post(url, { currentPassword: 'Same1234', newPassword: 'Same1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('New password must be different from the current password');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isTemporaryPassword).toBe(url === '/api/password-reset');
  });

  it('answers a short password on the forced reset with the spec\'s reset message', async () => {
    const user = await createUser(ctx.db, { isTemporaryPassword: true });
    const c = new TestClient(ctx.app);
    await c.login(user.username, user.password);
    const response = await c.post('/api/password-reset', { currentPassword: user.password, newPassword: 'Ab1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('New password must be at least 6 characters long');
  });
});
