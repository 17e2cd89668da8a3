import { PASSWORD_MESSAGES } from '@common/domain/password-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../../../test/api';
import { carts, users } from '../../db/schema';

const ctx = useTestApp({ ALLOW_REGISTRATION: 'true' });

describe('registration when enabled', () => {
  it('creates a signed-in bold_customer', async () => {
    const c = new TestClient(ctx.app);
    const response = await c.post('/api/register', { username: 'newdealer', password: 'Dealer123', email: 'd@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'newdealer', role: 'bold_customer', activeRole: 'bold_customer', isTemporaryPassword: false });
    expect((await c.get('/api/user')).statusCode).toBe(200);
    // The new customer starts with an active cart.
    const owned = await ctx.db.select().from(carts).where(eq(carts.userId, response.json().id));
    expect(owned).toMatchObject([{ name: 'Purchase Order 1', isActive: true }]);
  });

  it('refuses a common password and creates no account', async () => {
    const response = await new TestClient(ctx.app).post('/api/register', { username: 'commonpw', password: 'Welcome1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'password', message: PASSWORD_MESSAGES.tooCommon }]);
    expect(await ctx.db.select().from(users).where(eq(users.username, 'commonpw'))).toEqual([]);
  });

  it('applies the spec rules to the username and password', async () => {
    const c = new TestClient(ctx.app);
    expect((await c.post('/api/register', { username: 'ab', password: 'Dealer123' })).json().message).toBe(
      'Username must be at least 3 characters',
    );
    expect((await c.post('/api/register', { username: 'abcd', password: 'dealer123' })).json().message).toBe(
      'Password must contain at least one capital letter',
    );
  });

  it('refuses a username that is taken', async () => {
    const c = new TestClient(ctx.app);
    await c.post('/api/register', { username: 'twice', password: 'Dealer123' });
    const again = await new TestClient(ctx.app).post('/api/register', { username: 'Twice', password: 'Dealer123' });
    expect(again.statusCode).toBe(409);
  });
});
