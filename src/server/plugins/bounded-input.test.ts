import { CONTROL_CHARACTERS_MESSAGE } from '@common/contracts/common';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../test/api';

/** Security review, low: ids above 2^31-1 and NUL bytes in text gave 500s. Every one is a 400 now. */
const ctx = useTestApp();

async function admin() {
  return new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
}

describe('ids are bounded to PostgreSQL integers', () => {
  it.each([
    ['GET', '/api/carts/99999999999'],
    ['GET', '/api/orders/2147483648'],
    ['GET', '/api/folders/99999999999/contents'],
    ['GET', '/api/files/99999999999/download'],
    ['GET', '/api/files?folderId=99999999999'],
    ['GET', '/api/orders?userId=99999999999'],
    ['GET', '/api/admin/activity-logs?userId=99999999999'],
    ['DELETE', '/api/users/99999999999'],
    ['PATCH', '/api/users/99999999999'],
    ['POST', '/api/users/99999999999/reset-password'],
    ['POST', '/api/bypass-password-reset/99999999999'],
    ['DELETE', '/api/carts/1/items/99999999999'],
  ])('%s %s answers 400', async (method, url) => {
    const c = await admin();
    const response = await c.request({ method: method as 'GET', url, ...(method === 'GET' ? {} : { json: {} }) });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('refuses a JSON id past the limit with 400', async () => {
    const c = await admin();
    const response = await c.post('/api/carts', { name: 'Big id', userId: 99999999999 });
    expect(response.statusCode).toBe(400);
  });
});

describe('control characters are refused with 400', () => {
  it.each([
    '/api/admin/activity-logs?search=%00abc',
    '/api/admin/activity-logs?search=abc%00',
    '/api/orders?search=%00',
    '/api/products?search=%00',
    '/api/admin/activity-logs/export?search=ab%01c',
  ])('GET %s', async (url) => {
    const c = await admin();
    const response = await c.get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it('in a JSON body, and the cart is not created', async () => {
    const c = await admin();
    const response = await c.post('/api/carts', { name: 'Job\u0000site' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTROL_CHARACTERS_MESSAGE);
    const carts = (await c.get('/api/carts')).json() as { name: string }[] | { carts: { name: string }[] };
    expect(JSON.stringify(carts)).not.toContain('Job');
  });

  it('in a nested JSON value or key', async () => {
    const c = await admin();
    for (const body of [{ name: 'Ok', extra: { deep: ['a', 'b\u0001'] } }, { name: 'Ok', 'k\u0000ey': 1 }, { name: 'Ok', list: [{ ['x\u0002']: 'y' }] }]) {
      const response = await c.post('/api/carts', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('still takes tabs and line breaks in text', async () => {
    const c = await admin();
    const response = await c.post('/api/carts', { name: 'Line\tone' });
    expect(response.statusCode).not.toBe(400);
  });
});
