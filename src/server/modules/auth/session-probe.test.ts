import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';

/**
 * GET /api/session (docs/decisions/0212): the browser's "who is signed in" call answers 200 with
 * `user: null` for no one, so a signed-out page logs no 401 in the console; GET /api/user keeps
 * the 401.
 */
const ctx = useTestApp();

describe('GET /api/session', () => {
  it('answers 200 with no user when no one is signed in, where GET /api/user answers 401', async () => {
    const signedOut = new TestClient(ctx.app);
    const probe = await signedOut.get('/api/session');
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ user: null });
    expect((await signedOut.get('/api/user')).statusCode).toBe(401);
  });

  it('answers the signed-in user as GET /api/user does, temporary password and role choice included', async () => {
    const user = await createUser(ctx.db, { role: 'salesperson' });
    const client = await new TestClient(ctx.app).signInAs(user);
    const probe = await client.get('/api/session');
    expect(probe.statusCode).toBe(200);
    expect(probe.json().user).toEqual((await client.get('/api/user')).json());
    expect(probe.json().user).toMatchObject({ username: user.username, activeRole: 'salesperson' });

    const temporary = await createUser(ctx.db, { role: 'bold_customer', isTemporaryPassword: true });
    const confined = await new TestClient(ctx.app).signInAs(temporary);
    expect((await confined.get('/api/session')).json().user).toMatchObject({ username: temporary.username, isTemporaryPassword: true });
  });

  it('answers no user after a log out', async () => {
    const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.db));
    await client.post('/api/logout', {});
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
  });
});
