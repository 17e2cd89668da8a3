import { USERNAME_CHARACTERS_MESSAGE } from '@common/domain/username-rules';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';

/** Security review, low: usernames took zero-width, newline, right-to-left and look-alike characters. */
const ctx = useTestApp();

async function admin() {
  return new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
}
const stamp = () => Date.now().toString(36);

describe('usernames are NFKC-normalised and use a clear set of characters', () => {
  it.each([
    ['zero-width space', (s: string) => `ad\u200bmin${s}`],
    ['newline', (s: string) => `admin${s}\nx`],
    ['right-to-left override', (s: string) => `\u202eadmin${s}`],
    ['Cyrillic look-alike', (s: string) => `\u0430dmin${s}`],
    ['space inside', (s: string) => `ad min${s}`],
  ])('refuses a %s with a message that names the allowed set', async (_label, make) => {
    const c = await admin();
    const response = await c.post('/api/users', { username: make(stamp()), password: 'Tilework7', role: 'salesperson' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: 'username', message: USERNAME_CHARACTERS_MESSAGE });
  });

  it('folds full-width letters to plain ones, and signs in either way', async () => {
    const c = await admin();
    const plain = `jane${stamp()}`;
    const fullWidth = [...plain].map((ch) => String.fromCodePoint(ch.codePointAt(0)! + 0xfee0)).join('');
    const response = await c.post('/api/users', { username: fullWidth, password: 'Tilework7', role: 'salesperson' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().username).toBe(plain);
    const login = await new TestClient(ctx.app).post('/api/login', { username: fullWidth, password: 'Tilework7' });
    expect(login.statusCode).toBe(200);
  });

  it('applies the same rule to the bulk import', async () => {
    const c = await admin();
    const csv = `username,password\n\u0430lice${stamp()},Tilework7\n`;
    const boundary = 'x-boundary';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const response = await c.request({ method: 'POST', url: '/api/users/import', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: 'rows.2.username', message: USERNAME_CHARACTERS_MESSAGE });
  });
});
