import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody } from '../../../../test/multipart';
import { products } from '../../db/schema';
import { withStock, productColumns } from '../../../../test/cart-fixtures';

// The default upload limit (MAX_UPLOAD_MB 25) against a 30 MB file.
const ctx = useTestApp();

describe('a 30 MB stock file', () => {
  it('is refused with 413 and imports nothing', async () => {
    await ctx.db.insert(products).values(withStock({ id: 1001, name: 'Tile', stockLevel: '120' }));
    const admin = await createUser(ctx.db, { role: 'admin' });
    const client = await new TestClient(ctx.app).signInAs(admin, 'admin');
    const row = '1001,5\n';
    const csv = `id,stockLevel\n${row.repeat(Math.ceil((30 * 1024 * 1024) / row.length))}`;
    const response = await client.request({ method: 'POST', url: '/api/stock/upload', ...multipartBody([{ filename: 'big.csv', content: csv }]) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is larger than the 25 MB upload limit');
    const [product] = await ctx.db.select(productColumns).from(products);
    expect(product?.stockLevel).toBe('120');
  });
});
