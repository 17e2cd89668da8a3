import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../../test/api';
import { SESSION_COOKIE } from './sessions';

/** The session cookie is the id signed by @fastify/cookie's Signer (ADR 0176): nothing else opens the session. */
const ctx = useTestApp();

async function signIn(): Promise<string> {
  const user = await createUser(ctx.db);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-request-timestamp': String(Date.now()), 'content-type': 'application/json' },
    payload: { username: user.username, password: user.password },
  });
  expect(login.statusCode).toBe(200);
  return login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

const me = (value: string) => ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { [SESSION_COOKIE]: value } });

describe('the session cookie', () => {
  it('opens the session only with the signature made with the server secret', async () => {
    const value = await signIn();
    const sid = value.slice(0, value.lastIndexOf('.'));
    const signature = value.slice(value.lastIndexOf('.') + 1);
    expect((await me(value)).statusCode).toBe(200);

    const flipped = `${sid}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const otherSecret = new Signer('y'.repeat(48), 'sha256').sign(sid);
    for (const forged of [flipped, otherSecret, sid, `${sid}.`]) {
      expect((await me(forged)).statusCode, forged).toBe(401);
    }
    // The refusals ended nothing: the genuine cookie still opens the session.
    expect((await me(value)).statusCode).toBe(200);
  });
});
