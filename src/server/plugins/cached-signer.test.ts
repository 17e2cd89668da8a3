import { Signer } from '@fastify/cookie';
import { describe, expect, it, vi } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';
import { CachedSigner } from './cached-signer';

const ctx = useTestApp();

const SECRET = 's'.repeat(40);

describe('the session cookie signer remembers its answers (ADR 0153)', () => {
  it('answers exactly as the plain signer does', () => {
    const plain = new Signer(SECRET, 'sha256');
    const cached = new CachedSigner(SECRET);
    const signed = plain.sign('abc');
    expect(cached.sign('abc')).toBe(signed);
    expect(cached.unsign(signed)).toEqual(plain.unsign(signed));
    expect(cached.unsign(signed)).toEqual({ valid: true, renew: false, value: 'abc' });
    expect(cached.unsign(`${signed}x`)).toEqual({ valid: false, renew: false, value: null });
    expect(cached.unsign('abc.forged')).toEqual({ valid: false, renew: false, value: null });
  });

  it('computes the HMAC once for a cookie it has seen, and every time for forged ones', () => {
    const hmac = vi.spyOn(Signer.prototype, 'unsign');
    const sign = vi.spyOn(Signer.prototype, 'sign');
    const cached = new CachedSigner(SECRET);
    const cookie = new Signer(SECRET, 'sha256').sign('session-id');
    sign.mockClear();
    for (let i = 0; i < 5; i++) {
      expect(cached.unsign(cookie).value).toBe('session-id');
      expect(cached.sign('session-id')).toBe(cookie);
      expect(cached.unsign('session-id.forged').valid).toBe(false);
    }
    expect(hmac.mock.calls.filter(([v]) => v === cookie)).toHaveLength(1);
    expect(hmac.mock.calls.filter(([v]) => v === 'session-id.forged')).toHaveLength(5);
    expect(sign).toHaveBeenCalledTimes(1);
    hmac.mockRestore();
    sign.mockRestore();
  });

  it('hands out copies, so a caller changing a result cannot change the next answer', () => {
    const cached = new CachedSigner(SECRET);
    const cookie = cached.sign('id');
    const first = cached.unsign(cookie);
    first.value = 'someone-else';
    expect(cached.unsign(cookie).value).toBe('id');
  });

  it('refuses a short secret', () => {
    expect(() => new CachedSigner('short')).toThrow(/32/);
  });
});

it('is the signer the app checks session cookies with', async () => {
  const client = await new TestClient(ctx.app).signInAs(await createUser(ctx.db));
  const hmac = vi.spyOn(Signer.prototype, 'unsign');
  for (let i = 0; i < 4; i++) expect((await client.get('/api/carts')).statusCode).toBe(200);
  expect(hmac.mock.calls.length).toBeLessThanOrEqual(1);
  hmac.mockRestore();
});
