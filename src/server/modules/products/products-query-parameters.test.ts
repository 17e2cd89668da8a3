import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS_PAGE_MAX } from '@common/contracts/products';
import { QUERY_MESSAGES } from '@common/contracts/query-params';
import { useTestApp } from '../../../../test/api';
import { insertCatalogue } from '../../../../test/cart-fixtures';
import { FORGED_PRODUCT_CURSORS } from '../../../../test/forged-cursors';
import { bearer, createToken, signedInAdmin } from '../../../../test/integrations';

/** docs/decisions/0205: GET /api/products checks its paging parameters before reading the catalogue. */
const ctx = useTestApp();
let reader = '';

beforeAll(async () => {
  await insertCatalogue(ctx.db);
  const { client } = await signedInAdmin(ctx.app, ctx.db);
  reader = (await createToken(client, ['products:read'])).token;
});

const get = (query: string) => bearer(ctx.app, reader, { method: 'GET', url: `/api/products?${query}` });

describe('GET /api/products refuses a cursor it never issued', () => {
  it.each(FORGED_PRODUCT_CURSORS)('%s', async (_label, cursor) => {
    const response = await get(`cursor=${encodeURIComponent(cursor)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: QUERY_MESSAGES.badCursor, errors: [{ path: 'cursor' }] });
  });

  it('still reads the cursors it issued, with and without updatedSince', async () => {
    for (const first of ['limit=1', 'limit=1&updatedSince=1970-01-01T00:00:00Z']) {
      const page = (await get(first)).json() as { nextCursor: string };
      expect(page.nextCursor).toEqual(expect.any(String));
      expect((await get(`limit=1&cursor=${page.nextCursor}`)).statusCode).toBe(200);
    }
  });
});

describe('GET /api/products refuses other parameters it cannot use', () => {
  it.each([
    ['updatedSince=0000-01-01T00:00:00Z', 'updatedSince'],
    ['updatedSince=9999-12-31T23:59:59-14:00', 'updatedSince'],
    ['updatedSince=2025-02-30T00:00:00Z', 'updatedSince'],
    [`limit=${PRODUCTS_PAGE_MAX + 1}`, 'limit'],
    ['limit=0', 'limit'],
    ['limit=1e400', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=2.5', 'limit'],
  ])('%s is a 400 naming %s', async (query, path) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.path).toBe(path);
  });
});
