import { parse as parseDisposition } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { multipartBody } from '../../../../test/multipart';
import { products } from '../../db/schema';
import type { ProductRow } from '../products';
import { groupForPriceList, renderPriceListPdf } from './render-pdf';
import { withStock } from '../../../../test/cart-fixtures';

const ctx = useTestApp();

/** The text shown by an uncompressed pdfkit document, in drawing order. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const pieces: string[] = [];
  for (const [, array] of source.matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
    pieces.push(hex.join(''));
  }
  return pieces.join('\n');
}

const row = (fields: Partial<ProductRow> & { id: number }): ProductRow => ({
  name: `Tile ${fields.id}`,
  collection: null,
  line: null,
  size: null,
  color: null,
  finish: null,
  soldBy: 'Box',
  description: null,
  price: null,
  imageUrl: null,
  stockLevel: '0',
  coverage: '15.5',
  pricePerSqft: null,
  quantityOnOrder: 0,
  updatedAt: new Date(),
  ...fields,
});

describe('the price list document', () => {
  const catalogue = [
    row({ id: 2001, line: 'Travertino', size: '12x24', color: 'Ivory', finish: 'Honed', price: '70.00', pricePerSqft: '4.52' }),
    row({ id: 1001, line: 'Calacatta Luxe', collection: 'Marble Collection', size: '12x24', color: 'White', finish: 'Polished', price: '114.54', pricePerSqft: '7.39' }),
    row({ id: 1006, line: 'Calacatta Luxe', size: '48x110 Slab', color: 'White', finish: 'Polished', soldBy: 'Each', coverage: '48x110', price: null, pricePerSqft: null }),
    row({ id: 1002, line: 'Calacatta Luxe', size: '3x12', color: 'Gold', finish: 'Matte', price: '1234.5', pricePerSqft: '9.99' }),
  ];

  it('groups by line, then size in natural order', () => {
    const groups = groupForPriceList(catalogue);
    expect(groups.map((g) => g.line)).toEqual(['Calacatta Luxe', 'Travertino']);
    expect(groups[0]!.sizes.map((s) => s.size)).toEqual(['3x12', '12x24', '48x110 Slab']);
  });

  it('prints each product with its price formatted by formatPrice, CALL included', async () => {
    const text = pdfText(await renderPriceListPdf(catalogue, new Date('2026-03-04T12:00:00Z'), { compress: false }));
    expect(text).toContain('BOLD Price List');
    expect(text).toContain('$114.54');
    expect(text).toContain('$1,234.50');
    expect(text).toContain('CALL');
    expect(text.indexOf('Calacatta Luxe')).toBeLessThan(text.indexOf('Travertino'));
    expect(text.indexOf('3x12')).toBeLessThan(text.indexOf('12x24'));
    expect(text).toMatch(/Page 1 of 1/);
  });
});

describe('GET /api/price-list.pdf', () => {
  it('needs view_prices (every signed-in role has it)', async () => {
    expect((await new TestClient(ctx.app).get('/api/price-list.pdf')).statusCode).toBe(401);
    for (const role of ['salesperson', 'bold_customer'] as const) {
      const user = await createUser(ctx.db, { role });
      const client = await new TestClient(ctx.app).signInAs(user);
      expect((await client.get('/api/price-list.pdf')).statusCode).toBe(200);
    }
  });

  it('serves the PDF inline, with a 304 until the catalogue changes', async () => {
    await ctx.db.insert(products).values(withStock({ id: 1001, name: 'Calacatta', line: 'Calacatta Luxe', size: '12x24', stockLevel: '5', price: '10.00' }));
    const user = await createUser(ctx.db, { role: 'bold_customer' });
    const client = await new TestClient(ctx.app).signInAs(user);
    const first = await client.get('/api/price-list.pdf');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(parseDisposition(String(first.headers['content-disposition']))).toEqual({ type: 'inline', parameters: { filename: 'BOLD-Price-List.pdf' } });
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const etag = first.headers.etag as string;
    expect((await client.request({ method: 'GET', url: '/api/price-list.pdf', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const admin = await createUser(ctx.db, { role: 'admin' });
    const adminClient = await new TestClient(ctx.app).signInAs(admin, 'admin');
    const upload = await adminClient.request({
      method: 'POST',
      url: '/api/stock/upload',
      ...multipartBody([{ filename: 'stock.csv', content: 'id,price\n1001,12.00\n' }]),
    });
    expect(upload.statusCode).toBe(200);
    const after = await client.request({ method: 'GET', url: '/api/price-list.pdf', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('GET /price-list.pdf', () => {
  it('sends a download tool to the PDF and a browser tab to the screen', async () => {
    const tool = await new TestClient(ctx.app).request({ method: 'GET', url: '/price-list.pdf', headers: { accept: '*/*' } });
    expect(tool.statusCode).toBe(302);
    expect(tool.headers.location).toBe('/api/price-list.pdf');
    const tab = await new TestClient(ctx.app).request({ method: 'GET', url: '/price-list.pdf', headers: { accept: 'text/html,*/*' } });
    // The API tests run without a built client; the SPA fallback says so.
    expect(tab.statusCode).toBe(503);
    expect(tab.body).toContain('The client is not built');
  });
});
