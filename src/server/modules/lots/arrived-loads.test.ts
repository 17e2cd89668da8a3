import { asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, TestClient, useTestApp } from '../../../../test/api';
import { put, withStock } from '../../../../test/cart-fixtures';
import { multipartBody } from '../../../../test/multipart';
import { incomingLoads, products } from '../../db/schema';

/** A load whose lot arrives in stock is no longer incoming (docs/decisions/0207-one-stock-rule-at-placement.md). */
const ctx = useTestApp();

const SKUS = [
  { id: 1112, name: 'Travertino 18x18 Ivory Honed', stockLevel: '0', price: '20.00', soldBy: 'Box' },
  { id: 1113, name: 'Basalt 12x24 Black Matte', stockLevel: '0', price: '25.00', soldBy: 'Box' },
];

const INCOMING = {
  items: [
    { sku: 1112, incoming: [{ quantity: 120, eta: '2027-01-11', stage: 'in_transit', lot: 'L2530A' }, { quantity: 60, eta: '2027-02-01', stage: 'ordered', lot: 'L2531B' }, { quantity: 30, eta: '2027-03-01', stage: 'ordered' }] },
    { sku: 1113, incoming: [{ quantity: 40, eta: '2027-01-20', stage: 'ordered', lot: 'L2530A' }] },
  ],
};

async function signedIn(role: 'admin' | 'bold_customer') {
  const user = await createUser(ctx.db, { role, email: `${role}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  return new TestClient(ctx.app).signInAs(user, role === 'admin' ? 'admin' : undefined);
}

const preview = (client: TestClient, content: string) =>
  client.request({ method: 'POST', url: '/api/stock/lots/upload/preview', ...multipartBody([{ filename: 'lots.csv', content }]) });
const confirm = (client: TestClient, id: number) => client.post(`/api/stock/lots/uploads/${id}/confirm`, {});
const loadsOf = async (id: number) => (await ctx.db.select().from(incomingLoads).where(eq(incomingLoads.productId, id)).orderBy(asc(incomingLoads.eta))).map((l) => [l.lot, l.quantity]);

async function listed(client: TestClient, id: number) {
  const response = await client.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'identity' } });
  return (response.json() as { id: number; stockLevel: string; quantityOnOrder: string | number }[]).find((p) => p.id === id)!;
}

let admin: TestClient;

beforeEach(async () => {
  await ctx.db.delete(products).where(inArray(products.id, SKUS.map((s) => s.id)));
  await ctx.db.insert(products).values(SKUS.map(withStock));
  admin = await signedIn('admin');
  const loads = await put(admin, '/api/stock/incoming', INCOMING);
  expect(loads.statusCode, loads.body).toBe(200);
});

describe('a lots upload that puts a load’s lot in stock', () => {
  it('confirmed from the browser: the load is no longer incoming in availability or the product list; other loads stay', async () => {
    const dealer = await signedIn('bold_customer');
    expect(Number((await listed(dealer, 1112)).quantityOnOrder)).toBe(210);

    const previewed = await preview(admin, 'sku,lot,shade,caliber,warehouse,quantity\n1112,L2530A,S1,C1,Main,120\n');
    expect(previewed.statusCode, previewed.body).toBe(200);
    const confirmed = await confirm(admin, previewed.json().uploadId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const availability = (await dealer.get('/api/products/1112/availability')).json();
    expect(availability).toMatchObject({ onHand: 120, lots: [{ lot: 'L2530A', quantity: 120 }], nextEta: '2027-02-01' });
    expect(availability.incoming).toEqual([expect.objectContaining({ quantity: 60, lot: 'L2531B' }), expect.objectContaining({ quantity: 30, lot: null })]);
    const row = await listed(dealer, 1112);
    expect(row.stockLevel).toBe('120');
    expect(Number(row.quantityOnOrder)).toBe(90);
    // The same lot code on another SKU is another product's load: it stays.
    expect(await loadsOf(1113)).toEqual([['L2530A', 40]]);
  });

  it('through the API PUT too; a lot listed with 0 boxes has not arrived', async () => {
    const response = await put(admin, '/api/stock/lots', { items: [{ sku: 1112, lots: [{ lot: 'L2530A', quantity: 0 }, { lot: 'L2531B', quantity: 60 }] }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await loadsOf(1112)).toEqual([
      ['L2530A', 120],
      [null, 30],
    ]);
    const stored = (await ctx.db.select().from(products).where(eq(products.id, 1112)))[0]!;
    expect(stored.quantityOnOrder).toBe(150);
  });
});
