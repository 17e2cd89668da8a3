import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { activityLogs, users } from '../../db/schema';

const ctx = useTestApp();

async function rowOf(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('PATCH /api/user/profile (Edit My User Data, ADR 0053)', () => {
  it('saves the caller\'s own profile fields and logs user_updated', async () => {
    const user = await createUser(ctx.db, { role: 'salesperson' });
    const c = await new TestClient(ctx.app).signInAs(user);
    const response = await c.patch('/api/user/profile', {
      firstName: ' Dana ',
      lastName: 'Field',
      phone: '555-0142',
      company: 'BOLD',
      storeName: 'Showroom',
      storeAddress: '1 Main St',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Dana', phone: '555-0142', username: user.username, role: 'salesperson' });
    const row = await rowOf(user.id);
    // The email is not a profile field to save: it changes through a confirmed change (email-change.test.ts).
    expect(row).toMatchObject({ firstName: 'Dana', lastName: 'Field', email: null, storeAddress: '1 Main St' });
    expect((await c.get('/api/user')).json().phone).toBe('555-0142');
    const logged = await ctx.db.select().from(activityLogs).where(eq(activityLogs.targetUserId, user.id));
    expect(logged.some((l) => l.type === 'user_updated' && l.userId === user.id)).toBe(true);
  });

  it('clears a field sent blank and leaves the ones not sent', async () => {
    const user = await createUser(ctx.db, { role: 'bold_customer', email: 'keep@example.com' });
    const c = await new TestClient(ctx.app).signInAs(user);
    await c.patch('/api/user/profile', { phone: '555-1', company: 'Tiles Inc' });
    expect((await c.patch('/api/user/profile', { phone: '' })).statusCode).toBe(200);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ phone: null, company: 'Tiles Inc', email: 'keep@example.com' });
  });

  it('refuses a bad email with the admin edit\'s message and changes nothing', async () => {
    const user = await createUser(ctx.db, { email: 'before@example.com' });
    const c = await new TestClient(ctx.app).signInAs(user);
    const response = await c.patch('/api/user/profile', { email: 'not-an-email', phone: '555' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid email');
    expect(await rowOf(user.id)).toMatchObject({ email: 'before@example.com', phone: null });
  });

  it('never changes role or username, whatever the body says', async () => {
    const user = await createUser(ctx.db, { role: 'bold_customer' });
    const c = await new TestClient(ctx.app).signInAs(user);
    const response = await c.patch('/api/user/profile', { role: 'admin', username: 'hijack', firstName: 'Ann' });
    expect(response.statusCode).toBe(200);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ role: 'bold_customer', username: user.username, firstName: 'Ann' });
  });

  it('is refused without a session and before a temporary password is changed', async () => {
    expect((await new TestClient(ctx.app).patch('/api/user/profile', { phone: '1' })).statusCode).toBe(401);
    const temporary = await createUser(ctx.db, { isTemporaryPassword: true });
    const c = await new TestClient(ctx.app).signInAs(temporary);
    expect((await c.patch('/api/user/profile', { phone: '1' })).statusCode).toBe(403);
    expect((await rowOf(temporary.id)).phone).toBeNull();
  });
});
