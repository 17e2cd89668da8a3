import { allAvailabilityResponse } from '@common/contracts/lots';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { put, withStock } from '../../../../test/cart-fixtures';
import { products } from '../../db/schema';

/** Field mode's copy of lots and incoming on a rep's device (docs/decisions/0234). */
const ctx = useTestApp();
let admin: TestClient;
let rep: TestClient;

const SKUS = [
  { id: 3001, name: 'Field Lots A 12x24', stockLevel: '10', price: '42.50', soldBy: 'Box' },
  { id: 3002, name: 'Field Lots B 24x24', stockLevel: '0', price: '61.99', soldBy: 'Box' },
];

beforeAll(async () => {
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'admin' }), 'admin');
  rep = await new TestClient(ctx.app).signInAs(await createUser(ctx.db, { role: 'salesperson' }));
  expect((await put(admin, '/api/stock/lots', { items: [{ sku: 3001, lots: [{ lot: 'L1', shade: 'S1', quantity: 5 }, { lot: 'L2', quantity: 40 }] }] })).statusCode).toBe(200);
  const loads = await put(admin, '/api/stock/incoming', {
    items: [{ sku: 3002, incoming: [{ quantity: 50, eta: '2027-02-01', stage: 'ordered', reference: 'PO-SECRET' }, { quantity: 120, eta: '2026-12-14', stage: 'on_vessel' }] }],
  });
  expect(loads.statusCode, loads.body).toBe(200);
});

describe('GET /api/products/availability', () => {
  it("answers every SKU's lots largest first and loads soonest first, without the office's references", async () => {
    const response = await rep.get('/api/products/availability');
    expect(response.statusCode, response.body).toBe(200);
    const body = allAvailabilityResponse.parse(response.json());
    expect(body.lots.filter((l) => l.productId === 3001).map((l) => [l.lot, l.quantity])).toEqual([
      ['L2', 40],
      ['L1', 5],
    ]);
    expect(body.incoming.filter((i) => i.productId === 3002)).toEqual([
      { productId: 3002, quantity: 120, eta: '2026-12-14', stage: 'on_vessel', lot: null },
      { productId: 3002, quantity: 50, eta: '2027-02-01', stage: 'ordered', lot: null },
    ]);
    expect(response.body).not.toContain('PO-SECRET');
  });

  it('answers a 304 to the same ETag, and a new body once a load moves', async () => {
    const first = await rep.get('/api/products/availability');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await rep.request({ method: 'GET', url: '/api/products/availability', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await put(admin, '/api/stock/incoming', { items: [{ sku: 3002, incoming: [{ quantity: 120, eta: '2026-12-21', stage: 'on_vessel' }] }] });
    const moved = await rep.request({ method: 'GET', url: '/api/products/availability', headers: { 'if-none-match': etag } });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
  });

  it('is refused without a session', async () => {
    const response = await new TestClient(ctx.app).get('/api/products/availability');
    expect(response.statusCode).toBe(401);
  });
});
